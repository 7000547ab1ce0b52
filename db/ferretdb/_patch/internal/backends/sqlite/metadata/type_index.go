// Added by db/ferretdb/_patch (copied into FerretDB v1.24.0's source at build time); not part of upstream.

package metadata

import (
	"context"
	"fmt"

	"github.com/FerretDB/FerretDB/internal/util/fsql"
)

// TypeIndexName is the name of the index on a top-level field's stored type (TypeColumn) that
// every non-unique index on the field brings along (on TypeIndexColumn): it tells in a few index seeks which types the
// field holds in the whole collection (MongoDB keeps a multikey flag per index for the same
// reason), which the sorted-page and group pushdown need (internal/backends/sqlite/pushdown_types.go).
// It stays until the collection is dropped, even when the indexes that brought it are dropped.
func TypeIndexName(table, field string) string {
	return table + "__ferretdb_type_" + field
}

// TypeIndexColumn is the type index's expression: the same value as TypeColumn, written differently
// (the last path step quoted) so that SQLite never picks the type index for a condition on
// TypeColumn (a page's exact condition), where an index on the value and the type serves better.
func TypeIndexColumn(field string) string {
	return "json_extract(" + DefaultColumn + `, '$."$s".p.` + field + `."t"')`
}

// createTypeIndexes creates the type indexes of a non-unique index's top-level fields that do not
// exist yet. A failure is logged and leaves the pushdown to its slower probes.
func (r *Registry) createTypeIndexes(ctx context.Context, db *fsql.DB, table string, index IndexInfo) {
	if index.Unique {
		return
	}

	for _, key := range index.Key {
		if !typedField.MatchString(key.Field) {
			continue
		}

		q := fmt.Sprintf(`CREATE INDEX IF NOT EXISTS %q ON %q (%s)`, TypeIndexName(table, key.Field), table, TypeIndexColumn(key.Field))
		if _, err := db.ExecContext(ctx, q); err != nil {
			r.l.WarnContext(ctx, "cannot create a type index for query pushdown", "table", table, "field", key.Field, "error", err)
		}
	}
}
