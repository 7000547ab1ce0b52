// Added by db/ferretdb/_patch (copied into FerretDB v1.24.0's source at build time); not part of upstream.

package sqlite

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/handler/sjson"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/fsql"
	"github.com/FerretDB/FerretDB/internal/util/iterator"
	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
)

// maxGroups bounds the groups read this way; more fall back to reading every row.
const maxGroups = 10_000

// groupTypes are the stored types whose rows SQL groups only when MongoDB would too: equal SQL
// value and equal stored type mean an equal BSON value. Doubles (SQLite's decimal conversion),
// arrays and documents (their JSON text drops the element types) are not grouped in SQL.
var groupTypes = map[string]bool{"string": true, "objectId": true, "date": true, "bool": true, "int": true, "long": true, "null": true}

// groupTypeList is groupTypes as a SQL list.
const groupTypeList = "'string', 'objectId', 'date', 'bool', 'int', 'long', 'null'"

// groupQuery answers a Query for a counting $group (backends.GroupCount): SQL groups the rows
// the exact condition matches by the fields' values and stored types (planGroup), and the handler
// gets each group's first row (by rowid) and its number of rows, groups in the order of their
// first rows, as its $group would have met them reading every row. Groups SQL keeps apart and
// MongoDB merges (int 1 and long 1) are merged by the handler. ok is false when it does not apply.
func groupQuery(ctx context.Context, db *fsql.DB, meta *metadata.Collection, params *backends.QueryParams, where string, args []any) (res *backends.QueryResult, ok bool, err error) { //nolint:lll // for readability
	gc := backends.GroupCountFrom(ctx)
	if gc == nil || params.OnlyRecordIDs || params.Limit != 0 || params.Sort.Len() != 0 {
		return nil, false, nil
	}

	var groups []repeated

	err = db.InTransaction(ctx, func(tx *fsql.Tx) error {
		q, qArgs, err := planGroup(ctx, tx, meta, gc, where, args)
		if err != nil || q == "" {
			return err
		}

		rows, err := tx.QueryContext(ctx, q, qArgs...)
		if err != nil {
			return lazyerrors.Error(err)
		}
		defer rows.Close()

		for rows.Next() {
			var g repeated
			if err = rows.Scan(&g.rowid, &g.n); err != nil {
				return lazyerrors.Error(err)
			}

			groups = append(groups, g)
		}

		if err = rows.Err(); err != nil || len(groups) > maxGroups {
			return err
		}

		ok = true

		return readFirsts(ctx, tx, meta.TableName, groups)
	})
	if err != nil || !ok {
		return nil, ok, err
	}

	gc.Answered = true
	gc.Groups = make([]backends.GroupRows, len(groups))

	for i, g := range groups {
		gc.Groups[i] = backends.GroupRows{Doc: g.doc, N: g.n}
	}

	return &backends.QueryResult{Iter: iterator.Values(iterator.ForSlice([]*types.Document(nil)))}, true, nil
}

// planGroup is the SQL that groups the rows of a counting $group (each group's first rowid and
// its number of rows, up to maxGroups+1 groups in the order of their first rows), or "" when it
// does not apply: the filter has no exact form, or a grouped field holds (by its type index, else
// by a probe of the matching rows) a type outside groupTypes. It reads in tx.
func planGroup(ctx context.Context, tx *fsql.Tx, meta *metadata.Collection, gc *backends.GroupCount, where string, args []any) (string, []any, error) { //nolint:lll // for readability
	if DisablePushdown || meta.Capped() {
		return "", nil, nil
	}

	for _, f := range gc.Fields {
		if !pushableField.MatchString(f) || f == "_id" {
			return "", nil, nil
		}
	}

	cond, condArgs, err := exactAll(ctx, tx, meta, gc.Filter, where, args)
	if err != nil || cond == "" {
		return "", nil, err
	}

	var groupBy, probes []string

	for _, f := range gc.Fields {
		ts, known, err := storedTypes(ctx, tx, meta.TableName, f)
		if err != nil || (known && !within(ts, groupTypes)) {
			return "", nil, err
		}

		t := metadata.TypeColumn(f)
		if !known {
			probes = append(probes, fmt.Sprintf("NOT ifnull(%s IN (%s), 1)", t, groupTypeList))
		}

		// With one class of types in the field, its SQL value alone tells the groups apart (reading
		// the stored type as well would make SQLite read each row, not only the index), unless a
		// document key must tell a stored null from a missing field, both NULL to SQL.
		groupBy = append(groupBy, string(fieldColumn(f)))
		if !known || !oneTypeClass(ts) || (gc.Names != nil && slices.Contains(ts, "null")) {
			groupBy = append(groupBy, t)
		}
	}

	if len(probes) > 0 {
		q := fmt.Sprintf(`SELECT 1 FROM %q WHERE (%s) AND (%s) LIMIT 1`, meta.TableName, cond, strings.Join(probes, " OR "))
		if found, err := exists(ctx, tx, q, condArgs); err != nil || found {
			return "", nil, err
		}
	}

	tail := fmt.Sprintf(` ORDER BY 1 LIMIT %d`, maxGroups+1)

	// Split into arms (filterArms) the rows are read as for a count, each arm a range of an index
	// (one that holds the grouped fields reads no row), where the whole condition's OR would have
	// SQLite read each matching row.
	nulls, err := readNullKinds(ctx, tx, meta.TableName, filterFields(gc.Filter, 0))
	if err != nil {
		return "", nil, err
	}

	if a := filterArms(gc.Filter, nulls); len(a.list) > 0 {
		cols, names := make([]string, len(groupBy)), make([]string, len(groupBy))
		for i, g := range groupBy {
			// The names hold a space, so no field's `->>"name"` in a condition can mean them.
			names[i] = fmt.Sprintf(`"arm g%d"`, i)
			cols[i] = g + " AS " + names[i]
		}

		q, armArgs := a.union(fmt.Sprintf(`SELECT rowid AS "arm r", %s FROM %q WHERE `, strings.Join(cols, ", "), meta.TableName))

		return fmt.Sprintf(`SELECT min("arm r"), count(*) FROM (%s) GROUP BY %s`, q, strings.Join(names, ", ")) + tail, armArgs, nil
	}

	q := fmt.Sprintf(`SELECT min(rowid), count(*) FROM %q WHERE %s GROUP BY %s`, meta.TableName, cond, strings.Join(groupBy, ", "))

	return q + tail, condArgs, nil
}

// explainGroup is the query Explain reports for a counting $group that planGroup accepts, or "".
func explainGroup(ctx context.Context, db *fsql.DB, meta *metadata.Collection, where string, args []any) (q string, qArgs []any, err error) { //nolint:lll // for readability
	gc := backends.GroupCountFrom(ctx)
	if gc == nil {
		return "", nil, nil
	}

	err = db.InTransaction(ctx, func(tx *fsql.Tx) error {
		q, qArgs, err = planGroup(ctx, tx, meta, gc, where, args)
		return err
	})

	return q, qArgs, err
}

// exactAll is the exact condition of a filter when it keeps every row the superset where keeps
// that may match (see planPage), "1" for an empty filter, or "".
func exactAll(ctx context.Context, tx *fsql.Tx, meta *metadata.Collection, filter *types.Document, where string, args []any) (string, []any, error) { //nolint:lll // for readability
	if emptyFilter(filter) {
		return "1", nil, nil
	}

	if where == "" || !safeFilter(filter, 0) {
		return "", nil, nil
	}

	cond, condArgs := exactCond(filter, 0)
	if cond == "" {
		return "", nil, nil
	}

	// Without an array in a filtered field exactCond is the filter; the type indexes tell in a few
	// seeks, else a probe over the rows the superset keeps does.
	if clean, err := noArrays(ctx, tx, meta.TableName, filterFields(filter, 0)); err != nil {
		return "", nil, err
	} else if !clean {
		q := fmt.Sprintf(`SELECT 1 FROM %q WHERE (%s) AND NOT ifnull((%s), 0) LIMIT 1`, meta.TableName, strings.TrimPrefix(where, " WHERE "), cond)
		if found, err := exists(ctx, tx, q, append(append([]any{}, args...), condArgs...)); err != nil || found {
			return "", nil, err
		}
	}

	return cond, condArgs, nil
}

// oneTypeClass tells whether the types, null apart, are all of one class of typeClasses, or all
// ObjectIds: equal SQL values are then equal BSON values.
func oneTypeClass(ts []string) bool {
	first := firstNonNull(ts)
	if first == "" {
		return true
	}

	if first != "objectId" && typeClasses[first] == nil {
		return false
	}

	allowed := map[string]bool{"null": true, first: true}
	for _, c := range typeClasses[first] {
		allowed[c] = true
	}

	return within(ts, allowed)
}

// firstNonNull is the first type other than "null", or "".
func firstNonNull(ts []string) string {
	for _, t := range ts {
		if t != "null" {
			return t
		}
	}

	return ""
}

// readFirsts decodes each group's first document.
func readFirsts(ctx context.Context, tx *fsql.Tx, table string, groups []repeated) error {
	q := fmt.Sprintf(`SELECT %s FROM %q WHERE rowid = ?`, metadata.DefaultColumn, table)

	for i := range groups {
		var raw string
		if err := tx.QueryRowContext(ctx, q, groups[i].rowid).Scan(&raw); err != nil {
			return lazyerrors.Error(err)
		}

		doc, err := sjson.Unmarshal([]byte(raw))
		if err != nil {
			return lazyerrors.Error(err)
		}

		groups[i].doc = doc
	}

	return nil
}

// repeated is a group: its first row and its number of rows.
type repeated struct {
	rowid int64
	n     int64
	doc   *types.Document
}
