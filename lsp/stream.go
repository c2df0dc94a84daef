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

	mu sync.Mutex // serialises writes
}

func newStream(rwc io.ReadWriteCloser, invalid func(data []byte, err error)) *stream {
	return &stream{rwc: rwc, in: bufio.NewReader(rwc), invalid: invalid}
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
		msg, err := decode(data)
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

// readFrame reads headers up to the empty line, then the body.
func (s *stream) readFrame() ([]byte, int64, error) {
	var total int64
	length := int64(-1)
	var bad string
	headers := false
	for {
		line, err := s.in.ReadString('\n')
		total += int64(len(line))
		if err != nil {
			return nil, total, fmt.Errorf("read header: %w", err)
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
			n, err := strconv.ParseInt(strings.TrimSpace(value), 10, 64)
			if err != nil || n <= 0 || n > maxMessage {
				bad = fmt.Sprintf("invalid Content-Length %q", value)
				continue
			}
			length = n
		}
	}
	if length < 0 {
		if bad == "" {
			bad = "missing Content-Length header"
		}
		return nil, total, badFrameError{bad}
	}
	data := make([]byte, length)
	if _, err := io.ReadFull(s.in, data); err != nil {
		return nil, total, fmt.Errorf("read body: %w", err)
	}
	total += length
	if bad != "" {
		return nil, total, badFrameError{bad}
	}
	return data, total, nil
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
