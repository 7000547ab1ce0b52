// Added by db/ferretdb/_patch (copied into FerretDB v1.24.0's source at build time); not part of upstream.

package sqlite

import (
	"fmt"
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/handler/sjson"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// idCond narrows a query to the rows its top-level _id condition can match, through the _id
// index: `{_id: v}` or `{_id: {$in: [v, ...]}}` with string or ObjectID values, whatever other
// conditions the filter holds. Upstream pushes `{_id: v}` down only when it is the whole filter,
// so `{_id: v, status: "x"}` (a conditional update) read and decoded every document. The rows
// returned are a superset of the matches: every caller still applies the full filter to each one.
// filterWhere (pushdown.go) joins it with the conditions on the other fields.
func idCond(filter *types.Document) (string, []any) {
	if filter == nil {
		return "", nil
	}

	v, err := filter.Get("_id")
	if err != nil {
		return "", nil
	}

	switch v := v.(type) {
	case string, types.ObjectID:
		return fmt.Sprintf(`%s = ?`, metadata.IDColumn), []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}

	case *types.Document:
		if v.Len() != 1 {
			return "", nil
		}

		in, err := v.Get("$in")
		if err != nil {
			return "", nil
		}

		arr, ok := in.(*types.Array)
		if !ok || arr.Len() == 0 || arr.Len() > 1000 {
			return "", nil
		}

		args := make([]any, arr.Len())

		for i := 0; i < arr.Len(); i++ {
			e := must.NotFail(arr.Get(i))

			switch e.(type) {
			case string, types.ObjectID:
				args[i] = string(must.NotFail(sjson.MarshalSingleValue(e)))
			default:
				return "", nil
			}
		}

		placeholders := strings.TrimSuffix(strings.Repeat("?, ", len(args)), ", ")

		return fmt.Sprintf(`%s IN (%s)`, metadata.IDColumn, placeholders), args
	}

	return "", nil
}
