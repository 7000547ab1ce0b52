// Added by db/ferretdb/_patch (copied into FerretDB v1.24.0's source at build time); not part of upstream.

package sqlite

import (
	"strings"
	"time"

	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// exactCond is a condition true for exactly the stored documents the filter matches without an
// array in a filtered field, or "" when some part has no such form. It is used to count in SQL
// (pushdown_count.go); the rows it leaves out still go through the handler. Each value condition
// also checks the field's type in the document's stored schema (`$s`), since strings, ObjectIds,
// binary data and regular expressions are all TEXT to SQL, and dates and numbers all numbers.
func exactCond(filter *types.Document, depth int) (string, []any) {
	if depth > maxDepth || filter.Len() == 0 {
		return "", nil
	}

	var parts []string
	var args []any

	for _, k := range filter.Keys() {
		v := must.NotFail(filter.Get(k))

		var sql string
		var a []any

		switch {
		case k == "$comment":
			continue
		case k == "$and" || k == "$or":
			branches := docArray(v)
			if len(branches) == 0 {
				return "", nil
			}

			sub := make([]string, len(branches))

			for i, b := range branches {
				s, ba := exactCond(b, depth+1)
				if s == "" {
					return "", nil
				}

				sub[i] = "(" + s + ")"
				a = append(a, ba...)
			}

			sep := map[string]string{"$and": " AND ", "$or": " OR "}[k]
			sql = "(" + strings.Join(sub, sep) + ")"
		case k == "_id" || !pushableField.MatchString(k):
			return "", nil
		default:
			sql, a = exactField(k, v)
		}

		if sql == "" {
			return "", nil
		}

		parts = append(parts, sql)
		args = append(args, a...)
	}

	return strings.Join(parts, " AND "), args
}

// exactField is the exact condition of `field: v`, or "".
func exactField(field string, v any) (string, []any) {
	doc, ok := v.(*types.Document)
	if !ok {
		return exactValue(field, "=", v)
	}

	if doc.Len() == 0 {
		return "", nil
	}

	var parts []string
	var args []any

	for _, op := range doc.Keys() {
		arg := must.NotFail(doc.Get(op))

		var sql string
		var a []any

		switch op {
		case "$eq":
			sql, a = exactValue(field, "=", arg)
		case "$in":
			arr, ok := arg.(*types.Array)
			if !ok || arr.Len() == 0 || arr.Len() > 1000 {
				return "", nil
			}

			sub := make([]string, arr.Len())

			for i := 0; i < arr.Len(); i++ {
				s, ea := exactValue(field, "=", must.NotFail(arr.Get(i)))
				if s == "" {
					return "", nil
				}

				sub[i] = s
				a = append(a, ea...)
			}

			sql = "(" + strings.Join(sub, " OR ") + ")"
		case "$exists":
			// A missing field has no stored type; a stored null has the type "null".
			if b, ok := arg.(bool); ok && !b {
				sql = "(" + string(fieldColumn(field)) + " IS NULL AND " + metadata.TypeColumn(field) + " IS NULL)"
			}
		case "$type":
			// Only the stored null, which filter arms ask for (pushdown_arms.go).
			if t, ok := arg.(string); ok && t == "null" {
				sql = "(" + string(fieldColumn(field)) + " IS NULL AND " + metadata.TypeColumn(field) + " = 'null')"
			}
		case "$gt", "$gte", "$lt", "$lte":
			if _, isDate := arg.(time.Time); isDate {
				sql, a = exactValue(field, map[string]string{"$gt": ">", "$gte": ">=", "$lt": "<", "$lte": "<="}[op], arg)
			}
		}

		if sql == "" {
			return "", nil
		}

		parts = append(parts, sql)
		args = append(args, a...)
	}

	return "(" + strings.Join(parts, " AND ") + ")", args
}

// exactValue compares the field with a string or a date (checking the stored type), or matches
// null and a missing field; anything else has no exact form here.
func exactValue(field, op string, v any) (string, []any) {
	c := string(fieldColumn(field))
	typeIs := func(t string) string {
		return metadata.TypeColumn(field) + " = '" + t + "'"
	}

	switch v := v.(type) {
	case string:
		if op != "=" || !plainText(v) {
			return "", nil
		}

		return "(" + c + " = ? AND " + typeIs("string") + ")", []any{v}
	case time.Time:
		return "(" + c + " " + op + " ? AND " + typeIs("date") + ")", []any{v.UnixMilli()}
	case types.NullType:
		if op != "=" {
			return "", nil
		}

		return c + " IS NULL", nil
	}

	return "", nil
}
