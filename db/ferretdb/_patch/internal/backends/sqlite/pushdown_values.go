// Added by db/ferretdb/_patch (copied into FerretDB v1.24.0's source at build time); not part of upstream.

package sqlite

import (
	"encoding/hex"
	"math"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// The conditions on one value. Each returns "" when it cannot promise a superset; each keeps
// every row whose field could match, whatever its stored type (see pushdown.go).

// maxExactInt bounds the integers compared exactly: below 2^53 every int, long and double with
// the same value is stored as the same JSON digits, which SQLite reads as the same INTEGER.
const maxExactInt = 1 << 53

// relSlack widens a bound that is not such an integer: SQLite's and Go's decimal conversions of
// a double may differ in the last bits, so the bound is moved outwards by far more than that.
const relSlack = 1e-9

// eqCond is the condition for equality with v (not a regular expression match).
func eqCond(col column, v any) (string, []any) {
	c := string(col)

	switch v := v.(type) {
	case string:
		if !plainText(v) {
			return "", nil
		}

		return c + " = ?", []any{v}
	case types.ObjectID:
		return c + " = ?", []any{hex.EncodeToString(v[:])}
	case bool:
		if v {
			return c + " = 1", nil
		}

		return c + " = 0", nil
	case types.NullType:
		// null matches a missing field too; both are NULL here.
		return c + " IS NULL", nil
	case time.Time:
		// Dates are stored as milliseconds since the epoch (their type lives in `$s`).
		return c + " = ?", []any{v.UnixMilli()}
	case int32, int64, float64:
		return numberCond(col, "=", v)
	}

	return "", nil
}

// numberCond compares with a number: exactly for integers below 2^53 (int 1, long 1 and double
// 1.0 are all the INTEGER 1), with an outward slack otherwise.
func numberCond(col column, op string, v any) (string, []any) {
	c := string(col)

	var f float64

	switch v := v.(type) {
	case int32:
		return c + " " + op + " ?", []any{int64(v)}
	case int64:
		if v > -maxExactInt && v < maxExactInt {
			return c + " " + op + " ?", []any{v}
		}

		f = float64(v)
	case float64:
		if v == math.Trunc(v) && v > -maxExactInt && v < maxExactInt {
			return c + " " + op + " ?", []any{int64(v)}
		}

		f = v
	default:
		return "", nil
	}

	if math.IsNaN(f) || math.IsInf(f, 0) || math.Abs(f) < 1e-300 {
		return "", nil
	}

	slack := math.Abs(f) * relSlack

	switch op {
	case "=":
		return c + " BETWEEN ? AND ?", []any{f - slack, f + slack}
	case ">", ">=":
		return c + " >= ?", []any{f - slack}
	case "<", "<=":
		return c + " <= ?", []any{f + slack}
	}

	return "", nil
}

// rangeCond is the condition for $gt/$gte/$lt/$lte. MongoDB compares only within a type
// bracket; SQLite orders NULL < numbers < TEXT, so each bound also gets the bracket's other end
// where the SQL order would otherwise let other types in for nothing.
func rangeCond(col column, op string, v any) (string, []any) {
	c := string(col)
	sqlOp := map[string]string{"$gt": ">", "$gte": ">=", "$lt": "<", "$lte": "<="}[op]
	lower := op == "$gt" || op == "$gte"

	switch v := v.(type) {
	case int32, int64, float64:
		sql, args := numberCond(col, sqlOp, v)
		if sql != "" && lower {
			sql += " AND " + c + " < ''"
		}

		return sql, args
	case time.Time:
		sql := c + " " + sqlOp + " ?"
		if lower {
			sql += " AND " + c + " < ''"
		}

		return sql, []any{v.UnixMilli()}
	case string:
		if !plainText(v) {
			return "", nil
		}

		// TEXT compares as bytes, as MongoDB compares strings.
		if lower {
			return c + " " + sqlOp + " ?", []any{v}
		}

		return c + " " + sqlOp + " ? AND " + c + " >= ''", []any{v}
	case bool:
		return c + " BETWEEN 0 AND 1", nil
	case types.NullType:
		if op == "$gte" || op == "$lte" {
			return c + " IS NULL", nil
		}
	}

	return "", nil
}

// inCond is the condition for $in: any element's condition, when each has one.
func inCond(col column, v any) (string, []any) {
	arr, ok := v.(*types.Array)
	if !ok || arr.Len() == 0 || arr.Len() > 1000 {
		return "", nil
	}

	parts := make([]string, 0, arr.Len())
	var args []any

	for i := 0; i < arr.Len(); i++ {
		e := must.NotFail(arr.Get(i))

		var sql string
		var a []any

		if re, ok := e.(types.Regex); ok {
			sql, a = regexCond(col, re, "")
		} else {
			sql, a = eqCond(col, e)
		}

		if sql == "" {
			return "", nil
		}

		parts = append(parts, sql)
		args = append(args, a...)
	}

	return "(" + strings.Join(parts, " OR ") + ")", args
}

// regexCond is a prefilter for a regular expression that is a plain substring or prefix,
// optionally case-insensitive: instr on the field's text. Anything else is not pushed.
func regexCond(col column, v any, options string) (string, []any) {
	var pattern, opts string

	switch v := v.(type) {
	case string:
		pattern, opts = v, options
	case types.Regex:
		pattern, opts = v.Pattern, v.Options
		if options != "" {
			if opts != "" {
				return "", nil
			}

			opts = options
		}
	default:
		return "", nil
	}

	lit, anchored, ok := regexLiteral(pattern)
	if !ok || lit == "" || (opts != "" && opts != "i") {
		return "", nil
	}

	expr := string(col)

	if opts == "i" {
		// SQLite's LIKE folds ASCII letters only, so only ASCII literals are pushed; Go's case
		// folding also matches the Kelvin sign to k and the long s to s, so those are mapped first
		// when the literal holds one of those letters. LIKE costs a fraction of lower() and instr.
		for i := 0; i < len(lit); i++ {
			if lit[i] >= utf8.RuneSelf {
				return "", nil
			}
		}

		if strings.ContainsAny(lit, "KkSs") {
			expr = "replace(replace(" + expr + ", char(8490), 'k'), char(383), 's')"
		}

		pattern := likeEscaper.Replace(lit) + "%"
		if !anchored {
			pattern = "%" + pattern
		}

		return expr + ` LIKE ? ESCAPE '\'`, []any{pattern}
	}

	if anchored {
		return "instr(" + expr + ", ?) = 1", []any{lit}
	}

	return "instr(" + expr + ", ?) > 0", []any{lit}
}

// likeEscaper escapes LIKE's wildcards and its escape character.
var likeEscaper = strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`)

// regexLiteral returns the text a pattern matches literally, and whether it is anchored at the
// start (^); ok is false when the pattern holds anything but literal characters.
func regexLiteral(pattern string) (lit string, anchored bool, ok bool) {
	p := pattern
	if strings.HasPrefix(p, "^") {
		anchored, p = true, p[1:]
	}

	var b strings.Builder

	for i := 0; i < len(p); i++ {
		ch := p[i]

		switch {
		case ch == '\\':
			// An escaped ASCII punctuation character is itself (Go rejects other escapes or
			// gives them a meaning: \d, \b, \n, ...).
			if i+1 >= len(p) || !isPunct(p[i+1]) {
				return "", false, false
			}

			i++
			b.WriteByte(p[i])
		case strings.IndexByte(".^$*+?()[]{}|", ch) >= 0:
			return "", false, false
		default:
			b.WriteByte(ch)
		}
	}

	if !plainText(b.String()) {
		return "", false, false
	}

	return b.String(), anchored, true
}

// isPunct is Go regexp's set of characters that a backslash makes literal.
func isPunct(c byte) bool {
	return '!' <= c && c <= '/' || ':' <= c && c <= '@' || '[' <= c && c <= '`' || '{' <= c && c <= '~'
}

// plainText is a string SQLite's TEXT holds exactly as MongoDB compares it.
func plainText(s string) bool {
	return utf8.ValidString(s) && !strings.ContainsRune(s, 0)
}
