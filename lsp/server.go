package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"sync"
	"time"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/solc"
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// Options configure the language server.
type Options struct {
	// Log receives the server's log; nil discards it. It must not write to
	// the protocol's stdout.
	Log *zap.Logger
	// Version is reported in the initialize result.
	Version string
	// Compiler configures the toolchain the server creates; the solcPath
	// and solcVersion settings override its fields.
	Compiler solc.Config
	// Toolchain, if set, is used (and not closed) while the solcPath and
	// solcVersion settings are unset, so tests share one warm compiler.
	Toolchain *solc.Toolchain
}

// ErrNoShutdown is returned by Serve when the client sent exit without
// shutdown first, or closed the connection; the LSP specification asks for
// exit code 1 then.
var ErrNoShutdown = errors.New("connection ended without shutdown")

// lifecycle is where the server is between initialize and exit.
type lifecycle int

const (
	created lifecycle = iota
	initialized
	shuttingDown
)

// A server is one Foresight language server on one connection. Handlers
// are thin: they decode, update the session under mu, and hand long work
// (compiles, campaigns) to background runs owned by each project.
type server struct {
	opts   Options
	log    *zap.Logger
	stream *stream
	conn   jsonrpc2.Conn
	client protocol.Client
	routes map[string]handlerFunc

	// ctx lives as long as the server: background work and every message
	// to the client use it (jsonrpc2 refuses to write under a cancelled
	// context).
	ctx      context.Context
	cancel   context.CancelFunc
	bg       sync.WaitGroup // background runs
	bgMu     sync.Mutex     // guards stopping against bg.Add
	stopping bool

	mu          sync.Mutex // guards the fields below and every project
	state       lifecycle
	exited      bool
	caps        protocol.ClientCapabilities
	createFiles bool // the client applies CreateFile in workspace edits
	replayOpts  replayOptions
	settings    Settings
	trusted     bool           // the client says the workspace is trusted
	folders     []string       // workspace folders, resolved
	tooLarge    map[string]int // open documents over maxDocument: their size, by path
	tc          *toolchain
	setUps      *engine.SetUpCache               // set-ups kept across saves; nil when off
	docs        map[string]*document             // open documents, by path
	projects    map[string]*project              // by root
	solcDiag    map[string][]protocol.Diagnostic // compiler diagnostics, by path
	compiled    map[string]int32                 // document version they were computed on, by path
	reported    map[string]bool                  // messages already shown
	progress    map[string]*progress             // cancellable progress, by token
	seq         uint64                           // finding ids and progress tokens
	coverage    map[string]*rootCoverage         // by project root: its last run's (coverage.go)

	pubMu sync.Mutex // orders publishDiagnostics

	// suiteSlot is held by the one suites' compile that runs (pipeline_suites.go);
	// the others wait for it, and a newer save cancels a run still waiting.
	suiteSlot chan struct{}

	// beforeFullCompile, a test hook, runs between a run's analysis-only
	// compile and its full compile.
	beforeFullCompile func(ctx context.Context)
	// beforeSuitesCompile, a test hook, runs when a run's suites' compile
	// has the suite slot, before it compiles.
	beforeSuitesCompile func(ctx context.Context)

	exitCh   chan struct{} // closed by exit
	exitOnce sync.Once
}

// Serve runs a language server on rwc (stdin and stdout for an editor)
// until the client sends exit or the connection ends. It returns nil after
// shutdown and exit, ErrNoShutdown otherwise.
func Serve(ctx context.Context, rwc io.ReadWriteCloser, opts Options) error {
	return newServer(rwc, opts).run(ctx)
}

func newServer(rwc io.ReadWriteCloser, opts Options) *server {
	log := opts.Log
	if log == nil {
		log = zap.NewNop()
	}
	s := &server{
		opts:     opts,
		log:      log,
		docs:     map[string]*document{},
		projects: map[string]*project{},
		solcDiag: map[string][]protocol.Diagnostic{},
		compiled: map[string]int32{},
		reported: map[string]bool{},
		tooLarge: map[string]int{},
		progress: map[string]*progress{},
		settings: defaultSettings(),
		exitCh:   make(chan struct{}),

		suiteSlot: make(chan struct{}, 1),
	}
	if os.Getenv("FORESIGHT_SETUP_CACHE") != "off" { // off: the benchmarks' baseline
		s.setUps = engine.NewSetUpCache()
	}
	s.stream = newStream(rwc, s.invalidMessage)
	s.routes = s.makeRoutes()
	return s
}

func (s *server) run(ctx context.Context) error {
	s.ctx, s.cancel = context.WithCancel(context.WithoutCancel(ctx))
	s.conn = jsonrpc2.NewConn(s.stream)
	s.client = protocol.ClientDispatcher(s.conn, s.log.Named("client"))
	s.conn.Go(s.ctx, newQueue(s).handle)
	select {
	case <-s.conn.Done():
	case <-s.exitCh:
		// Do not wait for the read loop: a read from a terminal or pipe
		// may not return when it is closed.
		s.conn.Close()
	case <-ctx.Done():
		s.conn.Close()
	}
	s.stop()
	s.mu.Lock()
	clean := s.exited && s.state == shuttingDown
	s.mu.Unlock()
	if !clean {
		return ErrNoShutdown
	}
	return nil
}

// stopWait bounds how long exit waits for background work (a compile, a
// campaign, a corpus read) to notice its cancellation: exit ends the
// process within a second whatever runs.
const stopWait = 500 * time.Millisecond

// stop cancels background work, waits for it (at most stopWait), and
// closes the toolchain.
func (s *server) stop() {
	s.bgMu.Lock()
	s.stopping = true
	s.bgMu.Unlock()
	s.cancel()
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.bg.Wait()
		s.mu.Lock()
		tc := s.tc
		s.tc = nil
		s.mu.Unlock()
		tc.close()
	}()
	timer := time.NewTimer(stopWait)
	defer timer.Stop()
	select {
	case <-done:
	case <-timer.C:
		s.log.Warn("exit: background work did not stop in time; not waiting for it", zap.Duration("waited", stopWait))
	}
}

// invalidMessage answers a message that does not decode. It is called
// from the read loop, which must not write (over a synchronous pipe the
// client may be blocked writing to us), so the answer goes out from
// another goroutine.
func (s *server) invalidMessage(data []byte, err error) {
	code := jsonrpc2.InvalidRequest
	if errors.Is(err, errParse) || data == nil {
		code = jsonrpc2.ParseError
	}
	s.log.Warn("bad message", zap.Error(err), zap.ByteString("data", truncate(data, 200)))
	s.goSafe("error reply", func() {
		if errors.Is(err, errTooLarge) {
			// Else silent: a document over the limit is never opened.
			s.notifyOnce(protocol.MessageTypeWarning, fmt.Sprintf("foresight: ignored a message over the size limit (%d MiB, %d MiB for a document's text): see the log", maxMessage>>20, maxSyncMessage>>20))
		}
		if err := s.stream.writeError(data, code, err.Error()); err != nil {
			s.log.Warn("reply to bad message", zap.Error(err))
		}
	})
}

func truncate(b []byte, n int) []byte {
	if len(b) > n {
		return b[:n]
	}
	return b
}

// A handlerFunc handles one method: params in, result or error out.
type handlerFunc func(ctx context.Context, params json.RawMessage) (any, error)

// request adapts a typed request handler.
func request[P, R any](fn func(context.Context, *P) (R, error)) handlerFunc {
	return func(ctx context.Context, raw json.RawMessage) (any, error) {
		var p P
		if err := decodeParams(raw, &p); err != nil {
			return nil, err
		}
		return fn(ctx, &p)
	}
}

// notification adapts a typed notification handler.
func notification[P any](fn func(context.Context, *P) error) handlerFunc {
	return func(ctx context.Context, raw json.RawMessage) (any, error) {
		var p P
		if err := decodeParams(raw, &p); err != nil {
			return nil, err
		}
		return nil, fn(ctx, &p)
	}
}

func decodeParams(raw json.RawMessage, p any) error {
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	if err := json.Unmarshal(raw, p); err != nil {
		return jsonrpc2.Errorf(jsonrpc2.InvalidParams, "invalid params: %v", err)
	}
	return nil
}

// handle runs one message from the queue: every message, notifications
// included, must be replied to (or release the queue), or the next one
// never starts. A request the client cancelled gets RequestCancelled.
// It never returns an error, since that would close the connection.
func (s *server) handle(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
	_, isCall := req.(*jsonrpc2.Call)
	replied := false
	answer := func(result any, err error) {
		if replied {
			return
		}
		replied = true
		if isCall && cancelledByClient(ctx) {
			// Whatever the handler made of it, a cancelled request is
			// answered as cancelled (LSP's RequestCancelled).
			result, err = nil, jsonrpc2.Errorf(protocol.CodeRequestCancelled, "%s: request cancelled", req.Method())
		}
		// The reply is written even though ctx may be cancelled: the
		// stream refuses to write under a done context.
		if err := reply(context.WithoutCancel(ctx), result, err); err != nil {
			s.log.Warn("reply", zap.String("method", req.Method()), zap.Error(err))
		}
	}
	defer func() {
		if r := recover(); r != nil {
			s.recovered(req.Method(), r)
			answer(nil, jsonrpc2.Errorf(jsonrpc2.InternalError, "internal error in %s: %v", req.Method(), r))
		}
	}()
	if isCall && cancelledByClient(ctx) {
		answer(nil, nil) // cancelled while queued: never started
		return nil
	}
	result, err := s.dispatch(ctx, req)
	if err != nil {
		s.log.Debug("method failed", zap.String("method", req.Method()), zap.Error(err))
		err = withCode(err)
	}
	if !isCall && err != nil {
		s.log.Warn("notification failed", zap.String("method", req.Method()), zap.Error(err))
	}
	answer(result, err)
	return nil
}

// codeRequestFailed is LSP 3.17's RequestFailed: the request was valid but
// could not be carried out (protocol v0.12.0 predates it).
const codeRequestFailed jsonrpc2.Code = -32803

// withCode gives an error without a JSON-RPC code RequestFailed, keeping
// its message: jsonrpc2 would send it with code 0, which is no JSON-RPC
// error code.
func withCode(err error) error {
	var rpcErr *jsonrpc2.Error
	if errors.As(err, &rpcErr) {
		return err
	}
	return jsonrpc2.NewError(codeRequestFailed, err.Error())
}

// dispatch routes a message by method, enforcing the lifecycle.
func (s *server) dispatch(ctx context.Context, req jsonrpc2.Request) (any, error) {
	method := req.Method()
	_, isCall := req.(*jsonrpc2.Call)
	h, ok := s.routes[method]
	s.mu.Lock()
	state := s.state
	s.mu.Unlock()
	switch {
	case method == protocol.MethodExit:
	case state == created && method != protocol.MethodInitialize:
		if isCall {
			return nil, jsonrpc2.Errorf(jsonrpc2.ServerNotInitialized, "server not initialized")
		}
		return nil, nil
	case state != created && method == protocol.MethodInitialize:
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidRequest, "initialize sent twice")
	case state == shuttingDown:
		if isCall {
			return nil, jsonrpc2.Errorf(jsonrpc2.InvalidRequest, "server is shutting down")
		}
		return nil, nil
	}
	if !ok {
		if !isCall {
			return nil, nil // $/setTrace, ...: optional
		}
		return nil, jsonrpc2.Errorf(jsonrpc2.MethodNotFound, "method not found: %s", method)
	}
	s.log.Debug("handle", zap.String("method", method))
	return h(ctx, req.Params())
}

// makeRoutes lists the methods the server implements.
func (s *server) makeRoutes() map[string]handlerFunc {
	return map[string]handlerFunc{
		protocol.MethodInitialize:                         request(s.initialize),
		protocol.MethodInitialized:                        notification(s.initialized),
		protocol.MethodShutdown:                           request(s.shutdown),
		protocol.MethodExit:                               notification(s.exit),
		protocol.MethodTextDocumentDidOpen:                notification(s.didOpen),
		protocol.MethodTextDocumentDidChange:              notification(s.didChange),
		protocol.MethodTextDocumentDidSave:                notification(s.didSave),
		protocol.MethodTextDocumentDidClose:               notification(s.didClose),
		protocol.MethodTextDocumentCodeAction:             request(s.codeAction),
		protocol.MethodTextDocumentCodeLens:               request(s.codeLens),
		protocol.MethodTextDocumentHover:                  request(s.hover),
		protocol.MethodWorkspaceExecuteCommand:            request(s.executeCommand),
		protocol.MethodWorkspaceDidChangeConfiguration:    notification(s.didChangeConfiguration),
		protocol.MethodWorkspaceDidChangeWatchedFiles:     notification(s.didChangeWatchedFiles),
		protocol.MethodWorkDoneProgressCancel:             notification(s.workDoneProgressCancel),
		protocol.MethodWorkspaceDidChangeWorkspaceFolders: notification(s.didChangeWorkspaceFolders),
		methodGrantTrust:                                  notification(s.grantTrust),
		methodTestItems:                                   request(s.testItems),
	}
}

// recovered logs a panic and shows it to the user once per message.
func (s *server) recovered(where string, r any) {
	msg := fmt.Sprintf("foresight: internal error in %s: %v", where, r)
	s.log.Error("panic", zap.String("where", where), zap.Any("panic", r), zap.ByteString("stack", debug.Stack()))
	s.notifyOnce(protocol.MessageTypeError, msg)
}

// notifyOnce shows a message the first time and only logs it to the
// client's output afterwards, so a recurring problem does not nag.
func (s *server) notifyOnce(t protocol.MessageType, msg string) { s.notifyOnceAs(t, msg, msg) }

// notifyOnceAs is notifyOnce for messages that differ in details but say
// one thing, named by key (which must not be a message itself).
func (s *server) notifyOnceAs(t protocol.MessageType, key, msg string) {
	s.mu.Lock()
	seen := s.reported[key]
	s.reported[key] = true
	s.mu.Unlock()
	if seen {
		s.logMessage(t, msg)
		return
	}
	s.showMessage(t, msg)
}

// goSafe runs fn in the background, recovering panics. Once the server
// stops, it runs nothing.
func (s *server) goSafe(where string, fn func()) {
	s.bgMu.Lock()
	defer s.bgMu.Unlock()
	if s.stopping {
		return
	}
	s.bg.Add(1)
	go func() {
		defer s.bg.Done()
		defer func() {
			if r := recover(); r != nil {
				s.recovered(where, r)
			}
		}()
		fn()
	}()
}

func (s *server) showMessage(t protocol.MessageType, msg string) {
	if err := s.client.ShowMessage(s.ctx, &protocol.ShowMessageParams{Type: t, Message: msg}); err != nil {
		s.log.Debug("showMessage", zap.Error(err))
	}
}

func (s *server) logMessage(t protocol.MessageType, msg string) {
	if err := s.client.LogMessage(s.ctx, &protocol.LogMessageParams{Type: t, Message: msg}); err != nil {
		s.log.Debug("logMessage", zap.Error(err))
	}
}
