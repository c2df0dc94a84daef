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
)

// maxMessage bounds one message's Content-Length (64 MiB).
const maxMessage = 64 << 20

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
		msg, err := s.decode(data)
		if err != nil {
			s.reject(data, err)
			continue
		}
		return msg, n, nil
	}
}

func (s *stream) reject(data []byte, err error) {
	if s.invalid != nil {
		s.invalid(data, err)
	}
}

// badFrameError is a framing problem the stream can skip past.
type badFrameError struct{ msg string }

func (e badFrameError) Error() string { return e.msg }

// maxHeaderLine bounds one header line; a longer one is not a header.
const maxHeaderLine = 4096

// contentLength is the header the stream resynchronises on.
const contentLength = "content-length:"

// readFrame reads headers up to the empty line, then the body. A header
// block without a usable Content-Length is reported (badFrameError) and
// skipped: when the announced length can be read (too large), exactly
// that many bytes are discarded; when it cannot (`Content-Length: abc`),
// the stream is scanned for the next "Content-Length:" so that the body
// is not taken for the next message's headers.
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
	if bad != "" {
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
		return nil, total, badFrameError{bad}
	}
	data := make([]byte, length)
	if _, err := io.ReadFull(s.in, data); err != nil {
		return nil, total, fmt.Errorf("read body: %w", err)
	}
	return data, total + length, nil
}

// readHeaders reads one header block. With bad set, skip is the number of
// body bytes to discard, or -1 when it is unknown.
func (s *stream) readHeaders() (length, skip int64, bad string, total int64, err error) {
	length, skip = -1, -1
	headers := false
	for {
		line, n, err := s.readLine()
		total += n
		if err != nil {
			return 0, 0, "", total, fmt.Errorf("read header: %w", err)
		}
		if n > maxHeaderLine {
			return 0, -1, fmt.Sprintf("header line of %d bytes", n), total, nil
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
			bad = fmt.Sprintf("invalid header line %q", line)
			continue
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			v, err := strconv.ParseInt(strings.TrimSpace(value), 10, 64)
			switch {
			case err != nil || v < 0:
				bad = fmt.Sprintf("invalid Content-Length %q", value)
			case v == 0 || v > maxMessage:
				bad = fmt.Sprintf("Content-Length %d is outside 1..%d", v, maxMessage)
				skip = v
			default:
				length, skip = v, v
			}
		}
	}
	if length < 0 && bad == "" {
		bad = "missing Content-Length header"
	}
	if bad != "" {
		// A known length, even a bad one, says where the next message starts.
		if length >= 0 {
			skip = length
		}
		return 0, skip, bad, total, nil
	}
	return length, 0, "", total, nil
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
