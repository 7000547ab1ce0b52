// Added by db/ferretdb/_patch (copied into FerretDB v1.24.0's source at build time); not part of upstream.

package backends

import (
	"context"

	"github.com/FerretDB/FerretDB/internal/types"
)

// GroupCount lets a handler whose pipeline is a $match and a $group by one top-level field that
// only counts (each accumulator adds a constant per document) ask Query for one document per
// group instead of every row: the backend's iterator then returns each group's first document (in
// stored order) as many times as the group has documents, so the handler's unchanged stages give
// the same answer. A backend that ignores it returns every row as usual.
//
// Filter is the whole filter of the $match (see ExactCount); Field is the grouped field.
type GroupCount struct {
	Filter *types.Document
	Field  string
}

type groupCountKey struct{}

// WithGroupCount returns a context carrying the request.
func WithGroupCount(ctx context.Context, gc *GroupCount) context.Context {
	return context.WithValue(ctx, groupCountKey{}, gc)
}

// GroupCountFrom returns the request the context carries, or nil.
func GroupCountFrom(ctx context.Context) *GroupCount {
	gc, _ := ctx.Value(groupCountKey{}).(*GroupCount)
	return gc
}
