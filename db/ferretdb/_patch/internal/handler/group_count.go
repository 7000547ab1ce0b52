// Added by db/ferretdb/_patch (copied into FerretDB v1.24.0's source at build time); not part of upstream.

package handler

import (
	"context"
	"math"
	"slices"
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/iterator"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// groupCountContext asks the backend to group the rows (backends.GroupCount) when the pipeline is
// a $match followed by `{$group: {_id: "$field", <name>: {$sum: <int>} or {$count: {}}, ...}}` on a
// top-level field: what such a group computes depends only on each group's first document and its
// number of documents (groupAnswer). The stages were built, and so validated, before.
func groupCountContext(ctx context.Context, stages []any) context.Context {
	match, ok := stageArg(stages[0], "$match").(*types.Document)
	if len(stages) != 2 || !ok {
		return ctx
	}

	g, ok := stageArg(stages[1], "$group").(*types.Document)
	if !ok || g.Len() < 1 || g.Keys()[0] != "_id" {
		return ctx
	}

	id, ok := must.NotFail(g.Get("_id")).(string)
	if !ok || !strings.HasPrefix(id, "$") || strings.ContainsAny(id[1:], ".$") || len(id) < 2 {
		return ctx
	}

	seen := map[string]bool{"_id": true}

	for _, k := range g.Keys()[1:] {
		if seen[k] {
			return ctx
		}

		seen[k] = true

		acc, ok := must.NotFail(g.Get(k)).(*types.Document)
		if !ok || acc.Len() != 1 {
			return ctx
		}

		switch arg := must.NotFail(acc.Get(acc.Command())).(type) {
		case int32:
			if acc.Command() != "$sum" {
				return ctx
			}
		case *types.Document:
			if acc.Command() != "$count" || arg.Len() != 0 {
				return ctx
			}
		default:
			return ctx
		}
	}

	return backends.WithGroupCount(ctx, &backends.GroupCount{Filter: match, Field: id[1:], Group: g})
}

// groupAnswer is the output of the $group when the backend grouped the rows (backends.GroupCount),
// or nil: the groups whose keys compare equal merged in the order the stage would have met them,
// each `$sum: <int>` as the stage adds it (int32 when it fits, else int64) and each `$count` as
// an int32, as the stage's accumulators give them.
func groupAnswer(ctx context.Context) types.DocumentsIterator {
	gc := backends.GroupCountFrom(ctx)
	if gc == nil || !gc.Answered {
		return nil
	}

	type group struct {
		key any
		n   int64
	}

	var groups []group

	for _, g := range gc.Groups {
		key, err := g.Doc.Get(gc.Field)
		if err != nil {
			key = types.Null // $group treats a missing field as null
		}

		i := slices.IndexFunc(groups, func(o group) bool { return types.CompareForAggregation(key, o.key) == types.Equal })
		if i < 0 {
			groups = append(groups, group{key: key})
			i = len(groups) - 1
		}

		groups[i].n += g.N
	}

	res := make([]*types.Document, len(groups))

	for i, g := range groups {
		doc := must.NotFail(types.NewDocument("_id", g.key))

		for _, k := range gc.Group.Keys()[1:] {
			acc := must.NotFail(gc.Group.Get(k)).(*types.Document)

			switch c := must.NotFail(acc.Get(acc.Command())).(type) {
			case int32:
				total := int64(c) * g.n
				if total >= math.MinInt32 && total <= math.MaxInt32 {
					doc.Set(k, int32(total))
				} else {
					doc.Set(k, total)
				}
			default:
				doc.Set(k, int32(g.n))
			}
		}

		res[i] = doc
	}

	return iterator.Values(iterator.ForSlice(res))
}
