// Command ferretdb runs FerretDB's embeddable server with its SQLite backend on
// loopback, for development and tests when MONGODB_URI is unset. It is built from
// the FerretDB Go module by scripts/embedded-db.ts; the upstream cmd/ferretdb
// refuses to start when built outside a git checkout, the embeddable package does not.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:27017", "TCP address to listen on (loopback only)")
	dir := flag.String("dir", "data/db", "directory for the SQLite files")
	flag.Parse()

	if err := os.MkdirAll(*dir, 0o700); err != nil {
		fmt.Fprintln(os.Stderr, "cannot create data directory:", err)
		os.Exit(1)
	}

	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))

	// The embeddable package disables telemetry itself.
	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: *listen},
		Logger:    logger,
		Handler:   "sqlite",
		SQLiteURL: "file:" + *dir + "/",
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "cannot start FerretDB:", err)
		os.Exit(1)
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	// The parent process waits for this line to know the port is open.
	fmt.Println("ready", f.MongoDBURI())
	if err := f.Run(ctx); err != nil {
		fmt.Fprintln(os.Stderr, "FerretDB stopped:", err)
		os.Exit(1)
	}
}
