// Added by db/ferretdb/_patch (copied into FerretDB v1.24.0's source at build time); not part of upstream.

package metadata

import (
	"context"
	"fmt"
	"strings"

	"github.com/FerretDB/FerretDB/internal/util/fsql"
)

// indexColumns is the column list of an index's CREATE INDEX. A non-unique index is on each
// field's SQL value (->>), which orders numbers and dates numerically and strings as MongoDB
// does, and is how the pushed-down filters are written (internal/backends/sqlite/pushdown.go).
// A unique index keeps upstream's JSON text (->), so what it treats as a duplicate is unchanged
// (->> would make true and 1 the same value, and null the same as a missing field).
func indexColumns(index IndexInfo) string {
	op := "->"
	if !index.Unique {
		op = "->>"
	}

	columns := make([]string, len(index.Key))

	for i, key := range index.Key {
		fields := strings.Split(key.Field, ".")
		for j, f := range fields {
			fields[j] = fmt.Sprintf("%q", f)
		}

		last := len(fields) - 1
		columns[i] = DefaultColumn + "->" + strings.Join(fields[:last], "->")
		columns[i] = strings.TrimSuffix(columns[i], "->") + op + fields[last]

		if key.Descending {
			columns[i] += " DESC"
		}
	}

	return strings.Join(columns, ", ")
}

// upgradeIndexes rebuilds, when a database is opened, each non-unique index that an unpatched
// build made on the fields' JSON text (->): no pushed-down filter could use it, and the
// application's createIndexes skips an index whose name exists. A failure leaves the old index
// in place (queries stay correct, only slower). The caller holds the lock or runs alone.
func (r *Registry) upgradeIndexes(ctx context.Context, db *fsql.DB, colls map[string]*Collection) {
	for _, c := range colls {
		for _, index := range c.Settings.Indexes {
			if index.Unique {
				continue
			}

			name := c.TableName + "_" + index.Name

			var def string

			q := `SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?`
			if err := db.QueryRowContext(ctx, q, name).Scan(&def); err != nil || strings.Contains(def, DefaultColumn+"->>") {
				continue
			}

			err := db.InTransaction(ctx, func(tx *fsql.Tx) error {
				if _, err := tx.ExecContext(ctx, fmt.Sprintf("DROP INDEX %q", name)); err != nil {
					return err
				}

				q := fmt.Sprintf("CREATE INDEX %q ON %q (%s)", name, c.TableName, indexColumns(index))
				_, err := tx.ExecContext(ctx, q)

				return err
			})
			if err != nil {
				r.l.WarnContext(ctx, "cannot rebuild an index for query pushdown", "index", name, "error", err)
			}
		}
	}
}
