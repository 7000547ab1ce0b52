// The little of the MongoDB wire protocol the proxy needs: message framing, the command name
// of a request, a few top-level fields, and building small OP_MSG replies.
package main

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
)

const (
	opReply      = 1
	opQuery      = 2004
	opGetMore    = 2005
	opCompressed = 2012
	opMsg        = 2013

	flagMoreToCome = 1 << 1
	headerLen      = 16
	maxMessageLen  = 64 << 20 // the server's 48 MB limit plus room
)

type message []byte

func (m message) requestID() int32  { return int32(binary.LittleEndian.Uint32(m[4:])) }
func (m message) responseTo() int32 { return int32(binary.LittleEndian.Uint32(m[8:])) }
func (m message) opCode() int32     { return int32(binary.LittleEndian.Uint32(m[12:])) }

// moreToCome says the sender expects no reply (a request) or that more replies follow (a reply).
func (m message) moreToCome() bool {
	return m.opCode() == opMsg && len(m) >= headerLen+4 && binary.LittleEndian.Uint32(m[16:])&flagMoreToCome != 0
}

func readMessage(r *bufio.Reader) (message, error) {
	var size [4]byte
	if _, err := io.ReadFull(r, size[:]); err != nil {
		return nil, err
	}
	n := int(int32(binary.LittleEndian.Uint32(size[:])))
	if n < headerLen || n > maxMessageLen {
		return nil, fmt.Errorf("bad message length %d", n)
	}
	m := make(message, n)
	copy(m, size[:])
	if _, err := io.ReadFull(r, m[4:]); err != nil {
		return nil, err
	}
	return m, nil
}

// body returns the command document of an OP_MSG (its kind 0 section) or an OP_QUERY.
func (m message) body() ([]byte, error) {
	switch m.opCode() {
	case opMsg:
		p := headerLen + 4
		end := len(m)
		if binary.LittleEndian.Uint32(m[16:])&1 != 0 { // checksumPresent
			end -= 4
		}
		for p < end {
			kind := m[p]
			p++
			if p+4 > end {
				break
			}
			size := int(int32(binary.LittleEndian.Uint32(m[p:])))
			if size < 5 || p+size > end {
				break
			}
			if kind == 0 {
				return m[p : p+size], nil
			}
			p += size // kind 1: the size covers identifier and documents
		}
	case opQuery:
		p := headerLen + 4
		i := indexByte(m[p:], 0)
		if i < 0 {
			break
		}
		p += i + 1 + 8 // collection name, numberToSkip, numberToReturn
		if p+4 <= len(m) {
			size := int(int32(binary.LittleEndian.Uint32(m[p:])))
			if size >= 5 && p+size <= len(m) {
				return m[p : p+size], nil
			}
		}
	}
	return nil, errors.New("no command document")
}

func indexByte(b []byte, c byte) int {
	for i, x := range b {
		if x == c {
			return i
		}
	}
	return -1
}

// element is one top-level field of a BSON document.
type element struct {
	typ   byte
	name  string
	value []byte
}

// elements lists a document's top-level fields; values stay raw bytes.
func elements(doc []byte) ([]element, error) {
	var out []element
	p := 4
	for p < len(doc) && doc[p] != 0 {
		typ := doc[p]
		p++
		i := indexByte(doc[p:], 0)
		if i < 0 {
			return nil, errors.New("bad field name")
		}
		name := string(doc[p : p+i])
		p += i + 1
		n, err := valueLen(typ, doc[p:])
		if err != nil || p+n > len(doc) {
			return nil, errors.New("bad field value")
		}
		out = append(out, element{typ, name, doc[p : p+n]})
		p += n
	}
	return out, nil
}

func valueLen(typ byte, b []byte) (int, error) {
	i32 := func() int {
		if len(b) < 4 {
			return -1
		}
		return int(int32(binary.LittleEndian.Uint32(b)))
	}
	switch typ {
	case 0x01, 0x09, 0x11, 0x12: // double, date, timestamp, int64
		return 8, nil
	case 0x02, 0x0D, 0x0E: // string, code, symbol
		return 4 + i32(), nil
	case 0x03, 0x04, 0x0F: // document, array, code with scope
		return i32(), nil
	case 0x05: // binary
		return 5 + i32(), nil
	case 0x06, 0x0A, 0xFF, 0x7F: // undefined, null, min key, max key
		return 0, nil
	case 0x07:
		return 12, nil
	case 0x08:
		return 1, nil
	case 0x0B: // regex: two C strings
		a := indexByte(b, 0)
		if a < 0 {
			return 0, errors.New("bad regex")
		}
		c := indexByte(b[a+1:], 0)
		if c < 0 {
			return 0, errors.New("bad regex")
		}
		return a + c + 2, nil
	case 0x0C:
		return 4 + i32() + 12, nil
	case 0x10:
		return 4, nil
	case 0x13:
		return 16, nil
	}
	return 0, fmt.Errorf("unknown BSON type %#x", typ)
}

// truthy reads a flag field the way the server does: true, or a non-zero number.
func (e element) truthy() bool {
	switch e.typ {
	case 0x08:
		return e.value[0] != 0
	case 0x10:
		return binary.LittleEndian.Uint32(e.value) != 0
	case 0x12:
		return binary.LittleEndian.Uint64(e.value) != 0
	case 0x01:
		return math.Float64frombits(binary.LittleEndian.Uint64(e.value)) != 0
	}
	return false
}

// commandName is the first key of the command document, lower-cased ("" if there is none).
func commandName(doc []byte) string {
	els, err := elements(doc)
	if err != nil || len(els) == 0 {
		return ""
	}
	return strings.ToLower(els[0].name)
}

// docBuilder writes a small BSON document.
type docBuilder struct{ b []byte }

func (d *docBuilder) double(name string, v float64) {
	d.b = append(append(append(d.b, 0x01), name...), 0)
	d.b = binary.LittleEndian.AppendUint64(d.b, math.Float64bits(v))
}

func (d *docBuilder) int32(name string, v int32) {
	d.b = append(append(append(d.b, 0x10), name...), 0)
	d.b = binary.LittleEndian.AppendUint32(d.b, uint32(v))
}

func (d *docBuilder) str(name, v string) {
	d.b = append(append(append(d.b, 0x02), name...), 0)
	d.b = binary.LittleEndian.AppendUint32(d.b, uint32(len(v)+1))
	d.b = append(append(d.b, v...), 0)
}

func (d *docBuilder) bytes() []byte {
	out := binary.LittleEndian.AppendUint32(nil, uint32(len(d.b)+5))
	return append(append(out, d.b...), 0)
}

// opMsg frames one document as an OP_MSG.
func opMsgOf(requestID, responseTo int32, doc []byte) message {
	m := make([]byte, headerLen, headerLen+5+len(doc))
	binary.LittleEndian.PutUint32(m[4:], uint32(requestID))
	binary.LittleEndian.PutUint32(m[8:], uint32(responseTo))
	binary.LittleEndian.PutUint32(m[12:], opMsg)
	m = append(m, 0, 0, 0, 0, 0) // flagBits, section kind 0
	m = append(m, doc...)
	binary.LittleEndian.PutUint32(m[0:], uint32(len(m)))
	return m
}
