// Added by db/ferretdb/_patch (copied into FerretDB v1.24.0's source at build time); not part of upstream.

package sqlite

import (
	"fmt"
	"strings"
	"time"

	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// maxArms bounds the SELECTs a sorted page or a count is split into.
const maxArms = 16

// arm is one part of a page's or a count's condition.
type arm struct {
	cond string
	args []any
}

// arms is an exact filter split into alternatives, each an index search with equalities on a
// prefix of the index (then the sort's order, or a range): one per value of a top-level `$in`,
// per branch of an `$or`, and, for a field equal to null, one for a stored null (its stored type
// is "null") and one for a missing field (no stored type). `IS NULL` alone leaves the stored type
// open, so no later column of an index can be searched or give its order: the Unclaimed tab's
// page sorted every unclaimed lead, and the Overdue count read every uncontacted one.
// Together the arms match what the whole exact condition matches; disjoint tells that no row
// matches two of them (every split was of distinct values or of the two kinds of null), so
// they need not leave out each other's rows.
type arms struct {
	list     []arm
	disjoint bool
}

// split is one conjunct of a filter as its alternatives, each a filter document; narrowed tells
// that a null's alternatives name its stored type (fieldSplit).
type split struct {
	alts     []*types.Document
	disjoint bool
	narrowed bool
}

// nullKinds are, per top-level field, whether the table holds a stored null in it and whether a
// document lacks it; a field not in it may hold both.
type nullKinds map[string][2]bool

// filterArms splits an exact filter (its top level and the documents of a top-level `$and`),
// or returns nothing when it has no alternative or more than maxArms of them. The splits of
// null are left out when they alone would make too many. A kind of null the table does not hold
// (nulls) gets no arm: its arm would match nothing, yet read a whole range of an index (and each
// row of it, when the index chosen lacks a field the arm checks); so a null that leaves one
// kind is one arm, which still names its stored type.
func filterArms(filter *types.Document, nulls nullKinds) arms {
	for _, withNull := range []bool{true, false} {
		splits, ok := conjuncts(filter, withNull, nulls, 0)
		if !ok {
			return arms{}
		}

		n, disjoint, narrowed := 1, true, false
		if len(splits) == 0 {
			n = 0
		}

		for _, s := range splits {
			n *= len(s.alts)
			disjoint = disjoint && (len(s.alts) == 1 || s.disjoint)
			narrowed = narrowed || s.narrowed
		}

		if n < 2 && !(n == 1 && narrowed) {
			return arms{}
		}

		if n > maxArms {
			continue
		}

		alts := []*types.Array{must.NotFail(types.NewArray())}
		for _, s := range splits {
			var next []*types.Array

			for _, prefix := range alts {
				for _, a := range s.alts {
					p := prefix.DeepCopy()
					p.Append(a)
					next = append(next, p)
				}
			}

			alts = next
		}

		res := arms{disjoint: disjoint, list: make([]arm, len(alts))}

		for i, a := range alts {
			if res.list[i].cond, res.list[i].args = exactCond(must.NotFail(types.NewDocument("$and", a)), 0); res.list[i].cond == "" {
				return arms{}
			}
		}

		return res
	}

	return arms{}
}

// conjuncts are the filter's top-level conditions, those of a top-level `$and` included, each
// with its alternatives; ok is false for a malformed `$and` or `$or`.
func conjuncts(filter *types.Document, withNull bool, nulls nullKinds, depth int) (res []split, ok bool) {
	for _, k := range filter.Keys() {
		v := must.NotFail(filter.Get(k))

		switch {
		case k == "$comment":
		case k == "$and" || k == "$or":
			branches := docArray(v)
			if len(branches) == 0 || depth >= maxDepth {
				return nil, false
			}

			if k == "$or" {
				res = append(res, split{alts: branches})
				continue
			}

			for _, b := range branches {
				sub, ok := conjuncts(b, withNull, nulls, depth+1)
				if !ok {
					return nil, false
				}

				res = append(res, sub...)
			}
		default:
			res = append(res, fieldSplit(k, v, withNull, nulls))
		}
	}

	return res, true
}

// fieldSplit is `field: v` as alternatives: one per value of an `$in` alone, up to two for null
// (a stored null, a missing field: those the table holds, or the first when it holds neither).
func fieldSplit(field string, v any, withNull bool, nulls nullKinds) split {
	whole := split{alts: []*types.Document{must.NotFail(types.NewDocument(field, v))}}

	values := []any{v}

	if ops, ok := v.(*types.Document); ok {
		if ops.Len() != 1 {
			return whole
		}

		switch arg := must.NotFail(ops.Get(ops.Keys()[0])).(type) {
		case *types.Array:
			if ops.Keys()[0] != "$in" {
				return whole
			}

			values = must.NotFail(iterValues(arg))
		default:
			if ops.Keys()[0] != "$eq" {
				return whole
			}

			values = []any{arg}
		}
	}

	if _, isNull := values[0].(types.NullType); len(values) == 1 && !isNull {
		return whole
	}

	res := split{disjoint: true}
	seen := map[string]bool{}

	for _, val := range values {
		key, distinct := valueKey(val)
		res.disjoint = res.disjoint && distinct && !seen[key]
		seen[key] = true

		if _, isNull := val.(types.NullType); isNull && withNull {
			kinds, known := nulls[field]
			if !known {
				kinds = [2]bool{true, true}
			}

			if kinds[0] || !kinds[1] {
				res.alts = append(res.alts, must.NotFail(types.NewDocument(field, must.NotFail(types.NewDocument("$type", "null")))))
			}

			if kinds[1] {
				res.alts = append(res.alts, must.NotFail(types.NewDocument(field, must.NotFail(types.NewDocument("$exists", false)))))
			}

			res.narrowed = true

			continue
		}

		res.alts = append(res.alts, must.NotFail(types.NewDocument(field, must.NotFail(types.NewDocument("$eq", val)))))
	}

	return res
}

// valueKey names a value whose exact condition matches no row another value's does (strings,
// dates, null); distinct is false for other values.
func valueKey(v any) (key string, distinct bool) {
	switch v := v.(type) {
	case string:
		return "s" + v, true
	case time.Time:
		return fmt.Sprint("d", v.UnixMilli()), true
	case types.NullType:
		return "null", true
	}

	return "", false
}

// iterValues are the elements of an array.
func iterValues(arr *types.Array) ([]any, error) {
	res := make([]any, arr.Len())

	for i := range res {
		v, err := arr.Get(i)
		if err != nil {
			return nil, err
		}

		res[i] = v
	}

	return res, nil
}

// union is the SQL of one SELECT per arm, sel followed by each arm's condition, joined by UNION
// ALL; unless the arms are disjoint, each leaves out the rows of the arms before it.
func (a arms) union(sel string) (string, []any) {
	return a.unionAnd(sel, "", nil)
}

// unionAnd is union with `AND extra` (taking extraArgs) added to each arm's condition, so that
// each arm searches its index on extra as well.
func (a arms) unionAnd(sel, extra string, extraArgs []any) (string, []any) {
	parts := make([]string, len(a.list))

	var args []any

	for i, cur := range a.list {
		cond := "(" + cur.cond + ")"
		args = append(args, cur.args...)

		if !a.disjoint {
			for _, before := range a.list[:i] {
				cond += " AND NOT ifnull((" + before.cond + "), 0)"
				args = append(args, before.args...)
			}
		}

		if extra != "" {
			cond += " AND " + extra
			args = append(args, extraArgs...)
		}

		parts[i] = sel + cond
	}

	return strings.Join(parts, " UNION ALL "), args
}
