// Added by db/ferretdb/_patch (copied into FerretDB v1.24.0's source at build time); not part of upstream.

package backends

import (
	"context"

	"github.com/FerretDB/FerretDB/internal/types"
)

// ExactCount lets a handler that only counts the documents a filter keeps (an aggregate pipeline of
// $match and a count) ask Query to count the rows SQL matches exactly itself. The backend sets N to
// that count and Sample to one of those documents, and its iterator returns only the other rows
// that may match; the handler feeds Sample N times before them into its unchanged stages. A backend
// that does not fill it leaves N at 0 and returns every row as usual.
//
// Filter is the whole filter of the $match: the handler removes dotted paths from the one Query
// gets, and a count is exact only for the whole filter. Stage is the counting stage. A backend
// that knows no other row may match sets Whole and returns no rows: the handler then answers
// from N without feeding the stages N documents.
type ExactCount struct {
	Filter *types.Document
	Stage  *types.Document
	N      int64
	Sample *types.Document
	Whole  bool
}

type exactCountKey struct{}

// WithExactCount returns a context carrying the request.
func WithExactCount(ctx context.Context, ec *ExactCount) context.Context {
	return context.WithValue(ctx, exactCountKey{}, ec)
}

// ExactCountFrom returns the request the context carries, or nil.
func ExactCountFrom(ctx context.Context) *ExactCount {
	ec, _ := ctx.Value(exactCountKey{}).(*ExactCount)
	return ec
}
