// Added by db/ferretdb/_patch (copied into FerretDB v1.24.0's source at build time); not part of upstream.

package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/handler/sjson"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/fsql"
	"github.com/FerretDB/FerretDB/internal/util/iterator"
	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
)

// countQuery answers a Query whose handler only counts (backends.ExactCount): SQL counts the rows
// exactCond matches, one of them is the sample, and the iterator returns the other rows the
// superset filter keeps, for the handler to filter and count as before. All reads run in one read
// transaction, so they see the same moment. ok is false when it does not apply.
func countQuery(ctx context.Context, db *fsql.DB, meta *metadata.Collection, params *backends.QueryParams, where string, args []any) (res *backends.QueryResult, ok bool, err error) { //nolint:lll // for readability
	ec := backends.ExactCountFrom(ctx)
	if ec == nil || where == "" || meta.Capped() || params.OnlyRecordIDs || params.Limit != 0 || params.Sort.Len() != 0 {
		return nil, false, nil
	}

	// Exact for the whole filter, not only the part Query got (see backends.ExactCount).
	if ec.Filter == nil || !safeFilter(ec.Filter, 0) {
		return nil, false, nil
	}

	exact, exactArgs := exactCond(ec.Filter, 0)
	if exact == "" {
		return nil, false, nil
	}

	var docs []*types.Document
	var n int64
	var sample *types.Document
	var whole bool

	err = db.InTransaction(ctx, func(tx *fsql.Tx) error {
		// The exact rows are counted from the index alone: it holds each field's value and its
		// stored type (metadata.TypeColumn), so no document is read.
		var first sql.NullInt64

		// Split into arms (filterArms), each is a range of an index.
		q, countArgs := fmt.Sprintf(`SELECT count(*), min(rowid) FROM %q WHERE %s`, meta.TableName, exact), exactArgs
		nulls, err := readNullKinds(ctx, tx, meta.TableName, filterFields(ec.Filter, 0))
		if err != nil {
			return err
		}

		if a := filterArms(ec.Filter, nulls); len(a.list) > 0 {
			// The names hold a space, so no field's `->>"name"` in a condition can mean them.
			q, countArgs = a.union(fmt.Sprintf(`SELECT count(*) AS "arm n", min(rowid) AS "arm m" FROM %q WHERE `, meta.TableName))
			q = `SELECT ifnull(sum("arm n"), 0), min("arm m") FROM (` + q + `)`
		}

		if err := tx.QueryRowContext(ctx, q, countArgs...).Scan(&n, &first); err != nil {
			return lazyerrors.Error(err)
		}

		if n > 0 {
			var raw string

			q = fmt.Sprintf(`SELECT %s FROM %q WHERE rowid = ?`, metadata.DefaultColumn, meta.TableName)
			if err := tx.QueryRowContext(ctx, q, first.Int64).Scan(&raw); err != nil {
				return lazyerrors.Error(err)
			}

			var err error
			if sample, err = sjson.Unmarshal([]byte(raw)); err != nil {
				return lazyerrors.Error(err)
			}
		}

		// The rows the superset keeps and exact does not, as a difference of two index searches: a
		// condition on the rows themselves would make SQLite read and parse each of them.
		// Without an array in a filtered field the exact condition is the filter (as exactAll
		// judges it for pages and groups): no other row the superset keeps can match, and the
		// type indexes tell so in a few seeks, where reading the superset reads every row it keeps.
		if clean, err := noArrays(ctx, tx, meta.TableName, filterFields(ec.Filter, 0)); err != nil {
			return err
		} else if clean {
			whole = true
			return nil
		}

		q = fmt.Sprintf(
			`SELECT %[1]s FROM %[2]q WHERE rowid IN (SELECT rowid FROM %[2]q%[3]s EXCEPT SELECT rowid FROM %[2]q WHERE %[4]s) ORDER BY rowid`,
			metadata.DefaultColumn, meta.TableName, where, exact,
		)

		rows, err := tx.QueryContext(ctx, q, append(append([]any{}, args...), exactArgs...)...)
		if err != nil {
			return lazyerrors.Error(err)
		}
		defer rows.Close()

		for rows.Next() {
			var raw string
			if err = rows.Scan(&raw); err != nil {
				return lazyerrors.Error(err)
			}

			doc, err := sjson.Unmarshal([]byte(raw))
			if err != nil {
				return lazyerrors.Error(err)
			}

			docs = append(docs, doc)
		}

		if err = rows.Err(); err != nil {
			return lazyerrors.Error(err)
		}

		return nil
	})
	if err != nil {
		return nil, true, err
	}

	ec.N, ec.Sample, ec.Whole = n, sample, whole

	return &backends.QueryResult{Iter: iterator.Values(iterator.ForSlice(docs))}, true, nil
}
