// Added by db/ferretdb/_patch (copied into FerretDB v1.24.0's source at build time); not part of upstream.

package handler

import (
	"context"
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/iterator"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// exactCountContext asks the backend to count in SQL (backends.ExactCount) when the pipeline is a
// $match followed by a count that does not depend on which documents it counts: `$count`, or a
// `$group` on a constant _id whose only field sums a constant int, as the drivers' countDocuments
// sends. The stages still run unchanged; withExactRows feeds them the rows SQL counted.
func exactCountContext(ctx context.Context, stages []any) context.Context {
	match, ok := stageArg(stages[0], "$match").(*types.Document)
	if len(stages) != 2 || !ok {
		return ctx
	}

	if _, ok := stageArg(stages[1], "$count").(string); !ok && !constantCountGroup(stageArg(stages[1], "$group")) {
		return ctx
	}

	return backends.WithExactCount(ctx, &backends.ExactCount{Filter: match, Stage: stages[1].(*types.Document)})
}

// stageArg is the argument of a stage with the given name, or nil.
func stageArg(stage any, name string) any {
	d, ok := stage.(*types.Document)
	if !ok || d.Len() != 1 || d.Command() != name {
		return nil
	}

	return must.NotFail(d.Get(name))
}

// constantCountGroup is `{_id: <constant>, <name>: {$sum: <int>}}`.
func constantCountGroup(arg any) bool {
	g, ok := arg.(*types.Document)
	if !ok || g.Len() != 2 || g.Keys()[0] != "_id" {
		return false
	}

	switch id := must.NotFail(g.Get("_id")).(type) {
	case int32, int64, float64, bool, types.NullType:
	case string:
		if strings.HasPrefix(id, "$") {
			return false
		}
	default:
		return false
	}

	sum, ok := must.NotFail(g.Get(g.Keys()[1])).(*types.Document)
	if !ok || sum.Len() != 1 || sum.Command() != "$sum" {
		return false
	}

	_, ok = must.NotFail(sum.Get("$sum")).(int32)

	return ok
}

// countedAnswer is the pipeline's output when the backend answered it: a count it made whole
// (wholeCount) or a $group it grouped (groupAnswer); else nil, and the stages run.
func countedAnswer(ctx context.Context) types.DocumentsIterator {
	if res := wholeCount(ctx); res != nil {
		return res
	}

	return groupAnswer(ctx)
}

// wholeCount is what the count stage gives for N matching documents when the backend counted
// every document that may match (backends.ExactCount's Whole), or nil: `{<field>: N}` for
// $count, `{_id: <constant>, <name>: c·N}` for a $group summing c, nothing when N is 0, as the
// stages give them from N copies of one document, without making the copies.
func wholeCount(ctx context.Context) types.DocumentsIterator {
	ec := backends.ExactCountFrom(ctx)
	if ec == nil || !ec.Whole {
		return nil
	}

	var res []*types.Document

	switch field, isCount := stageArg(ec.Stage, "$count").(string); {
	case ec.N == 0:
	case isCount:
		res = append(res, must.NotFail(types.NewDocument(field, int32(ec.N))))
	default:
		g := stageArg(ec.Stage, "$group").(*types.Document)
		name := g.Keys()[1]
		c := must.NotFail(must.NotFail(g.Get(name)).(*types.Document).Get("$sum")).(int32)
		res = append(res, must.NotFail(types.NewDocument("_id", must.NotFail(g.Get("_id")), name, sumOf(c, ec.N))))
	}

	return iterator.Values(iterator.ForSlice(res))
}

// withExactRows puts the document the backend counted N times in front of the other rows, so the
// handler's stages count N more (backends.ExactCount); otherwise it returns iter unchanged.
func withExactRows(ctx context.Context, iter types.DocumentsIterator) types.DocumentsIterator {
	ec := backends.ExactCountFrom(ctx)
	if ec == nil || ec.N == 0 || ec.Sample == nil {
		return iter
	}

	return &repeatIterator{doc: ec.Sample, n: ec.N, rest: iter}
}

// repeatIterator returns doc n times, then the rows of rest.
type repeatIterator struct {
	doc  *types.Document
	n    int64
	rest types.DocumentsIterator
}

// Next implements iterator.Interface.
func (r *repeatIterator) Next() (struct{}, *types.Document, error) {
	if r.n > 0 {
		r.n--
		return struct{}{}, r.doc, nil
	}

	return r.rest.Next()
}

// Close implements iterator.Interface.
func (r *repeatIterator) Close() {
	r.rest.Close()
}
