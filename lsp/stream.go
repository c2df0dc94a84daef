package lsp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// Message size limits. A message is refused before it is decoded: once
// decoded into interface{}, JSON costs many times its size (a 57 MiB
// didChangeConfiguration of 30 M numbers took 1.8 GB).
const (
	// maxMessage bounds every message but document sync: requests,
	// settings, responses from the client are a few KiB.
	maxMessage = 1 << 20
	// maxSyncMessage bounds didOpen, didChange and didSave, which carry a
	// document's text, and didChangeWatchedFiles. It admits any document the server compiles
	// (maxDocument, 4 MiB): JSON escapes a byte as at most 6 (\u001f), so
	// such a text is at most 24 MiB, and 8 MiB more leaves room for the
	// URI and the rest. A larger document is still opened, up to this
	// limit, and told it is too large (size.go).
	maxSyncMessage = 6*maxDocument + 8<<20
)

// stream is a jsonrpc2.Stream with LSP's Content-Length framing that
// survives bad input: jsonrpc2's own stream fails the connection on the
// first message it cannot decode, while this one hands the message to
// invalid (the server answers with a JSON-RPC error) and reads on.
// Each message is written with a single Write so that writeRaw can share
// the connection.
type stream struct {
	rwc     io.ReadWriteCloser
	in      *bufio.Reader
	invalid func(data []byte, err error) // nil: drop bad messages
	resync  bool                         // skip to the next Content-Length first
	pending string                       // the start of the next header line, already read
	// decode turns a body into a message; a field so that tests can see
	// which bodies reach it.
	decode func([]byte) (jsonrpc2.Message, error)

	mu sync.Mutex // serialises writes
}

func newStream(rwc io.ReadWriteCloser, invalid func(data []byte, err error)) *stream {
	return &stream{rwc: rwc, in: bufio.NewReader(rwc), invalid: invalid, decode: decode}
}

// Read returns the next message that decodes. Messages that do not are
// passed to invalid; only a closed or broken connection ends Read.
func (s *stream) Read(ctx context.Context) (jsonrpc2.Message, int64, error) {
	for {
		if err := ctx.Err(); err != nil {
			return nil, 0, err
		}
		data, n, err := s.readFrame()
		if err != nil {
			var bad badFrameError
			if errors.As(err, &bad) {
				s.reject(nil, err)
				continue
			}
			return nil, n, err
		}
		if err := checkSize(data); err != nil {
			s.reject(data, err)
			continue
		}
		msg, err := s.decode(data)
		if err != nil {
			if head, back := s.splitOverrun(data); back > 0 {
				// A Content-Length longer than its body took the start of
				// the next message: that goes back to be read again, and
				// the body before it may still be a message.
				n -= int64(back)
				if msg, err := s.decode(head); err == nil {
					return msg, n, nil
				}
				data = head
			}
			s.reject(data, err)
			continue
		}
		return msg, n, nil
	}
}

// splitOverrun looks in a body that did not decode for the start of the
// next message, which a Content-Length longer than the body swallowed.
// When there is one it puts the bytes from there back in front of the
// input and returns the body before it and how many bytes went back.
func (s *stream) splitOverrun(data []byte) ([]byte, int) {
	// The body ends where its first JSON value does (one byte too many
	// takes only the next header's "C"), or else at the next header.
	end := -1
	dec := json.NewDecoder(bytes.NewReader(data))
	var raw json.RawMessage
	if dec.Decode(&raw) == nil {
		end = int(dec.InputOffset())
	}
	if i := indexContentLength(data); i > 0 && (end < 0 || i < end) {
		end = i
	}
	if end <= 0 || end >= len(data) {
		return data, 0
	}
	tail := bytes.Clone(data[end:])
	s.in = bufio.NewReader(io.MultiReader(bytes.NewReader(tail), s.in))
	return bytes.TrimSpace(data[:end]), len(tail)
}

// indexContentLength returns the index of the first "Content-Length:" in
// b, in any case, or -1.
func indexContentLength(b []byte) int {
	for i := 0; i+len(contentLength) <= len(b); i++ {
		if c := b[i]; c != 'c' && c != 'C' {
			continue
		}
		if bytes.EqualFold(b[i:i+len(contentLength)], []byte(contentLength)) {
			return i
		}
	}
	return -1
}

func (s *stream) reject(data []byte, err error) {
	if s.invalid != nil {
		s.invalid(data, err)
	}
}

// badFrameError is a framing problem the stream can skip past.
type badFrameError struct {
	msg   string
	large bool // the announced length is over maxSyncMessage
}

func (e badFrameError) Error() string { return e.msg }

func (e badFrameError) Unwrap() error {
	if e.large {
		return errTooLarge
	}
	return nil
}

// maxHeaderLine bounds one header line; a longer one is not a header.
const maxHeaderLine = 4096

// contentLength is the header the stream resynchronises on.
const contentLength = "content-length:"

// readFrame reads headers up to the empty line, then the body. A header
// block without a usable Content-Length is reported (badFrameError) and
// skipped: for a length of 0 nothing is; for one that is unreadable
// (`Content-Length: abc`) or over maxSyncMessage, the stream is scanned
// for the next "Content-Length:", so that the body is not taken for the
// next message's headers. The announced bytes are not awaited: a frame
// announcing 2^63-1 bytes and sending none would swallow every later
// message, exit included.
func (s *stream) readFrame() ([]byte, int64, error) {
	var total int64
	if s.resync {
		n, err := s.skipToHeader()
		total += n
		if err != nil {
			return nil, total, err
		}
		s.resync = false
	}
	length, skip, bad, n, err := s.readHeaders()
	total += n
	if err != nil {
		return nil, total, err
	}
	if bad.msg != "" {
		if skip < 0 {
			s.resync = true
		} else {
			// Discarded in bufio-sized chunks, never held in memory.
			n, err := io.CopyN(io.Discard, s.in, skip)
			total += n
			if err != nil {
				return nil, total, fmt.Errorf("skip body: %w", err)
			}
		}
		return nil, total, bad
	}
	data := make([]byte, length)
	if _, err := io.ReadFull(s.in, data); err != nil {
		return nil, total, fmt.Errorf("read body: %w", err)
	}
	return data, total + length, nil
}

// readHeaders reads one header block. With bad set, skip is the number of
// body bytes to discard, or -1 when the stream must be scanned instead.
func (s *stream) readHeaders() (length, skip int64, bad badFrameError, total int64, err error) {
	length, skip = -1, -1
	headers := false
	for {
		line, n, err := s.readLine()
		total += n
		if err != nil {
			return 0, 0, bad, total, fmt.Errorf("read header: %w", err)
		}
		if n > maxHeaderLine {
			return 0, -1, badFrameError{msg: fmt.Sprintf("header line of %d bytes", n)}, total, nil
		}
		if i := indexContentLength([]byte(line)); i > 0 {
			// A Content-Length shorter than its body left the body's
			// end before this header: that is the last message's.
			line = line[i:]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			if !headers {
				continue // stray blank line between messages
			}
			break
		}
		headers = true
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			bad.msg = fmt.Sprintf("invalid header line %q", line)
			continue
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			v, err := strconv.ParseInt(strings.TrimSpace(value), 10, 64)
			switch {
			case err != nil || v < 0:
				bad.msg = fmt.Sprintf("invalid Content-Length %q", value)
			case v == 0:
				bad.msg, skip = "Content-Length 0", 0
			case v > maxSyncMessage:
				bad = badFrameError{msg: fmt.Sprintf("Content-Length %d is over the limit of %d bytes", v, maxSyncMessage), large: true}
			default:
				length, skip = v, v
			}
		}
	}
	if length < 0 && bad.msg == "" {
		bad.msg = "missing Content-Length header"
	}
	if bad.msg != "" {
		// A usable length beside a bad header says where the next message
		// starts.
		if length >= 0 {
			skip = length
		}
		return 0, skip, bad, total, nil
	}
	return length, 0, bad, total, nil
}

// readLine reads up to a newline, keeping at most maxHeaderLine bytes:
// an endless line costs no memory. n counts every byte read.
func (s *stream) readLine() (string, int64, error) {
	b := []byte(s.pending)
	n := int64(len(s.pending))
	s.pending = ""
	for {
		chunk, err := s.in.ReadSlice('\n')
		n += int64(len(chunk))
		if room := maxHeaderLine + 1 - len(b); room > 0 {
			b = append(b, chunk[:min(len(chunk), room)]...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return string(b), n, err
	}
}

// skipToHeader discards input up to a "Content-Length:" (any case, even
// in the middle of a line, where a body without a newline left it) and
// keeps the header name as the start of the next line. It matches byte by byte:
// the pattern's first letter appears in it only once, so a mismatch
// restarts the match at that letter or at the start.
func (s *stream) skipToHeader() (int64, error) {
	var n int64
	matched := 0
	for {
		c, err := s.in.ReadByte()
		if err != nil {
			return n, fmt.Errorf("resynchronise: %w", err)
		}
		n++
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		switch {
		case c == contentLength[matched]:
			matched++
		case c == contentLength[0]:
			matched = 1
		default:
			matched = 0
		}
		if matched == len(contentLength) {
			s.pending = "Content-Length:"
			return n - int64(len(contentLength)), nil
		}
	}
}

// errTooLarge is a message over its size limit.
var errTooLarge = errors.New("message too large")

// checkSize refuses a message over maxMessage unless it syncs a document.
// Finding the method decodes nothing else: encoding/json skips the
// fields a struct does not name without allocating them.
func checkSize(data []byte) error {
	if len(data) <= maxMessage {
		return nil
	}
	var probe struct {
		Method string `json:"method"`
	}
	_ = json.Unmarshal(data, &probe) // not JSON: refused as too large
	switch probe.Method {
	case protocol.MethodTextDocumentDidOpen, protocol.MethodTextDocumentDidChange, protocol.MethodTextDocumentDidSave,
		// A checkout or an npm install changes thousands of files at once;
		// the events decode into typed structs, not interface{}.
		protocol.MethodWorkspaceDidChangeWatchedFiles:
		return nil
	}
	name := probe.Method
	if name == "" {
		name = "a message without a method"
	}
	return fmt.Errorf("%w: %s of %d bytes is over the limit of %d bytes (%d for document sync and watched files)", errTooLarge, name, len(data), maxMessage, maxSyncMessage)
}

// decode is jsonrpc2.DecodeMessage with a syntax check first: the
// segmentio decoder jsonrpc2 uses accepts some invalid JSON.
func decode(data []byte) (jsonrpc2.Message, error) {
	if !json.Valid(data) {
		return nil, errParse
	}
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return nil, errInvalidRequest
	}
	// jsonrpc2 takes a message without a method for a response, even
	// without a result or an error, and drops it as unknown; JSON-RPC says
	// it is an invalid request, answered with its id.
	var probe struct {
		Method, Result, Error json.RawMessage
	}
	if err := json.Unmarshal(trimmed, &probe); err != nil {
		return nil, fmt.Errorf("%w: %w", errInvalidRequest, err)
	}
	if probe.Method == nil && probe.Result == nil && probe.Error == nil {
		return nil, fmt.Errorf("%w: no method", errInvalidRequest)
	}
	msg, err := jsonrpc2.DecodeMessage(data)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errInvalidRequest, err)
	}
	return msg, nil
}

var (
	errParse          = errors.New("parse error")
	errInvalidRequest = errors.New("invalid request")
)

// Write sends a message in one write.
func (s *stream) Write(ctx context.Context, msg jsonrpc2.Message) (int64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	data, err := json.Marshal(msg)
	if err != nil {
		return 0, fmt.Errorf("marshal message: %w", err)
	}
	return s.writeRaw(data)
}

// writeRaw frames and sends a JSON body.
func (s *stream) writeRaw(body []byte) (int64, error) {
	frame := make([]byte, 0, len(body)+32)
	frame = append(frame, "Content-Length: "...)
	frame = strconv.AppendInt(frame, int64(len(body)), 10)
	frame = append(frame, "\r\n\r\n"...)
	frame = append(frame, body...)
	s.mu.Lock()
	defer s.mu.Unlock()
	n, err := s.rwc.Write(frame)
	if err != nil {
		return int64(n), fmt.Errorf("write message: %w", err)
	}
	return int64(n), nil
}

// Close closes the connection.
func (s *stream) Close() error { return s.rwc.Close() }

// writeError sends a JSON-RPC error response about a message that could
// not be decoded: with the message's id if one can be read, else null.
func (s *stream) writeError(data []byte, code jsonrpc2.Code, message string) error {
	var id json.RawMessage = []byte("null")
	var probe struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(data, &probe) == nil && len(probe.ID) > 0 && (probe.ID[0] == '"' || probe.ID[0] == '-' || probe.ID[0] >= '0' && probe.ID[0] <= '9') {
		id = probe.ID
	}
	body, err := json.Marshal(map[string]any{
		"jsonrpc": "2.0",
		"id":      id,
		"error":   map[string]any{"code": code, "message": message},
	})
	if err != nil {
		return err
	}
	_, err = s.writeRaw(body)
	return err
}
