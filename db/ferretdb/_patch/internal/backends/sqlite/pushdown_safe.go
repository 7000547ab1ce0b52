// Added by db/ferretdb/_patch (copied into FerretDB v1.24.0's source at build time); not part of upstream.

package sqlite

import (
	"strings"

	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// safeFilter reports whether the handler's filter can reject no document with an error: it
// holds only the shapes below, each well formed. FerretDB reports a malformed filter (a bad
// regular expression, `$in: "x"`, an unknown operator, ...) only when it evaluates it on a
// document, so a pushdown that narrowed the rows to none would turn an error into an empty
// answer. Anything else is not pushed at all.
func safeFilter(filter *types.Document, depth int) bool {
	if depth > maxDepth {
		return false
	}

	for _, k := range filter.Keys() {
		v := must.NotFail(filter.Get(k))

		switch {
		case k == "$and" || k == "$or" || k == "$nor":
			branches := docArray(v)
			if len(branches) == 0 {
				return false
			}

			for _, b := range branches {
				if !safeFilter(b, depth+1) {
					return false
				}
			}
		case k == "$comment":
		case strings.HasPrefix(k, "$") || !safePath(k):
			return false
		default:
			if !safeFieldValue(v) {
				return false
			}
		}
	}

	return true
}

// safePath is a field name or a dotted path of non-empty names, none an operator.
func safePath(k string) bool {
	for _, part := range strings.Split(k, ".") {
		if part == "" || strings.HasPrefix(part, "$") {
			return false
		}
	}

	return true
}

// safeFieldValue is what may follow a field: a value, a regular expression, or operators.
func safeFieldValue(v any) bool {
	switch v := v.(type) {
	case types.Regex:
		return safeRegex(v)
	case *types.Document:
		keys := v.Keys()
		if len(keys) == 0 || !strings.HasPrefix(keys[0], "$") {
			return !hasOperatorKeys(v) // an embedded document, compared whole
		}

		for _, op := range keys {
			if !safeOperator(v, op, must.NotFail(v.Get(op))) {
				return false
			}
		}
	}

	return true
}

// safeOperator is one operator of a field's operator document, with a well-formed argument.
func safeOperator(expr *types.Document, op string, arg any) bool {
	_, isRegex := arg.(types.Regex)

	switch op {
	case "$eq":
		return !hasOperatorKeysAny(arg)
	case "$ne", "$gt", "$gte", "$lt", "$lte":
		return !isRegex && !hasOperatorKeysAny(arg)
	case "$in", "$nin":
		arr, ok := arg.(*types.Array)
		if !ok {
			return false
		}

		for i := 0; i < arr.Len(); i++ {
			switch e := must.NotFail(arr.Get(i)).(type) {
			case types.Regex:
				if !safeRegex(e) {
					return false
				}
			default:
				if hasOperatorKeysAny(e) {
					return false
				}
			}
		}

		return true
	case "$exists":
		_, ok := arg.(bool)
		return ok
	case "$regex":
		options, err := expr.Get("$options")
		o, ok := options.(string)

		if err == nil && !ok {
			return false
		}

		switch re := arg.(type) {
		case string:
			return safeRegex(types.Regex{Pattern: re, Options: o})
		case types.Regex:
			if o != "" && re.Options != "" {
				return false
			}

			if o != "" {
				re.Options = o
			}

			return safeRegex(re)
		}

		return false
	case "$options":
		return expr.Has("$regex")
	case "$not":
		if isRegex {
			return safeRegex(arg.(types.Regex)) && !expr.Has("$options")
		}

		d, ok := arg.(*types.Document)
		if !ok || d.Len() == 0 || !strings.HasPrefix(d.Keys()[0], "$") {
			return false
		}

		return safeFieldValue(d)
	}

	return false
}

// safeRegex is a regular expression the handler compiles without an error.
func safeRegex(re types.Regex) bool {
	for _, o := range re.Options {
		if !strings.ContainsRune("ims", o) {
			return false
		}
	}

	_, err := re.Compile()

	return err == nil
}

// hasOperatorKeysAny is true for a document holding a $-key at its top level.
func hasOperatorKeysAny(v any) bool {
	d, ok := v.(*types.Document)
	return ok && hasOperatorKeys(d)
}

func hasOperatorKeys(d *types.Document) bool {
	for _, k := range d.Keys() {
		if strings.HasPrefix(k, "$") {
			return true
		}
	}

	return false
}
