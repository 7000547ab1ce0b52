// Added by db/ferretdb/_patch (copied into FerretDB v1.24.0's source at build time); not part of upstream.

package sqlite

import (
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// maxArms bounds the SELECTs a sorted page is split into.
const maxArms = 16

// arm is one part of a page's condition.
type arm struct {
	cond string
	args []any
}

// pageArms splits an exact filter with one `$in` or `$or` at the top level into the exact
// conditions of its alternatives (the rest of the filter and one value or branch each), or returns
// nil. Each alternative is an index search that yields its rows in the sort's order, so SQLite
// merges them (see page.pageSQL) instead of sorting every matching row; together they match what
// the whole exact condition matches.
func pageArms(filter *types.Document) []arm {
	var alts []*types.Document

	for _, k := range filter.Keys() {
		v := must.NotFail(filter.Get(k))

		var branches []*types.Document

		switch {
		case k == "$or":
			for _, b := range docArray(v) {
				branches = append(branches, withRest(filter, k, b))
			}
		case pushableField.MatchString(k):
			ops, ok := v.(*types.Document)
			if !ok {
				continue
			}

			inV, _ := ops.Get("$in")

			in, ok := inV.(*types.Array)
			if !ok || ops.Len() != 1 {
				continue
			}

			for i := 0; i < in.Len(); i++ {
				b := filter.DeepCopy()
				b.Set(k, must.NotFail(types.NewDocument("$eq", must.NotFail(in.Get(i)))))
				branches = append(branches, b)
			}
		default:
			continue
		}

		if alts != nil || len(branches) < 2 || len(branches) > maxArms {
			return nil // more than one disjunction, or nothing to split
		}

		alts = branches
	}

	arms := make([]arm, len(alts))

	for i, alt := range alts {
		if arms[i].cond, arms[i].args = exactCond(alt, 0); arms[i].cond == "" {
			return nil
		}
	}

	return arms
}

// withRest is the filter with its $or key replaced by one branch.
func withRest(filter *types.Document, orKey string, branch *types.Document) *types.Document {
	rest := filter.DeepCopy()
	rest.Remove(orKey)

	if rest.Len() == 0 {
		return branch
	}

	return must.NotFail(types.NewDocument("$and", must.NotFail(types.NewArray(branch, rest))))
}
