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
// a $match followed by `{$group: {_id: <key>, <name>: {$sum: <int>} or {$count: {}}, ...}}` whose
// key is a top-level field (`"$f"`) or a document of two or more (`{a: "$f", b: "$g"}`): what such
// a group computes depends only on each group's first document and its number of documents
// (groupAnswer). The stages were built, and so validated, before (explain's were not: it only
// reports a plan).
func groupCountContext(ctx context.Context, stages []any) context.Context {
	if len(stages) != 2 {
		return ctx
	}

	match, ok := stageArg(stages[0], "$match").(*types.Document)
	if !ok {
		return ctx
	}

	g, ok := stageArg(stages[1], "$group").(*types.Document)
	if !ok || g.Len() < 1 || g.Keys()[0] != "_id" {
		return ctx
	}

	fields, names := groupKeyFields(must.NotFail(g.Get("_id")))
	if fields == nil {
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

	return backends.WithGroupCount(ctx, &backends.GroupCount{Filter: match, Fields: fields, Names: names, Group: g})
}

// groupKeyFields are the top-level fields a $group's _id names, `"$f"` or a document of two or more
// `name: "$f"` (names as the key's field names), or nil for any other key. A document of one field
// is left out: there a missing field counts as null, as in `"$f"`.
func groupKeyFields(id any) (fields, names []string) {
	if f, ok := fieldPath(id); ok {
		return []string{f}, nil
	}

	doc, ok := id.(*types.Document)
	if !ok || doc.Len() < 2 {
		return nil, nil
	}

	for _, name := range doc.Keys() {
		f, ok := fieldPath(must.NotFail(doc.Get(name)))
		if !ok || name == "" || strings.HasPrefix(name, "$") || strings.Contains(name, ".") || slices.Contains(names, name) {
			return nil, nil
		}

		fields = append(fields, f)
		names = append(names, name)
	}

	return fields, names
}

// fieldPath is the top-level field of a `"$f"` expression.
func fieldPath(v any) (string, bool) {
	s, ok := v.(string)
	if !ok || len(s) < 2 || !strings.HasPrefix(s, "$") || strings.ContainsAny(s[1:], ".$") {
		return "", false
	}

	return s[1:], true
}

// groupKey is a group's _id as the $group stage computes it from the group's first document: a
// missing field is null for `"$f"` and left out of a document key.
func groupKey(gc *backends.GroupCount, doc *types.Document) any {
	if gc.Names == nil {
		v, err := doc.Get(gc.Fields[0])
		if err != nil {
			return types.Null // $group treats a missing field as null
		}

		return v
	}

	key := new(types.Document)

	for i, name := range gc.Names {
		if v, err := doc.Get(gc.Fields[i]); err == nil {
			key.Set(name, v)
		}
	}

	return key
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
		key := groupKey(gc, g.Doc)
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
				doc.Set(k, sumOf(c, g.n))
			default:
				doc.Set(k, int32(g.n))
			}
		}

		res[i] = doc
	}

	return iterator.Values(iterator.ForSlice(res))
}

// sumOf is `$sum: c` over n documents as the stage's accumulator gives it: an int32 when it fits,
// else an int64.
func sumOf(c int32, n int64) any {
	total := int64(c) * n
	if total >= math.MinInt32 && total <= math.MaxInt32 {
		return int32(total)
	}

	return total
}
