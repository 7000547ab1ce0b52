// Added by db/ferretdb/_patch (copied into FerretDB v1.24.0's source at build time); not part of upstream.

package backends

import (
	"context"

	"github.com/FerretDB/FerretDB/internal/types"
)

// SortedQuery tells Query that its handler sorts the rows, then skips Skip and keeps Limit of them
// (a find with a sort and a limit). A backend may then return only the rows that page can come
// from, in any order: every row among the first Skip+Limit in the sort's order, plus any others.
// The handler still filters, sorts, skips and limits them unchanged. A backend that ignores it
// returns every row as usual.
//
// Filter is the whole filter (the handler may remove dotted paths from the one Query gets).
type SortedQuery struct {
	Filter *types.Document
	Sort   *types.Document
	Skip   int64
	Limit  int64
}

type sortedQueryKey struct{}

// WithSortedQuery returns a context carrying the request.
func WithSortedQuery(ctx context.Context, sq *SortedQuery) context.Context {
	return context.WithValue(ctx, sortedQueryKey{}, sq)
}

// SortedQueryFrom returns the request the context carries, or nil.
func SortedQueryFrom(ctx context.Context) *SortedQuery {
	sq, _ := ctx.Value(sortedQueryKey{}).(*SortedQuery)
	return sq
}
