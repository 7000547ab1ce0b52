// Added by db/ferretdb/_patch (copied into FerretDB v1.24.0's source at build time); not part of upstream.

package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"slices"

	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/fsql"
	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
)

// storedTypes returns the distinct stored types (metadata.TypeColumn; "null" for null, nothing for
// a missing field) a top-level field holds anywhere in the table, read from the field's type index
// (metadata.TypeIndexName) with one seek per type. ok is false when the field has no type index:
// the caller then checks only the rows it reads, with a slower probe over them. What holds for the
// whole table holds for the rows any filter keeps.
func storedTypes(ctx context.Context, tx *fsql.Tx, table, field string) (res []string, ok bool, err error) {
	var n int

	q := `SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = ?`
	if err = tx.QueryRowContext(ctx, q, metadata.TypeIndexName(table, field)).Scan(&n); err != nil || n == 0 {
		return nil, false, err
	}

	t := metadata.TypeIndexColumn(field)
	q = fmt.Sprintf(`SELECT %[1]s FROM %[2]q WHERE %[1]s > ? ORDER BY %[1]s LIMIT 1`, t, table)

	for prev := ""; len(res) < 32; {
		var next sql.NullString

		switch err = tx.QueryRowContext(ctx, q, prev).Scan(&next); {
		case err == sql.ErrNoRows:
			return res, true, nil
		case err != nil:
			return nil, false, lazyerrors.Error(err)
		}

		res = append(res, next.String)
		prev = next.String
	}

	return nil, false, nil
}

// filterFields are the top-level fields a filter (that exactCond accepted) names.
func filterFields(filter *types.Document, depth int) []string {
	var res []string

	for _, k := range filter.Keys() {
		switch {
		case (k == "$and" || k == "$or") && depth < maxDepth:
			v, _ := filter.Get(k)
			for _, b := range docArray(v) {
				res = append(res, filterFields(b, depth+1)...)
			}
		case pushableField.MatchString(k):
			res = append(res, k)
		}
	}

	return res
}

// noArrays tells whether the table's type indexes show that no document holds an array in any of
// the fields; false when one does or a field has no type index.
func noArrays(ctx context.Context, tx *fsql.Tx, table string, fields []string) (bool, error) {
	for _, f := range fields {
		ts, ok, err := storedTypes(ctx, tx, table, f)
		if err != nil || !ok {
			return false, err
		}

		for _, t := range ts {
			if t == "array" {
				return false, nil
			}
		}
	}

	return true, nil
}

// within tells whether every type is one of allowed.
func within(ts []string, allowed map[string]bool) bool {
	for _, t := range ts {
		if !allowed[t] {
			return false
		}
	}

	return true
}

// readNullKinds reads the nullKinds of the fields from their type indexes (metadata.TypeIndexName),
// a few seeks each; a field without one is left out.
func readNullKinds(ctx context.Context, tx *fsql.Tx, table string, fields []string) (nullKinds, error) {
	res := nullKinds{}

	for _, f := range fields {
		if _, done := res[f]; done {
			continue
		}

		ts, known, err := storedTypes(ctx, tx, table, f)
		if err != nil || !known {
			if err != nil {
				return nil, err
			}

			continue
		}

		q := fmt.Sprintf(`SELECT 1 FROM %q WHERE %s IS NULL LIMIT 1`, table, metadata.TypeIndexColumn(f))

		missing, err := exists(ctx, tx, q, nil)
		if err != nil {
			return nil, err
		}

		res[f] = [2]bool{slices.Contains(ts, "null"), missing}
	}

	return res, nil
}
