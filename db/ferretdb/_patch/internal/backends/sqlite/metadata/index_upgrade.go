// Added by db/ferretdb/_patch (copied into FerretDB v1.24.0's source at build time); not part of upstream.

package metadata

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/FerretDB/FerretDB/internal/util/fsql"
)

// indexColumns is the column list of an index's CREATE INDEX. A non-unique index is on each
// field's SQL value (->>), which orders numbers and dates numerically and strings as MongoDB
// does, and is how the pushed-down filters are written (internal/backends/sqlite/pushdown.go);
// each top-level field is followed by its type in the document's stored schema (TypeColumn), so
// an exact condition (pushdown_exact.go) is answered from the index alone. A unique index keeps
// upstream's JSON text (->), so what it treats as a duplicate is unchanged (->> would make true
// and 1 the same value, and null the same as a missing field).
func indexColumns(index IndexInfo) string {
	op := "->"
	if !index.Unique {
		op = "->>"
	}

	columns := make([]string, 0, 2*len(index.Key))

	for _, key := range index.Key {
		fields := strings.Split(key.Field, ".")
		for j, f := range fields {
			fields[j] = fmt.Sprintf("%q", f)
		}

		last := len(fields) - 1
		col := DefaultColumn + "->" + strings.Join(fields[:last], "->")
		col = strings.TrimSuffix(col, "->") + op + fields[last]

		if key.Descending {
			col += " DESC"
		}

		columns = append(columns, col)

		if !index.Unique && typedField.MatchString(key.Field) {
			columns = append(columns, TypeColumn(key.Field))
		}
	}

	return strings.Join(columns, ", ")
}

// typedField matches the top-level field names an index also keeps the type of.
var typedField = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// TypeColumn is a top-level field's type as the document's stored schema (`$s`) names it
// ("string", "date", "int", "null", ...; NULL when the field is missing), written once for the
// indexes and the conditions that must match them. It is written with `->>`, not json_extract:
// SQLite reads an indexed expression's value from the index only for functions that cannot set a
// subtype, and json_extract can, so a condition on it read and parsed each row's document (about
// 60 µs a row) wherever it was not part of the index search itself.
func TypeColumn(field string) string {
	return DefaultColumn + `->>'$."$s".p.` + field + `.t'`
}

// upgradeIndexes creates the type indexes of each non-unique index (TypeIndexName) and rebuilds,
// when a database is opened, each non-unique index built on other
// columns than indexColumns gives (an unpatched build's JSON text, ->, or an earlier patch's):
// no pushed-down filter could use it, and the application's createIndexes skips an index whose
// name exists. A failure leaves the old index
// in place (queries stay correct, only slower). The caller holds the lock or runs alone.
func (r *Registry) upgradeIndexes(ctx context.Context, db *fsql.DB, colls map[string]*Collection) {
	for _, c := range colls {
		for _, index := range c.Settings.Indexes {
			if index.Unique {
				continue
			}

			r.createTypeIndexes(ctx, db, c.TableName, index)

			name := c.TableName + "_" + index.Name
			create := fmt.Sprintf("CREATE INDEX %q ON %q (%s)", name, c.TableName, indexColumns(index))

			var def string

			q := `SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?`
			if err := db.QueryRowContext(ctx, q, name).Scan(&def); err != nil || def == create {
				continue
			}

			err := db.InTransaction(ctx, func(tx *fsql.Tx) error {
				if _, err := tx.ExecContext(ctx, fmt.Sprintf("DROP INDEX %q", name)); err != nil {
					return err
				}

				_, err := tx.ExecContext(ctx, create)

				return err
			})
			if err != nil {
				r.l.WarnContext(ctx, "cannot rebuild an index for query pushdown", "index", name, "error", err)
			}
		}
	}
}
