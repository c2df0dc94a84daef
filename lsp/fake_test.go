package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/foresight-sol/foresight/internal/fixtures"
	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

var (
	toolchainOnce sync.Once
	sharedTC      *solc.Toolchain
)

// testToolchain is shared by every test server so the solc-js worker
// stays warm (servers do not close a toolchain they were given).
func testToolchain() *solc.Toolchain {
	toolchainOnce.Do(func() { sharedTC = solc.NewToolchain(solc.Config{NoNative: true}) })
	return sharedTC
}

func TestMain(m *testing.M) {
	code := m.Run()
	if sharedTC != nil {
		sharedTC.Close()
	}
	fixtures.RemoveBinary()
	os.Exit(code)
}

// awaitTimeout bounds every Await; generous, since CI machines are slow
// and the first compile may start node.
const awaitTimeout = 2 * time.Minute

// progressEvent is one $/progress value.
type progressEvent struct {
	Kind        string  `json:"kind"`
	Title       string  `json:"title"`
	Message     string  `json:"message"`
	Cancellable bool    `json:"cancellable"`
	Percentage  *uint32 `json:"percentage"`
}

// journalEntry is one notification from the server, in arrival order.
type journalEntry struct {
	method string
	path   string                // publishDiagnostics
	diags  []protocol.Diagnostic // publishDiagnostics
	token  string                // $/progress
	event  progressEvent         // $/progress
	at     time.Time             // when it arrived (the benchmarks' timelines)
}

// fakeClient is an editor in the same process: real jsonrpc2 framing over
// a net.Pipe, recording what the server sends and answering its requests.
// Tests change state through it and Await conditions on what it recorded.
type fakeClient struct {
	t      testing.TB
	conn   jsonrpc2.Conn
	stream *stream
	done   chan error  // the server's end: Serve's result, or the process's exit
	logs   *syncBuffer // the in-process server's log
	pid    int         // the server process (newProcClient), or 0
	srv    *server     // the in-process server (newFake), or nil

	mu       sync.Mutex
	changed  chan struct{}                    // closed and replaced on every event
	diags    map[string][]protocol.Diagnostic // latest, by path
	publishN map[string]int                   // publishes, by path
	progress map[string][]progressEvent       // by token
	tokens   []string                         // in creation order
	shown    []protocol.ShowMessageParams
	logged   []protocol.LogMessageParams
	edits    []json.RawMessage // workspace/applyEdit params
	invalid  []json.RawMessage // messages from the server that are not requests or known responses
	sent     []sentCall        // requests the client sent, in order
	cancels  []json.RawMessage // $/cancelRequest params from the server
	journal  []journalEntry    // publishes and progress, in order
	holdEdit chan struct{}     // if set, workspace/applyEdit is answered once it closes
	settings map[string]any    // the "foresight" section
	versions map[string]int32
	texts    map[string]string
	folders  []string // workspace folders sent with initialize
	noCreate bool     // initialize without workspaceEdit.resourceOperations
	// coverageCap asks for foresight/coverage (coverage.go), recorded
	// in coverage.
	coverageCap bool
	coverage    []coverageParams
}

// fakeOptions adjust a fake session.
type fakeOptions struct {
	settings map[string]any
	routes   map[string]handlerFunc // extra server routes (test hooks)
	noInit   bool                   // skip initialize
	// beforeFullCompile runs between each run's analysis-only and full
	// compiles.
	beforeFullCompile func(ctx context.Context)
	// beforeSuitesCompile runs when a run's suites' compile has the
	// server's slot, before it compiles.
	beforeSuitesCompile func(ctx context.Context)
	// initOptions are extra initializationOptions beside "foresight".
	initOptions map[string]any
	// folders are the workspaceFolders initialize names (none: rootUri
	// null, single-file mode).
	folders []string
	// noCreate: the client cannot create files in workspace edits.
	noCreate bool
	// compiler, if set, makes the server build its own toolchain from
	// it instead of sharing the warm one.
	compiler *solc.Config
	// coverage: the client asks for foresight/coverage notifications.
	coverage bool
}

// newFake starts a server and a client on a pipe and initializes them.
func newFake(t *testing.T, o fakeOptions) *fakeClient {
	t.Helper()
	serverSide, clientSide := net.Pipe()
	logs := &syncBuffer{}
	log := zap.New(zapcore.NewCore(zapcore.NewConsoleEncoder(zap.NewDevelopmentEncoderConfig()), zapcore.AddSync(logs), zapcore.DebugLevel))
	opts := Options{Log: log, Version: "test", Toolchain: testToolchain()}
	if o.compiler != nil {
		opts.Toolchain, opts.Compiler = nil, *o.compiler
	}
	srv := newServer(serverSide, opts)
	for m, h := range o.routes {
		srv.routes[m] = h
	}
	srv.beforeFullCompile = o.beforeFullCompile
	srv.beforeSuitesCompile = o.beforeSuitesCompile
	f := connectFake(t, clientSide, o.settings)
	f.logs = logs
	f.srv = srv
	f.folders = o.folders
	f.noCreate = o.noCreate
	f.coverageCap = o.coverage
	go func() { f.done <- srv.run(context.Background()) }()
	t.Cleanup(func() {
		f.conn.Close()
		select {
		case <-f.done:
		case <-time.After(awaitTimeout):
			t.Errorf("server did not stop")
		}
		if t.Failed() {
			t.Logf("server log:\n%s", logs.String())
		}
	})
	if !o.noInit {
		f.initializeWith(o.settings, o.initOptions)
	}
	return f
}

// connectFake makes a client on one end of a connection; the caller
// starts the server on the other and sends f.done its end.
func connectFake(t testing.TB, rwc io.ReadWriteCloser, settings map[string]any) *fakeClient {
	f := &fakeClient{
		t: t, done: make(chan error, 1), logs: &syncBuffer{},
		changed: make(chan struct{}), diags: map[string][]protocol.Diagnostic{}, publishN: map[string]int{},
		progress: map[string][]progressEvent{}, settings: settings,
		versions: map[string]int32{}, texts: map[string]string{},
	}
	f.stream = newStream(rwc, func(data []byte, err error) {
		f.update(func() { f.invalid = append(f.invalid, append(json.RawMessage(nil), data...)) })
	})
	f.conn = jsonrpc2.NewConn(recordingStream{f.stream, f})
	f.conn.Go(context.Background(), f.handle)
	return f
}

func (f *fakeClient) initialize(settings map[string]any) {
	f.t.Helper()
	f.initializeWith(settings, nil)
}

// initializeWith initializes with extra initializationOptions.
func (f *fakeClient) initializeWith(settings, extra map[string]any) {
	f.t.Helper()
	options := map[string]any{"foresight": settings}
	for k, v := range extra {
		options[k] = v
	}
	params := map[string]any{
		"processId": os.Getpid(),
		"rootUri":   nil,
		"capabilities": map[string]any{
			"window": map[string]any{"workDoneProgress": true},
			"workspace": map[string]any{
				"applyEdit":     true,
				"configuration": true,
				"workspaceEdit": map[string]any{"documentChanges": true, "resourceOperations": []string{"create"}},
			},
		},
		"initializationOptions": options,
	}
	if f.noCreate {
		params["capabilities"].(map[string]any)["workspace"].(map[string]any)["workspaceEdit"] = map[string]any{}
	}
	if f.coverageCap {
		params["capabilities"].(map[string]any)["experimental"] = map[string]any{capCoverage: true}
	}
	if len(f.folders) > 0 {
		var folders []map[string]any
		for _, dir := range f.folders {
			folders = append(folders, map[string]any{"uri": uriOf(dir), "name": filepath.Base(dir)})
		}
		params["workspaceFolders"] = folders
		params["rootUri"] = uriOf(f.folders[0])
	}
	var res protocol.InitializeResult
	if err := f.call(protocol.MethodInitialize, params, &res); err != nil {
		f.t.Fatalf("initialize: %v", err)
	}
	if err := f.conn.Notify(context.Background(), protocol.MethodInitialized, map[string]any{}); err != nil {
		f.t.Fatalf("initialized: %v", err)
	}
}

// handle answers the server's requests and records its notifications.
func (f *fakeClient) handle(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
	params := req.Params()
	switch req.Method() {
	case protocol.MethodTextDocumentPublishDiagnostics:
		var p protocol.PublishDiagnosticsParams
		if err := json.Unmarshal(params, &p); err != nil {
			return reply(ctx, nil, err)
		}
		path, _ := pathOf(p.URI)
		f.update(func() {
			f.diags[path] = p.Diagnostics
			f.publishN[path]++
			f.journal = append(f.journal, journalEntry{method: req.Method(), path: path, diags: p.Diagnostics, at: time.Now()})
		})
	case protocol.MethodProgress:
		var p struct {
			Token any           `json:"token"`
			Value progressEvent `json:"value"`
		}
		if err := json.Unmarshal(params, &p); err != nil {
			return reply(ctx, nil, err)
		}
		tok := fmt.Sprint(p.Token)
		f.update(func() {
			f.progress[tok] = append(f.progress[tok], p.Value)
			f.journal = append(f.journal, journalEntry{method: req.Method(), token: tok, event: p.Value, at: time.Now()})
		})
	case protocol.MethodWorkDoneProgressCreate:
		var p struct {
			Token any `json:"token"`
		}
		_ = json.Unmarshal(params, &p)
		f.update(func() { f.tokens = append(f.tokens, fmt.Sprint(p.Token)) })
		return reply(ctx, nil, nil)
	case protocol.MethodWindowShowMessage:
		var p protocol.ShowMessageParams
		_ = json.Unmarshal(params, &p)
		f.update(func() { f.shown = append(f.shown, p) })
	case protocol.MethodWindowLogMessage:
		var p protocol.LogMessageParams
		_ = json.Unmarshal(params, &p)
		f.update(func() { f.logged = append(f.logged, p) })
	case protocol.MethodWorkspaceConfiguration:
		f.mu.Lock()
		st := f.settings
		f.mu.Unlock()
		return reply(ctx, []any{st}, nil)
	case protocol.MethodWorkspaceApplyEdit:
		var hold chan struct{}
		f.update(func() {
			f.edits = append(f.edits, append(json.RawMessage(nil), params...))
			hold = f.holdEdit
		})
		if hold != nil {
			// Answer later, from another goroutine: the read loop must go
			// on reading the server's messages.
			go func() {
				<-hold
				_ = reply(ctx, map[string]any{"applied": true}, nil)
			}()
			return nil
		}
		return reply(ctx, map[string]any{"applied": true}, nil)
	case methodCoverage:
		var p coverageParams
		if err := json.Unmarshal(params, &p); err != nil {
			return reply(ctx, nil, err)
		}
		f.update(func() { f.coverage = append(f.coverage, p) })
	case protocol.MethodCancelRequest:
		f.update(func() { f.cancels = append(f.cancels, append(json.RawMessage(nil), params...)) })
	case protocol.MethodClientRegisterCapability, "workspace/codeLens/refresh":
		return reply(ctx, nil, nil)
	default:
		return reply(ctx, nil, jsonrpc2.Errorf(jsonrpc2.MethodNotFound, "fake client: %s", req.Method()))
	}
	return reply(ctx, nil, nil)
}

// update changes the recorded state and wakes Await.
func (f *fakeClient) update(fn func()) {
	f.mu.Lock()
	defer f.mu.Unlock()
	fn()
	close(f.changed)
	f.changed = make(chan struct{})
}

// Await waits until cond, evaluated on the recorded state (under the
// fake's lock), holds; it fails the test after awaitTimeout.
func (f *fakeClient) Await(what string, cond func() bool) {
	f.t.Helper()
	deadline := time.NewTimer(awaitTimeout)
	defer deadline.Stop()
	for {
		f.mu.Lock()
		ok := cond()
		ch := f.changed
		f.mu.Unlock()
		if ok {
			return
		}
		select {
		case <-ch:
		case <-deadline.C:
			f.mu.Lock()
			state := f.describe()
			f.mu.Unlock()
			f.t.Fatalf("timed out waiting for %s\nclient state:\n%s", what, state)
		}
	}
}

// describe summarises the recorded state for failure messages.
func (f *fakeClient) describe() string {
	var b strings.Builder
	for path, ds := range f.diags {
		fmt.Fprintf(&b, "diagnostics %s (%d publishes):\n", filepath.Base(path), f.publishN[path])
		for _, d := range ds {
			fmt.Fprintf(&b, "  %d:%d %s %v %s\n", d.Range.Start.Line, d.Range.Start.Character, d.Source, d.Code, d.Message)
		}
	}
	for _, tok := range f.tokens {
		fmt.Fprintf(&b, "progress %s: %+v\n", tok, f.progress[tok])
	}
	for _, m := range f.shown {
		fmt.Fprintf(&b, "shown: %s\n", m.Message)
	}
	return b.String()
}

// call sends a request and decodes its result.
func (f *fakeClient) call(method string, params, result any) error {
	ctx, cancel := context.WithTimeout(context.Background(), awaitTimeout)
	defer cancel()
	_, err := f.conn.Call(ctx, method, params, result)
	return err
}

// sentCall is a request the client sent.
type sentCall struct {
	method string
	id     jsonrpc2.ID
}

// recordingStream records the ids of the client's requests, which
// jsonrpc2.Conn.Call only returns once they are answered, so that tests can
// cancel requests in flight.
type recordingStream struct {
	*stream
	f *fakeClient
}

func (r recordingStream) Write(ctx context.Context, msg jsonrpc2.Message) (int64, error) {
	if c, ok := msg.(*jsonrpc2.Call); ok {
		r.f.update(func() { r.f.sent = append(r.f.sent, sentCall{method: c.Method(), id: c.ID()}) })
	}
	return r.stream.Write(ctx, msg)
}

// pendingCall is a request started with start.
type pendingCall struct {
	id   jsonrpc2.ID
	done chan error
}

// start sends a request without waiting for its answer; wait returns it.
func (f *fakeClient) start(method string, params, result any) *pendingCall {
	f.t.Helper()
	f.mu.Lock()
	before := len(f.sent)
	f.mu.Unlock()
	pc := &pendingCall{done: make(chan error, 1)}
	go func() { pc.done <- f.call(method, params, result) }()
	f.Await(method+" sent", func() bool {
		for _, c := range f.sent[before:] {
			if c.method == method {
				pc.id = c.id
				return true
			}
		}
		return false
	})
	return pc
}

// wait returns the answer of a started request.
func (pc *pendingCall) wait(t testing.TB) error {
	t.Helper()
	select {
	case err := <-pc.done:
		return err
	case <-time.After(awaitTimeout):
		t.Fatalf("request %v not answered", pc.id)
		return nil
	}
}

// cancel sends $/cancelRequest for a started request.
func (f *fakeClient) cancel(pc *pendingCall) {
	f.t.Helper()
	f.notify(protocol.MethodCancelRequest, map[string]any{"id": &pc.id})
}

func (f *fakeClient) notify(method string, params any) {
	f.t.Helper()
	if err := f.conn.Notify(context.Background(), method, params); err != nil {
		f.t.Fatalf("%s: %v", method, err)
	}
}

// open opens a file from disk.
func (f *fakeClient) open(path string) {
	f.t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		f.t.Fatal(err)
	}
	f.mu.Lock()
	f.versions[path] = 1
	f.texts[path] = string(data)
	f.mu.Unlock()
	f.notify(protocol.MethodTextDocumentDidOpen, protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: uriOf(path), LanguageID: "solidity", Version: 1, Text: string(data),
	}})
}

// replace edits the buffer: the first occurrence of old becomes new, sent
// as an incremental change with UTF-16 positions.
func (f *fakeClient) replace(path, old, new string) {
	f.t.Helper()
	f.mu.Lock()
	text := f.texts[path]
	i := strings.Index(text, old)
	if i < 0 {
		f.mu.Unlock()
		f.t.Fatalf("%q not in %s", old, path)
	}
	src := session.NewText([]byte(text))
	r := rangeIn(src, i, i+len(old))
	f.versions[path]++
	v := f.versions[path]
	f.texts[path] = text[:i] + new + text[i+len(old):]
	f.mu.Unlock()
	f.notify(protocol.MethodTextDocumentDidChange, map[string]any{
		"textDocument":   map[string]any{"uri": uriOf(path), "version": v},
		"contentChanges": []any{map[string]any{"range": r, "text": new}},
	})
}

// save writes the buffer to disk and sends didSave.
func (f *fakeClient) save(path string) {
	f.t.Helper()
	f.mu.Lock()
	text := f.texts[path]
	f.mu.Unlock()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		f.t.Fatal(err)
	}
	f.notify(protocol.MethodTextDocumentDidSave, protocol.DidSaveTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: uriOf(path)}})
}

// configure pushes new settings.
func (f *fakeClient) configure(settings map[string]any) {
	f.t.Helper()
	f.mu.Lock()
	f.settings = settings
	f.mu.Unlock()
	f.notify(protocol.MethodWorkspaceDidChangeConfiguration, map[string]any{"settings": map[string]any{"foresight": settings}})
}

// shutdown sends shutdown and exit and waits for the server to end.
func (f *fakeClient) shutdown() {
	f.t.Helper()
	if err := f.call(protocol.MethodShutdown, nil, nil); err != nil {
		f.t.Fatalf("shutdown: %v", err)
	}
	f.notify(protocol.MethodExit, nil)
	select {
	case err := <-f.done:
		f.done <- err // for Cleanup
		if err != nil {
			f.t.Errorf("server ended with %v after shutdown and exit", err)
		}
	case <-time.After(awaitTimeout):
		f.t.Fatal("server did not exit")
	}
}

// findings returns the foresight diagnostics of a file that are findings,
// not notes about contracts that were not fuzzed (lock held).
func (f *fakeClient) findingsLocked(path string) []protocol.Diagnostic {
	var out []protocol.Diagnostic
	for _, d := range f.diags[path] {
		if d.Source == sourceFindings && d.Code != codeNotFuzzed {
			out = append(out, d)
		}
	}
	return out
}

// notesLocked returns the notes of a file about contracts that were not
// fuzzed (lock held).
func (f *fakeClient) notesLocked(path string) []protocol.Diagnostic {
	var out []protocol.Diagnostic
	for _, d := range f.diags[path] {
		if d.Source == sourceFindings && d.Code == codeNotFuzzed {
			out = append(out, d)
		}
	}
	return out
}

// lines returns the sorted start lines of diagnostics.
func lines(ds []protocol.Diagnostic) []uint32 {
	var out []uint32
	for _, d := range ds {
		out = append(out, d.Range.Start.Line)
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// ended reports whether a progress token has ended, and its message.
func (f *fakeClient) endedLocked(tok string) (string, bool) {
	for _, e := range f.progress[tok] {
		if e.Kind == "end" {
			return e.Message, true
		}
	}
	return "", false
}

// syncBuffer is a goroutine-safe log sink.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// writeFile writes a file under dir and returns its path.
func writeFile(t testing.TB, dir, rel, content string) string {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}
