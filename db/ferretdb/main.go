// Command ferretdb runs FerretDB's embeddable server with its SQLite backend for the product when
// MONGODB_URI is unset, behind a wire proxy that serialises writes (proxy.go). It is built by
// server/embedded-db.ts; the upstream cmd/ferretdb refuses to start when built outside a git
// checkout, the embeddable package does not.
//
// Only the server reaches it: both FerretDB and the proxy listen on Unix sockets in a 0700
// directory, and every file it creates is private to its user. It never outlives its parent: it
// exits when its standard input closes (the parent holds the other end of the pipe). One process
// serves a directory at a time (an exclusive lock on a file beside the sockets).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

// exitLocked tells the parent another process already serves this directory.
const exitLocked = 3

func main() {
	dir := flag.String("dir", "data/db", "directory for the SQLite files")
	sockets := flag.String("sockets", "data/run", "private directory for the Unix sockets")
	noPushdown := flag.Bool("test-disable-pushdown", false, "filter every document in Go (the differential test's oracle)")
	flag.Parse()
	if *noPushdown {
		ferretdb.DisableSQLitePushdown()
	}

	syscall.Umask(0o077)
	for _, d := range []string{*dir, *sockets} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			fail("cannot create directory:", err)
		}
	}
	restrict(*dir)
	if err := os.Chmod(*sockets, 0o700); err != nil {
		fail("cannot protect the socket directory:", err)
	}

	lock, err := os.OpenFile(filepath.Join(*sockets, "engine.lock"), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		fail("cannot open the lock file:", err)
	}
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		fmt.Fprintln(os.Stderr, "another embedded database already serves", *sockets)
		os.Exit(exitLocked)
	}

	// Sockets left by a process that was killed: the lock proves nobody serves them.
	engineSock := filepath.Join(*sockets, "ferretdb.sock")
	clientSock := filepath.Join(*sockets, "mongodb.sock")
	_ = os.Remove(engineSock)
	_ = os.Remove(clientSock)

	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))

	// The embeddable package disables telemetry itself. In WAL mode, synchronous=NORMAL syncs at
	// checkpoints instead of at every commit: a crash of the program loses nothing, a power cut may
	// lose the last moments of acknowledged writes, as MongoDB's default write concern (no journal
	// wait) may; every write then costs a few milliseconds less. secure_delete zeroes the space a
	// deleted or rewritten record leaves, so an erased person's text is not left in freed pages
	// (the log itself is truncated by the compact that follows an erasure, _patch/sqlite-compact-checkpoint.patch).
	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{Unix: engineSock},
		Logger:    logger,
		Handler:   "sqlite",
		SQLiteURL: "file:" + *dir + "/?_pragma=synchronous(normal)&_pragma=secure_delete(1)",
	})
	if err != nil {
		fail("cannot start FerretDB:", err)
	}
	l, err := net.Listen("unix", clientSock)
	if err != nil {
		fail("cannot listen:", err)
	}

	// Ctrl-C reaches the whole process group; the server then shuts down in order and stops the
	// engine itself (SIGTERM, or its end closing stdin), after writing what it still holds.
	signal.Ignore(syscall.SIGINT)
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	go func() {
		_, _ = io.Copy(io.Discard, os.Stdin) // returns when the parent is gone
		stop()
	}()

	p := &proxy{upstream: engineSock, logger: logger}
	go p.serve(ctx, l)

	// The parent process waits for this line to know the socket is open.
	fmt.Println("ready", clientSock)
	if err := f.Run(ctx); err != nil && !errors.Is(err, context.Canceled) {
		fail("FerretDB stopped:", err)
	}
}

// restrict makes data files written by earlier versions (under a looser umask) private.
func restrict(dir string) {
	_ = os.Chmod(dir, 0o700)
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if !e.IsDir() {
			_ = os.Chmod(filepath.Join(dir, e.Name()), 0o600)
		}
	}
}

func fail(msg string, err error) {
	fmt.Fprintln(os.Stderr, msg, err)
	os.Exit(1)
}
