package lsp

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/foresight-sol/foresight/internal/fixtures"
	"go.lsp.dev/protocol"
)

// The benchmarks drive the built binary over its stdio, like an editor:
// every number includes JSON-RPC framing, the pipes and the server's
// scheduling. Run them with, e.g.,
//
//	go test -run XXX -bench 'SaveTo' -benchtime 10x ./lsp
//	go test -run XXX -bench MemorySaveFuzz -benchtime 200x -timeout 0 ./lsp
//
// They need node (the embedded solc-js compiler).

// pipes joins a child's stdout and stdin into one connection.
type pipes struct {
	io.Reader
	io.WriteCloser
	closeRead func() error
}

func (p pipes) Close() error {
	err := p.WriteCloser.Close()
	if cerr := p.closeRead(); err == nil {
		err = cerr
	}
	return err
}

// newProcClient starts `foresight lsp` as a process and initializes a
// fake client on its stdin and stdout. f.done receives the process's exit
// (nil for exit code 0); the server's log is printed if the test fails.
func newProcClient(tb testing.TB, settings map[string]any) *fakeClient {
	tb.Helper()
	return newProcClientEnv(tb, settings, nil)
}

// newProcClientEnv is newProcClient with env added to the server's
// environment (FORESIGHT_COMPILE_CACHE=off for a baseline).
func newProcClientEnv(tb testing.TB, settings map[string]any, env []string) *fakeClient {
	tb.Helper()
	return newProcClientBin(tb, "", settings, env)
}

// newProcClientBin is newProcClientEnv with another binary than this
// tree's ("": this tree's).
func newProcClientBin(tb testing.TB, bin string, settings map[string]any, env []string) *fakeClient {
	tb.Helper()
	if bin == "" {
		bin = fixtures.Binary(tb)
	}
	logFile := filepath.Join(tb.TempDir(), "server.log")
	cmd := exec.Command(bin, "lsp", "--log-file", logFile)
	cmd.Env = append(os.Environ(), env...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		tb.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		tb.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	f := connectFake(tb, pipes{Reader: stdout, WriteCloser: stdin, closeRead: stdout.Close}, settings)
	f.pid = cmd.Process.Pid
	go func() { f.done <- cmd.Wait() }()
	tb.Cleanup(func() {
		f.conn.Close()
		select {
		case <-f.done:
		case <-time.After(awaitTimeout):
			cmd.Process.Kill()
			tb.Errorf("server process did not exit")
		}
		if tb.Failed() {
			data, _ := os.ReadFile(logFile)
			tb.Logf("server log:\n%s", data)
		}
	})
	f.initialize(settings)
	return f
}

// genProject writes a Foundry-less project of about lines lines: files
// Gen<i>.sol of about 100 lines each (state, a struct, events, functions
// with branches and loops) and Main.sol, which imports them all. It
// returns Main.sol and the generated files.
func genProject(tb testing.TB, dir string, lines int) (main string, files []string) {
	tb.Helper()
	total := 0
	var imports strings.Builder
	for i := 0; total < lines; i++ {
		src := genContract(i)
		total += strings.Count(src, "\n")
		name := fmt.Sprintf("Gen%d.sol", i)
		files = append(files, writeFile(tb, dir, name, src))
		fmt.Fprintf(&imports, "import {Gen%d} from \"./Gen%d.sol\";\n", i, i)
	}
	main = writeFile(tb, dir, "Main.sol", "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\n\n"+imports.String()+`
contract Main {
    uint256 public constant ITER = 0;

    function ping() public pure returns (uint256) {
        return ITER;
    }
}
`)
	writeFile(tb, dir, "foundry.toml", "[profile.default]\nsrc = \".\"\n")
	return main, files
}

// genContract is one generated contract of about 100 lines.
func genContract(i int) string {
	var b strings.Builder
	fmt.Fprintf(&b, `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Generated for the language server's benchmarks.
contract Gen%d {
    struct Entry {
        uint256 amount;
        address owner;
        bool active;
    }

    mapping(address => uint256) public balances;
    mapping(uint256 => Entry) public entries;
    uint256 public total;
    uint256 public counter;

    event Deposited(address indexed who, uint256 amount);
`, i)
	for j := range 4 {
		fmt.Fprintf(&b, `
    function deposit%[1]d(uint256 amount) public {
        require(amount > 0, "zero");
        uint256 fee = amount / %[2]d;
        if (amount > %[3]d) {
            fee += %[1]d;
        }
        balances[msg.sender] += amount - fee;
        total += amount;
        counter++;
        emit Deposited(msg.sender, amount);
    }

    function store%[1]d(uint256 id, uint256 amount) public {
        entries[id %% 16] = Entry(amount %% 1000, msg.sender, true);
    }

    function sum%[1]d(uint256 n) public view returns (uint256 acc) {
        for (uint256 k = 0; k < n %% 16; k++) {
            if (entries[k].active) {
                acc += entries[k].amount * (k + %[1]d);
            }
        }
        return acc;
    }
`, j, j+2, 1000+j*i)
	}
	b.WriteString("}\n")
	return b.String()
}

// saveEdit replaces old by new in an open buffer and saves it.
func (f *fakeClient) saveEdit(path, old, new string) {
	f.t.Helper()
	f.replace(path, old, new)
	f.save(path)
}

// publishes returns how many times path's diagnostics were published.
func (f *fakeClient) publishes(path string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.publishN[path]
}

// endedRuns counts the progress tokens that ended.
func (f *fakeClient) endedRuns() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, tok := range f.tokens {
		if _, ok := f.endedLocked(tok); ok {
			n++
		}
	}
	return n
}

// BenchmarkSaveToCompilerDiagnostics measures didSave to the saved file's
// compiler diagnostics on a generated ~1,000-line project (11 files), with
// a warm solc-js worker. "clean": the edit compiles (a tiny campaign follows
// and is waited for outside the timer); "error": the edit is a type error,
// so nothing but the compile runs.
func BenchmarkSaveToCompilerDiagnostics(b *testing.B) {
	for _, variant := range []string{"clean", "error"} {
		b.Run(variant, func(b *testing.B) {
			dir := b.TempDir()
			main, files := genProject(b, dir, 1000)
			f := newProcClient(b, map[string]any{"fuzzExecs": 50, "fuzzBudgetSeconds": 0, "seed": 1, "workers": 1})
			f.open(main)
			f.awaitRunEnd(1) // the first compile loads the compiler
			runs := 1
			current := "uint256 public constant ITER = 0;"
			lines := strings.Count(f.texts[main], "\n")
			for _, p := range files {
				data, _ := os.ReadFile(p)
				lines += bytes.Count(data, []byte("\n"))
			}
			b.ResetTimer()
			for i := range b.N {
				next := fmt.Sprintf("uint256 public constant ITER = %d;", i+1)
				if variant == "error" {
					next = fmt.Sprintf("uint256 public constant ITER = \"iter %d\";", i+1)
				}
				b.StopTimer()
				f.replace(main, current, next)
				current = next
				before := f.publishes(main)
				b.StartTimer()
				f.save(main)
				if variant == "error" {
					want := fmt.Sprintf("\"iter %d\"", i+1)
					f.Await("the type error", func() bool {
						for _, d := range f.diags[main] {
							if d.Source == sourceSolc && strings.Contains(d.Message, want) {
								return true
							}
						}
						return false
					})
				} else {
					f.Await("the compiler's diagnostics", func() bool { return f.publishN[main] > before })
				}
				b.StopTimer()
				runs++
				f.awaitRunEnd(runs)
				if variant == "clean" {
					f.mu.Lock()
					n := len(f.diags[main])
					f.mu.Unlock()
					if n != 0 {
						b.Fatalf("the generated project has diagnostics: %v", f.diags[main])
					}
				}
				b.StartTimer()
			}
			b.StopTimer()
			b.ReportMetric(float64(lines), "lines")
			b.ReportMetric(float64(len(files)+1), "files")
			f.shutdown()
		})
	}
}

// BenchmarkSaveToFirstFinding measures didSave to the first finding
// diagnostic for the papers' examples, each iteration in a fresh project
// (no state, no stored corpus) on a warm server: one worker, a fixed seed
// and an execution budget, so every iteration runs the same campaign.
// compiled-ns/op is the part until the campaign starts (compile, diff).
// FoundrySetUp is a Foundry project whose vault has the bug of
// TestFoundrySetUpOnSave, reachable only from its invariant test's setUp()
// (never opened): the server finds that test, compiles it with forge-std's
// stand-in and fuzzes from the set-up.
func BenchmarkSaveToFirstFinding(b *testing.B) {
	example := func(file string) func(tb testing.TB, dir string) string {
		return func(tb testing.TB, dir string) string {
			src, err := os.ReadFile(filepath.Join(fixtures.RepoRoot(), "examples", file))
			if err != nil {
				tb.Fatal(err)
			}
			return writeFile(tb, dir, file, string(src))
		}
	}
	for _, tt := range []struct {
		name  string
		write func(tb testing.TB, dir string) string // the project; returns the file to save
		line  uint32                                 // zero-based line of the finding
	}{
		{"SequenceFoo", example("SequenceFoo.sol"), 16},
		{"PathsBaz", example("PathsBaz.sol"), 15},
		{"FoundrySetUp", func(tb testing.TB, dir string) string {
			vault := foundrySetUpProject(tb, dir, false)
			writeFile(tb, dir, "src/Vault.sol", strings.Replace(setUpVault, plantedAt, plantedBug, 1))
			return vault
		}, plantedLn},
		savedProject(b),
	} {
		if tt.name == "" {
			continue
		}
		b.Run(tt.name, func(b *testing.B) {
			f := newProcClient(b, map[string]any{"fuzzExecs": 60_000, "fuzzBudgetSeconds": 0, "seed": 2, "workers": 1})
			// Warm the compiler on the same project.
			f.open(tt.write(b, b.TempDir()))
			f.awaitRunEnd(1)
			runs := 1
			var compile time.Duration
			b.ResetTimer()
			for range b.N {
				b.StopTimer()
				path := tt.write(b, b.TempDir())
				f.mu.Lock()
				tokens := len(f.tokens)
				f.mu.Unlock()
				b.StartTimer()
				start := time.Now()
				// A save without didOpen: the server compiles the file from
				// disk, so no run on open competes with the save's.
				f.notify(protocol.MethodTextDocumentDidSave, protocol.DidSaveTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: uriOf(path)}})
				// A clean file that is not open gets no publish: the
				// progress report "fuzzing ..." marks the compile's end.
				var run string
				f.Await("the campaign's start", func() bool {
					for _, tok := range f.tokens[tokens:] {
						for _, e := range f.progress[tok] {
							if e.Kind == "report" && strings.HasPrefix(e.Message, "fuzzing") {
								run = tok
								return true
							}
						}
					}
					return false
				})
				compile += time.Since(start)
				f.Await("the finding", func() bool {
					for _, d := range f.findingsLocked(path) {
						if d.Range.Start.Line == tt.line {
							return true
						}
					}
					return false
				})
				b.StopTimer()
				// The rest of the budget is not measured: stop it.
				f.notify(protocol.MethodWorkDoneProgressCancel, map[string]any{"token": run})
				runs++
				f.awaitRunEnd(runs)
				b.StartTimer()
			}
			b.StopTimer()
			b.ReportMetric(float64(compile.Nanoseconds())/float64(b.N), "compiled-ns/op")
			f.shutdown()
		})
	}
}

// savedProject is BenchmarkSaveToFirstFinding's case for a real project
// on disk, FORESIGHT_SAVE_PROJECT=DIR:FILE:LINE (a planted project of
// scripts/check-realworld, FILE relative to DIR, LINE one-based): each
// iteration saves FILE in a fresh copy of DIR. Unset, no case.
func savedProject(b *testing.B) (c struct {
	name  string
	write func(tb testing.TB, dir string) string
	line  uint32
}) {
	spec := os.Getenv("FORESIGHT_SAVE_PROJECT")
	parts := strings.Split(spec, ":")
	if len(parts) != 3 {
		return c
	}
	line, err := strconv.Atoi(parts[2])
	if err != nil || line < 1 {
		b.Fatalf("FORESIGHT_SAVE_PROJECT=%s: want DIR:FILE:LINE", spec)
	}
	c.name, c.line = "Project/"+filepath.Base(parts[0]), uint32(line-1)
	c.write = func(tb testing.TB, dir string) string {
		if err := os.CopyFS(dir, os.DirFS(parts[0])); err != nil {
			tb.Fatal(err)
		}
		return filepath.Join(dir, filepath.FromSlash(parts[1]))
	}
	return c
}

// BenchmarkMemorySaveFuzz runs b.N save/fuzz cycles on a generated
// ~3,000-line project: each cycle edits a function of one contract (in
// turn), saves, and waits for the campaign (a fixed execution budget) to
// end. It reports the server's resident memory (VmRSS) after the first
// cycle and after the last, its peak (VmHWM), and the solc-js worker's
// RSS at the end. Run it with -benchtime Nx: b.N is the number of cycles.
func BenchmarkMemorySaveFuzz(b *testing.B) {
	dir := b.TempDir()
	main, files := genProject(b, dir, 3000)
	f := newProcClient(b, map[string]any{"fuzzExecs": 10_000, "fuzzBudgetSeconds": 0, "seed": 1, "workers": 1})
	f.open(main)
	for _, p := range files {
		f.open(p)
	}
	// Each open cancels the run of the one before; the last run compiles
	// every file and is the only one that is not cancelled.
	last := filepath.Base(files[len(files)-1])
	f.Await("the run with every file", func() bool {
		for _, tok := range f.tokens {
			evs := f.progress[tok]
			msg, ended := f.endedLocked(tok)
			if ended && len(evs) > 0 && strings.Contains(evs[0].Message, last) && !strings.HasPrefix(msg, "cancelled") {
				return true
			}
		}
		return false
	})
	runs := f.endedRuns()
	// The first cycle warms everything; memory is measured from its end.
	var startRSS, endRSS int64
	cycle := func(i int) {
		path := files[i%len(files)]
		fn := fmt.Sprintf("fee += %d;", i%4)
		f.mu.Lock()
		text := f.texts[path]
		f.mu.Unlock()
		at := strings.Index(text, "            fee += ")
		end := at + strings.Index(text[at:], "\n")
		f.saveEdit(path, text[at:end], "            "+fn+" // cycle "+strconv.Itoa(i))
		runs++
		f.awaitRunEnd(runs)
	}
	var series []string // MB after each cycle, for the log
	b.ResetTimer()
	for i := range b.N {
		cycle(i)
		b.StopTimer()
		rss := procStatus(b, f.pid, "VmRSS")
		if i == 0 {
			startRSS = rss
		}
		series = append(series, strconv.FormatInt(rss/1024, 10))
		b.StartTimer()
	}
	b.StopTimer()
	endRSS = procStatus(b, f.pid, "VmRSS")
	b.ReportMetric(float64(startRSS)/1024, "rss-start-MB")
	b.ReportMetric(float64(endRSS)/1024, "rss-end-MB")
	b.ReportMetric(float64(procStatus(b, f.pid, "VmHWM"))/1024, "rss-peak-MB")
	var worker int64
	for _, child := range children(f.pid) {
		worker += procStatus(b, child, "VmRSS")
	}
	b.ReportMetric(float64(worker)/1024, "worker-rss-MB")
	b.Logf("%d cycles on %d files: server RSS %d MB after the first, %d MB after the last; solc-js worker %d MB; by cycle (MB): %s",
		b.N, len(files)+1, startRSS/1024, endRSS/1024, worker/1024, strings.Join(series, " "))
	f.shutdown()
}

// procStatus reads a kB field of /proc/<pid>/status (VmRSS, VmHWM).
func procStatus(tb testing.TB, pid int, field string) int64 {
	tb.Helper()
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		tb.Fatalf("memory of process %d: %v", pid, err)
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		name, value, ok := strings.Cut(sc.Text(), ":")
		if !ok || name != field {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(value), "kB")), 10, 64)
		if err != nil {
			tb.Fatalf("%s of process %d: %v", field, pid, err)
		}
		return kb
	}
	tb.Fatalf("no %s in /proc/%d/status", field, pid)
	return 0
}

// children lists the child processes of pid (the solc-js worker).
func children(pid int) []int {
	var out []int
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		child, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", child))
		if err != nil {
			continue
		}
		// The command may contain spaces and parentheses: fields follow
		// the last ')'.
		rest := string(data[bytes.LastIndexByte(data, ')')+1:])
		fields := strings.Fields(rest)
		if len(fields) > 1 && fields[1] == strconv.Itoa(pid) {
			out = append(out, child)
		}
	}
	return out
}
