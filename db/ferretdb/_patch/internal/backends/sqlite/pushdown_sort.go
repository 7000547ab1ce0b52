// Added by db/ferretdb/_patch (copied into FerretDB v1.24.0's source at build time); not part of upstream.

package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/fsql"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// maxPageRows bounds skip+limit of a page read in SQL's order; a deeper page is sorted in Go.
const maxPageRows = 100_000

// typeClasses are the stored types (metadata.TypeColumn) whose SQL values (fieldColumn) SQLite
// orders as MongoDB orders them, each class on its own: strings as bytes, dates as milliseconds,
// 32- and 64-bit integers as integers, booleans as 0 and 1. null and a missing field are NULL to
// SQL, first in an ascending order and last in a descending one, as in MongoDB. Doubles are left
// out (NaN, -0 and SQLite's decimal conversion), so are arrays and documents (MongoDB sorts an
// array by its least or greatest element).
var typeClasses = map[string][]string{
	"string": {"string"},
	"date":   {"date"},
	"int":    {"int", "long"},
	"long":   {"int", "long"},
	"bool":   {"bool"},
}

// errNotExact ends a page read whose rows are not all of a shape SQL orders exactly.
var errNotExact = errors.New("the page cannot be read in SQL's order")

// pageKey is one sort field pushed to SQL.
type pageKey struct {
	col  column
	desc bool
}

// page is the SQL of a sorted page: its rows in SQL's order, n of them, and the condition that
// reads the rows equal in every key to the last one (the handler orders those by the rest of the
// sort, such as _id).
type page struct {
	table string
	cond  string
	args  []any
	arms  arms // cond split into alternatives (filterArms), or none
	keys  []pageKey
	n     int64
}

// pageSQL is the page's query; it orders by the index expressions, so an index on the filtered
// and sorted fields answers it without sorting. A condition split into arms is one SELECT per
// arm (arms.union), merged in order by SQLite.
func (p *page) pageSQL() (string, []any) {
	cols := make([]string, len(p.keys))
	order := make([]string, len(p.keys))

	for i, k := range p.keys {
		cols[i] = fmt.Sprintf("%s AS k%d", k.col, i)
		order[i] = fmt.Sprintf("k%d", i)

		if k.desc {
			order[i] += " DESC"
		}
	}

	sel := fmt.Sprintf(`SELECT rowid AS r, %s AS d, %s FROM %q WHERE `, metadata.DefaultColumn, strings.Join(cols, ", "), p.table)
	tail := fmt.Sprintf(` ORDER BY %s LIMIT %d`, strings.Join(order, ", "), p.n)

	if len(p.arms.list) == 0 {
		return sel + p.cond + tail, p.args
	}

	q, args := p.arms.union(sel)

	return q + tail, args
}

// planPage returns the page for a SortedQuery, or nil when it does not apply: the filter must have
// an exact form (exactCond) that keeps every row the superset where keeps and the filter may match,
// and each pushed sort key must hold values of one class (typeClasses) or null in every row
// it matches. The sort must hold _id, so its order is total; it is pushed up to its first key
// that is not a plain top-level field (or _id), and the handler orders ties by the rest. The probes read in tx, the transaction the page is read in.
// sort and limit are what the handler asked Query for itself (none, for a find with a field sort).
func planPage(ctx context.Context, tx *fsql.Tx, meta *metadata.Collection, sort *types.Document, limit int64, where string, args []any) (*page, error) { //nolint:lll // for readability
	sq := backends.SortedQueryFrom(ctx)
	if sq == nil || DisablePushdown || meta.Capped() || limit != 0 || sort.Len() != 0 {
		return nil, nil
	}

	if sq.Limit <= 0 || sq.Skip < 0 || sq.Skip+sq.Limit > maxPageRows {
		return nil, nil
	}

	p := &page{table: meta.TableName, n: sq.Skip + sq.Limit}

	for _, k := range sq.Sort.Keys() {
		if k == "_id" || !pushableField.MatchString(k) {
			break
		}

		var dir int64
		switch v := must.NotFail(sq.Sort.Get(k)).(type) {
		case int64:
			dir = v
		case int32:
			dir = int64(v)
		case float64:
			dir = int64(v)
		}

		if dir != 1 && dir != -1 {
			return nil, nil
		}

		p.keys = append(p.keys, pageKey{col: fieldColumn(k), desc: dir == -1})
	}

	// Without _id the order of ties is the handler's sort's (not stable) over all the rows, which
	// no subset of them can reproduce.
	if len(p.keys) == 0 || !sq.Sort.Has("_id") {
		return nil, nil
	}

	var err error
	if p.cond, p.args, err = exactAll(ctx, tx, meta, sq.Filter, where, args); err != nil || p.cond == "" {
		return nil, err
	}

	nulls, err := readNullKinds(ctx, tx, p.table, filterFields(sq.Filter, 0))
	if err != nil {
		return nil, err
	}

	p.arms = filterArms(sq.Filter, nulls)

	for _, k := range sq.Sort.Keys()[:len(p.keys)] {
		if ok, err := oneClass(ctx, tx, p, k); err != nil || !ok {
			return nil, err
		}
	}

	return p, nil
}

// oneClass tells whether every row the page's condition matches holds in field a value of one
// class of typeClasses, or null, or nothing: from the field's type index when it has one (for the
// whole table), else by probing the matching rows.
func oneClass(ctx context.Context, tx *fsql.Tx, p *page, field string) (bool, error) {
	ts, known, err := storedTypes(ctx, tx, p.table, field)
	if err != nil {
		return false, err
	}

	if known {
		for _, t := range ts {
			if t == "null" {
				continue
			}

			allowed := map[string]bool{"null": true}
			for _, c := range typeClasses[t] {
				allowed[c] = true
			}

			return within(ts, allowed), nil
		}

		return true, nil
	}

	t := metadata.TypeColumn(field)

	var first string

	q := fmt.Sprintf(`SELECT %[1]s FROM %[2]q WHERE (%[3]s) AND %[1]s IS NOT NULL AND %[1]s <> 'null' LIMIT 1`, t, p.table, p.cond)
	switch err := tx.QueryRowContext(ctx, q, p.args...).Scan(&first); {
	case errors.Is(err, sql.ErrNoRows):
		return true, nil
	case err != nil:
		return false, err
	}

	class, ok := typeClasses[first]
	if !ok {
		return false, nil
	}

	allowed := "'null', '" + strings.Join(class, "', '") + "'"
	q = fmt.Sprintf(`SELECT 1 FROM %q WHERE (%s) AND NOT ifnull(%s IN (%s), 1) LIMIT 1`, p.table, p.cond, t, allowed)
	found, err := exists(ctx, tx, q, p.args)

	return !found, err
}

// exists tells whether the query returns a row.
func exists(ctx context.Context, tx *fsql.Tx, q string, args []any) (bool, error) {
	var one int

	switch err := tx.QueryRowContext(ctx, q, args...).Scan(&one); {
	case errors.Is(err, sql.ErrNoRows):
		return false, nil
	case err != nil:
		return false, err
	}

	return true, nil
}

// emptyFilter is a filter that matches every document.
func emptyFilter(filter *types.Document) bool {
	for _, k := range filter.Keys() {
		if k != "$comment" {
			return false
		}
	}

	return true
}
