// Added by db/ferretdb/_patch (copied into FerretDB v1.24.0's source at build time); not part of upstream.

package backends

import (
	"context"

	"github.com/FerretDB/FerretDB/internal/types"
)

// GroupCount lets a handler whose pipeline is a $match and a $group by top-level fields that only
// counts (each accumulator adds a constant per document) ask Query to group the rows itself: by one
// field (`_id: "$f"`) or by a document of two or more (`_id: {a: "$f", b: "$g"}`).
// A backend that does sets Answered and Groups: each group's first document (in stored order) and
// its number of documents, groups in the order of their first documents, and returns no rows; the
// handler then computes the $group's output from them. A backend that ignores it returns every row
// as usual.
//
// Filter is the whole filter of the $match (see ExactCount); Fields are the grouped fields, in
// the order of Names, the document _id's field names (nil for `_id: "$f"`). In a document _id a
// missing field is left out of the key and a null one kept, so the two are different groups.
type GroupCount struct {
	Filter *types.Document
	Fields []string
	Names  []string
	Group  *types.Document // the $group stage's argument

	Answered bool
	Groups   []GroupRows
}

// GroupRows is one group a backend found: its first document and its number of documents.
type GroupRows struct {
	Doc *types.Document
	N   int64
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
