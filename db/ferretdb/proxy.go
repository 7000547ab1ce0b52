// The wire proxy in front of FerretDB. FerretDB v1 on SQLite runs a write as read-then-write, so
// two concurrent updates of one document can both read the old value; here every write command
// holds one global lock from forwarding the request until its reply is read, which gives the
// single-document atomicity MongoDB promises. Reads pass through concurrently. It also answers
// MongoDB's fsync lock commands itself, so a backup can read a consistent snapshot.
package main

import (
	"bufio"
	"context"
	"log/slog"
	"net"
	"strings"
	"sync"
	"sync/atomic"
)

// writeCommands change data or the catalog (names lower-cased).
var writeCommands = map[string]bool{
	"insert": true, "update": true, "delete": true, "findandmodify": true,
	"create": true, "drop": true, "createindexes": true, "dropindexes": true, "deleteindexes": true,
	"renamecollection": true, "dropdatabase": true, "collmod": true, "reindex": true, "compact": true,
	"createuser": true, "updateuser": true, "dropuser": true, "dropallusersfromdatabase": true,
}

type proxy struct {
	upstream string // FerretDB's own socket
	logger   *slog.Logger

	writes sync.Mutex // held by one write command at a time, or by an fsync lock

	fsyncMu     sync.Mutex // guards fsyncHolder
	fsyncHolder uint64     // the connection that took the fsync lock; 0 when unlocked

	connIDs atomic.Uint64
	ids     atomic.Int32 // request ids of the proxy's own messages (negative: drivers count up from 1)
}

func (p *proxy) serve(ctx context.Context, l net.Listener) {
	go func() {
		<-ctx.Done()
		_ = l.Close()
	}()
	for {
		c, err := l.Accept()
		if err != nil {
			return
		}
		go p.handle(c)
	}
}

func (p *proxy) nextID() int32 { return -p.ids.Add(1) }

// handle runs one client connection over its own upstream connection, one request at a time
// (a driver never has two requests in flight on one connection).
func (p *proxy) handle(client net.Conn) {
	defer client.Close()
	up, err := net.Dial("unix", p.upstream)
	if err != nil {
		p.logger.Error("cannot reach FerretDB", "err", err)
		return
	}
	defer up.Close()
	id := p.connIDs.Add(1)
	defer p.fsyncRelease(id, false) // a backup that dies does not leave writes blocked

	cr, ur := bufio.NewReader(client), bufio.NewReader(up)
	for {
		req, err := readMessage(cr)
		if err != nil {
			return
		}
		switch op := req.opCode(); op {
		case opMsg, opQuery:
		default:
			// Legacy and compressed opcodes: compression is never advertised, and the server has no
			// legacy write opcodes, so a client sending these is not one this product runs.
			p.logger.Warn("closing a connection that sent an unsupported opcode", "opcode", op)
			return
		}
		doc, _ := req.body()
		name := commandName(doc)

		if name == "fsync" || name == "fsyncunlock" {
			if reply, ok := p.fsyncCommand(id, name, doc, req); ok {
				if _, err := client.Write(reply); err != nil {
					return
				}
				continue
			}
		}

		write := writeCommands[name] || (name == "aggregate" && (strings.Contains(string(doc), "$out\x00") || strings.Contains(string(doc), "$merge\x00")))
		if req.opCode() == opQuery && strings.HasPrefix(name, "$") {
			write = true // a wrapped legacy command: serialise it to be safe
		}
		if write {
			p.writes.Lock()
		}
		err = p.exchange(client, up, ur, req)
		if write {
			p.writes.Unlock()
		}
		if err != nil {
			return
		}
	}
}

// exchange forwards one request and its replies. A request sent with moreToCome expects no
// reply, yet FerretDB answers every request: a ping on the same connection then marks the end of
// its work (FerretDB serves a connection's requests in order), and everything up to the ping's
// answer is swallowed.
func (p *proxy) exchange(client, up net.Conn, ur *bufio.Reader, req message) error {
	if _, err := up.Write(req); err != nil {
		return err
	}
	if req.moreToCome() {
		var ping docBuilder
		ping.int32("ping", 1)
		ping.str("$db", "admin")
		barrier := p.nextID()
		if _, err := up.Write(opMsgOf(barrier, 0, ping.bytes())); err != nil {
			return err
		}
		for {
			res, err := readMessage(ur)
			if err != nil {
				return err
			}
			if res.responseTo() == barrier {
				return nil
			}
		}
	}
	for {
		res, err := readMessage(ur)
		if err != nil {
			return err
		}
		if _, err := client.Write(res); err != nil {
			return err
		}
		if !res.moreToCome() { // an exhaust stream ends with a reply without moreToCome
			return nil
		}
	}
}

// fsyncCommand answers {fsync: 1, lock: true} and {fsyncUnlock: 1} as MongoDB does: while
// locked no write runs, reads go on. A plain fsync (no lock) goes through to FerretDB.
func (p *proxy) fsyncCommand(conn uint64, name string, doc []byte, req message) (message, bool) {
	var res docBuilder
	if name == "fsync" {
		els, _ := elements(doc)
		lock := false
		for _, e := range els {
			if e.name == "lock" {
				lock = e.truthy()
			}
		}
		if !lock {
			return nil, false
		}
		p.writes.Lock() // waits for the write in progress, then holds every later one
		p.fsyncMu.Lock()
		p.fsyncHolder = conn
		p.fsyncMu.Unlock()
		res.str("info", "now locked against writes, use fsyncUnlock to unlock")
		res.int32("lockCount", 1)
		res.double("ok", 1)
	} else if p.fsyncRelease(conn, true) {
		res.int32("lockCount", 0)
		res.double("ok", 1)
	} else {
		res.double("ok", 0)
		res.str("errmsg", "fsyncUnlock called when not locked")
		res.int32("code", 125)
		res.str("codeName", "IllegalOperation")
	}
	return opMsgOf(p.nextID(), req.requestID(), res.bytes()), true
}

// fsyncRelease unlocks writes: any connection may (as on MongoDB), and the holder's
// connection does when it closes. It reports whether a lock was released.
func (p *proxy) fsyncRelease(conn uint64, anyConn bool) bool {
	p.fsyncMu.Lock()
	defer p.fsyncMu.Unlock()
	if p.fsyncHolder == 0 || (!anyConn && p.fsyncHolder != conn) {
		return false
	}
	p.fsyncHolder = 0
	p.writes.Unlock()
	return true
}
