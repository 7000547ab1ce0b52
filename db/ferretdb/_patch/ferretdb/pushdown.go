// Added by db/ferretdb/_patch (copied into FerretDB v1.24.0's source at build time); not part of upstream.

package ferretdb

import "github.com/FerretDB/FerretDB/internal/backends/sqlite"

// DisableSQLitePushdown makes the SQLite backend send no filter to SQL at all, so every query
// reads every document and filters it in Go, as FerretDB did before the pushdown patch. Only the
// differential test uses it, as its oracle (docs/decisions/007-engine-pushdown.md). Upstream's
// own --test-disable-pushdown still lets find and aggregate push their filter down.
func DisableSQLitePushdown() {
	sqlite.DisablePushdown = true
}
