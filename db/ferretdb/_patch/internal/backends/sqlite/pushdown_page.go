// Added by db/ferretdb/_patch (copied into FerretDB v1.24.0's source at build time); not part of upstream.

package sqlite

import (
	"context"
	"fmt"
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/handler/sjson"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/fsql"
	"github.com/FerretDB/FerretDB/internal/util/iterator"
	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
)

// pageQuery answers a Query for a sorted page (backends.SortedQuery) with the first skip+limit
// rows in SQL's order, which planPage proved is MongoDB's for the pushed keys, and every other row
// equal to the last of them in those keys, which the rest of the sort (such as _id) may put first.
// The handler sorts, skips and limits those rows as before. All reads run in one transaction, so
// the probes and the page see the same moment. ok is false when it does not apply.
func pageQuery(ctx context.Context, db *fsql.DB, meta *metadata.Collection, params *backends.QueryParams, where string, args []any) (res *backends.QueryResult, ok bool, err error) { //nolint:lll // for readability
	if backends.SortedQueryFrom(ctx) == nil || params.OnlyRecordIDs {
		return nil, false, nil
	}

	var docs []*types.Document

	err = db.InTransaction(ctx, func(tx *fsql.Tx) error {
		p, err := planPage(ctx, tx, meta, params.Sort, params.Limit, where, args)
		if err != nil || p == nil {
			return err
		}

		ok = true
		seen := map[int64]bool{}

		q, args := p.pageSQL()

		last, err := readPage(ctx, tx, q, args, len(p.keys), seen, &docs)
		if err != nil || int64(len(docs)) < p.n {
			return err
		}

		ties := make([]string, len(p.keys))
		for i, k := range p.keys {
			ties[i] = string(k.col) + " IS ?"
		}

		// Split into the page's arms when it has them: each arm then searches its index on the
		// keys' values, where the whole condition's OR left SQLite a worse index (an agent's
		// tab read every lead the agent holds).
		sel := fmt.Sprintf(`SELECT rowid, %s FROM %q WHERE `, metadata.DefaultColumn, p.table)
		q, tieArgs := sel+"("+p.cond+") AND "+strings.Join(ties, " AND "), append(append([]any{}, p.args...), last...)

		if len(p.arms.list) > 0 {
			q, tieArgs = p.arms.unionAnd(sel, strings.Join(ties, " AND "), last)
		}

		_, err = readPage(ctx, tx, q, tieArgs, 0, seen, &docs)

		return err
	})
	if err != nil || !ok {
		return nil, ok, err
	}

	return &backends.QueryResult{Iter: iterator.Values(iterator.ForSlice(docs))}, true, nil
}

// readPage appends the documents of the rows q returns that are not yet seen (rowid, document,
// then nKeys key values) to docs, and returns the key values of the last row.
func readPage(ctx context.Context, tx *fsql.Tx, q string, args []any, nKeys int, seen map[int64]bool, docs *[]*types.Document) ([]any, error) { //nolint:lll // for readability
	rows, err := tx.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, lazyerrors.Error(err)
	}
	defer rows.Close()

	var last []any

	for rows.Next() {
		var rowid int64
		var raw string

		keys := make([]any, nKeys)
		dest := []any{&rowid, &raw}

		for i := range keys {
			dest = append(dest, &keys[i])
		}

		if err = rows.Scan(dest...); err != nil {
			return nil, lazyerrors.Error(err)
		}

		last = keys

		if seen[rowid] {
			continue
		}

		seen[rowid] = true

		doc, err := sjson.Unmarshal([]byte(raw))
		if err != nil {
			return nil, lazyerrors.Error(err)
		}

		*docs = append(*docs, doc)
	}

	if err = rows.Err(); err != nil {
		return nil, lazyerrors.Error(err)
	}

	return last, nil
}

// explainPage is the query Explain reports for a sorted page that planPage accepts, or "".
func explainPage(ctx context.Context, db *fsql.DB, meta *metadata.Collection, params *backends.ExplainParams, where string, args []any) (q string, pageArgs []any, err error) { //nolint:lll // for readability
	if backends.SortedQueryFrom(ctx) == nil {
		return "", nil, nil
	}

	err = db.InTransaction(ctx, func(tx *fsql.Tx) error {
		p, err := planPage(ctx, tx, meta, params.Sort, params.Limit, where, args)
		if p != nil {
			q, pageArgs = p.pageSQL()
		}

		return err
	})

	return q, pageArgs, err
}
