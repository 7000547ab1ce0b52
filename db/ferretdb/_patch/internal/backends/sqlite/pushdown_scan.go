// Added by db/ferretdb/_patch (copied into FerretDB v1.24.0's source at build time); not part of upstream.

package sqlite

import (
	"fmt"
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// queryWhere is the WHERE clause a query sends (filterWhere), with a regular expression's
// prefilter read from an index when one holds the fields (scanWhere).
func queryWhere(meta *metadata.Collection, filter *types.Document) (string, []any) {
	where, args := filterWhere(filter)
	return scanWhere(meta, filter, where, args)
}

// scanWhere narrows a condition holding a regular expression's prefilter (a substring, which no
// index can search) by a scan of an index instead of the table: a conjunct of the filter whose
// fields one non-unique index holds is tested on the index's values, and only the rows it keeps
// are read and tested against the whole condition. Scanning the table parses every row's
// document (a search of 100,000 leads took seconds); the index holds each field's value as
// the condition reads it. SQLite does not pick that scan itself (an index on expressions does not
// count as covering), hence INDEXED BY. Both conditions are supersets, so the result is too.
func scanWhere(meta *metadata.Collection, filter *types.Document, where string, args []any) (string, []any) {
	if where == "" || filter == nil {
		return where, args
	}

	for _, c := range topConjuncts(filter, 0) {
		if !hasRegex(c, 0) {
			continue
		}

		index := coveringIndex(meta, filterFields(c, 0))
		if index == "" {
			continue
		}

		cond, condArgs := docCond(c, 0)
		if cond == "" {
			continue
		}

		q := fmt.Sprintf(
			` WHERE rowid IN (SELECT rowid FROM %q INDEXED BY %q WHERE %s) AND %s`,
			meta.TableName, meta.TableName+"_"+index, cond, strings.TrimPrefix(where, " WHERE "),
		)

		return q, append(condArgs, args...)
	}

	return where, args
}

// topConjuncts are the filter's top-level keys, and those of a top-level $and, one document each.
func topConjuncts(filter *types.Document, depth int) []*types.Document {
	var res []*types.Document

	for _, k := range filter.Keys() {
		v := must.NotFail(filter.Get(k))

		if k == "$and" && depth < maxDepth {
			for _, b := range docArray(v) {
				res = append(res, topConjuncts(b, depth+1)...)
			}

			continue
		}

		res = append(res, must.NotFail(types.NewDocument(k, v)))
	}

	return res
}

// hasRegex tells whether a filter holds a regular expression on a field.
func hasRegex(filter *types.Document, depth int) bool {
	for _, k := range filter.Keys() {
		v := must.NotFail(filter.Get(k))

		switch v := v.(type) {
		case types.Regex:
			return true
		case *types.Array:
			if (k == "$and" || k == "$or") && depth < maxDepth {
				for _, b := range docArray(v) {
					if hasRegex(b, depth+1) {
						return true
					}
				}
			}
		case *types.Document:
			if v.Has("$regex") {
				return true
			}

			in, _ := v.Get("$in")
			if arr, ok := in.(*types.Array); ok {
				for i := 0; i < arr.Len(); i++ {
					if _, ok := must.NotFail(arr.Get(i)).(types.Regex); ok {
						return true
					}
				}
			}
		}
	}

	return false
}

// coveringIndex is the name of the non-unique index with the fewest keys that holds every one of
// the fields, or "".
func coveringIndex(meta *metadata.Collection, fields []string) string {
	if len(fields) == 0 {
		return ""
	}

	var best string

	bestKeys := 0

	for _, index := range meta.Settings.Indexes {
		if index.Unique || (best != "" && len(index.Key) >= bestKeys) {
			continue
		}

		held := map[string]bool{}
		for _, k := range index.Key {
			held[k.Field] = true
		}

		all := true
		for _, f := range fields {
			all = all && held[f]
		}

		if all {
			best, bestKeys = index.Name, len(index.Key)
		}
	}

	return best
}
