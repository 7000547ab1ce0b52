// Added by db/ferretdb/_patch (copied into FerretDB v1.24.0's source at build time); not part of upstream.

package handler

import (
	"context"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/types"
)

// sortedQueryContext lets the backend return only the rows a sorted page can come from
// (backends.SortedQuery) when the find sorts and limits; the handler's own filter, sort, skip and
// limit still run on those rows unchanged. sort is the validated sort document.
func sortedQueryContext(ctx context.Context, filter, sort *types.Document, skip, limit int64) context.Context {
	if sort.Len() == 0 || limit <= 0 || skip < 0 {
		return ctx
	}

	return backends.WithSortedQuery(ctx, &backends.SortedQuery{Filter: filter, Sort: sort, Skip: skip, Limit: limit})
}
