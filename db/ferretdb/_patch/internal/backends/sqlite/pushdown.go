// Added by db/ferretdb/_patch (copied into FerretDB v1.24.0's source at build time); not part of upstream.

package sqlite

import (
	"regexp"
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// DisablePushdown makes filterWhere send no condition at all, not even the _id one, so every
// document is read and filtered in Go: the oracle the differential test compares against.
var DisablePushdown bool

// maxDepth bounds how deep $and/$or nesting is translated; deeper parts are simply not pushed.
const maxDepth = 8

// pushableField matches the top-level field names translated to SQL: written unquoted inside
// the JSON path, so nothing in them needs escaping. Dotted paths are never pushed.
var pushableField = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// filterWhere turns the parts of a MongoDB filter it understands into a SQL WHERE clause that
// keeps a SUPERSET of the matching documents: every caller (find, count, aggregate's first
// $match, update, delete, findAndModify, distinct) still applies the whole filter to each row,
// so a part it does not understand is dropped (it only widens the set) and no answer changes.
// The conditions are written on `_ferretdb_sjson->>"field"`, as the non-unique indexes are
// (see fieldColumn and docs/decisions/007-engine-pushdown.md).
func filterWhere(filter *types.Document) (string, []any) {
	if DisablePushdown || filter == nil || !safeFilter(filter, 0) {
		return "", nil
	}

	sql, args := docCond(filter, 0)
	if sql == "" {
		return "", nil
	}

	return " WHERE " + sql, args
}

// orderByClause keeps the order rows came in before the pushdown (the table's, by rowid) when a
// condition went to SQL and no order was asked for: an index search returns them in index order,
// and findOne, updateOne or deleteOne without a sort would then pick another document than before.
func orderByClause(whereClause string, sort *types.Document) string {
	if o := prepareOrderByClause(sort); o != "" || whereClause == "" {
		return o
	}

	return " ORDER BY rowid"
}

// docCond is the conjunction of what can be pushed of a filter document's keys; "" means none.
func docCond(filter *types.Document, depth int) (string, []any) {
	if depth > maxDepth {
		return "", nil
	}

	var parts []string
	var args []any

	add := func(sql string, a []any) {
		if sql != "" {
			parts = append(parts, sql)
			args = append(args, a...)
		}
	}

	for _, k := range filter.Keys() {
		v := must.NotFail(filter.Get(k))

		switch {
		case k == "$and":
			for _, branch := range docArray(v) {
				add(docCond(branch, depth+1))
			}
		case k == "$or":
			add(orCond(docArray(v), depth))
		case k == "_id":
			// The unique _id index is on the JSON text (->), as upstream made it; see idWhere.
			if sql, a := idCond(filter); sql != "" {
				add(sql, a)
			} else {
				add(fieldCond(k, v))
			}
		case pushableField.MatchString(k):
			add(fieldCond(k, v))
		}
	}

	return strings.Join(parts, " AND "), args
}

// orCond pushes an $or only when every branch narrows something: one branch that cannot be
// translated may match any document, so the whole $or must then match everything.
func orCond(branches []*types.Document, depth int) (string, []any) {
	if len(branches) == 0 {
		return "", nil
	}

	parts := make([]string, 0, len(branches))
	var args []any

	for _, b := range branches {
		sql, a := docCond(b, depth+1)
		if sql == "" {
			return "", nil
		}

		parts = append(parts, "("+sql+")")
		args = append(args, a...)
	}

	return "(" + strings.Join(parts, " OR ") + ")", args
}

// docArray returns the documents of a $and/$or array, or nil when it is anything else (the
// handler then reports the error itself, on every row it reads).
func docArray(v any) []*types.Document {
	arr, ok := v.(*types.Array)
	if !ok {
		return nil
	}

	res := make([]*types.Document, 0, arr.Len())

	for i := 0; i < arr.Len(); i++ {
		d, ok := must.NotFail(arr.Get(i)).(*types.Document)
		if !ok {
			return nil
		}

		res = append(res, d)
	}

	return res
}

// fieldColumn is a top-level field's SQL value, written exactly as a non-unique index on the
// field is (metadata/registry.go, patched), so SQLite can use that index: `->>` gives strings
// as TEXT, numbers and dates as INTEGER or REAL, booleans as 0/1, null and a missing field as NULL,
// and arrays and documents as their JSON text.
func fieldColumn(field string) column {
	return column(metadata.DefaultColumn + `->>"` + field + `"`)
}

// column is a field's SQL value expression (fieldColumn).
type column string

// fieldCond is the condition for `field: v`: an equality, or an operator document.
func fieldCond(field string, v any) (string, []any) {
	col := fieldColumn(field)

	if re, ok := v.(types.Regex); ok {
		return col.orArray(regexCond(col, re, ""))
	}

	doc, ok := v.(*types.Document)
	if !ok {
		return col.orArray(eqCond(col, v))
	}

	keys := doc.Keys()
	if len(keys) == 0 || !strings.HasPrefix(keys[0], "$") {
		return "", nil // equality with an embedded document: not pushed
	}

	var parts []string
	var args []any

	for _, op := range keys {
		if !strings.HasPrefix(op, "$") {
			return "", nil // a mixed document is an error the handler reports
		}

		arg := must.NotFail(doc.Get(op))

		var sql string
		var a []any

		switch op {
		case "$eq":
			sql, a = col.orArray(eqCond(col, arg))
		case "$in":
			sql, a = col.orArray(inCond(col, arg))
		case "$gt", "$gte", "$lt", "$lte":
			sql, a = col.orArray(rangeCond(col, op, arg))
		case "$exists":
			// null and a missing field are both NULL here, so only $exists: false narrows.
			if b, ok := arg.(bool); ok && !b {
				sql = string(col) + " IS NULL"
			}
		case "$regex":
			options, _ := doc.Get("$options")
			o, _ := options.(string)
			sql, a = col.orArray(regexCond(col, arg, o))
		}

		if sql != "" {
			parts = append(parts, sql)
			args = append(args, a...)
		}
	}

	return strings.Join(parts, " AND "), args
}

// orArray widens a condition on a field's value to the rows whose field holds an array
// (its JSON text starts with '['), since MongoDB matches an array when any element matches.
// The range keeps the condition an index range, so the OR can use the index for both terms.
func (col column) orArray(sql string, args []any) (string, []any) {
	if sql == "" {
		return "", nil
	}

	c := string(col)

	return "(" + sql + " OR (" + c + " >= '[' AND " + c + ` < '\'))`, args
}
