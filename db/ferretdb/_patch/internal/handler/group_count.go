// Added by db/ferretdb/_patch (copied into FerretDB v1.24.0's source at build time); not part of upstream.

package handler

import (
	"context"
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// groupCountContext asks the backend for one document per group (backends.GroupCount) when the
// pipeline is a $match followed by `{$group: {_id: "$field", <name>: {$sum: <int>} or {$count: {}}, ...}}`
// on a top-level field: what such a group computes depends only on each group's first document
// and its number of documents. The stages still run unchanged on what the backend returns.
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

	for _, k := range g.Keys()[1:] {
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

	return backends.WithGroupCount(ctx, &backends.GroupCount{Filter: match, Field: id[1:]})
}
