package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/foresight-sol/foresight/engine/corpus"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/internal/fixtures"
)

// TestHelperForesight is the foresight command when run as a helper
// process by the tests below (the arguments follow "--").
func TestHelperForesight(t *testing.T) {
	if os.Getenv("FORESIGHT_HELPER") != "1" {
		return
	}
	args := os.Args
	for i, a := range args {
		if a == "--" {
			args = args[i+1:]
			break
		}
	}
	os.Exit(run(context.Background(), args, os.Stdout, os.Stderr))
}

// sharing records what the processes of a test wrote and ran.
type sharing struct {
	mu      sync.Mutex
	written []map[string]bool // per process
	ran     []map[string]bool
	done    chan struct{}
	closed  bool
}

var corpusLog = regexp.MustCompile(`corpus: (input written|input from another process run)\s+\{"name": "([^"]+)"\}`)

// crossed reports whether each process ran an input the other wrote.
func (s *sharing) crossed() bool {
	for p := range s.ran {
		other := s.written[1-p]
		ok := false
		for n := range s.ran[p] {
			ok = ok || other[n]
		}
		if !ok {
			return false
		}
	}
	return true
}

func (s *sharing) watch(p int, line string) {
	m := corpusLog.FindStringSubmatch(line)
	if m == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if m[1] == "input written" {
		s.written[p][m[2]] = true
	} else {
		s.ran[p][m[2]] = true
	}
	if !s.closed && s.crossed() {
		s.closed = true
		close(s.done)
	}
}

// TestSharedCorpusTwoProcesses runs two fuzz processes on one corpus
// directory until each has run an input the other found, kills both while
// they write, and checks that every input file is whole, named by its
// content, and stored once.
func TestSharedCorpusTwoProcesses(t *testing.T) {
	maze, err := filepath.Abs("../../engine/testdata/bench/Maze.sol")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	s := &sharing{done: make(chan struct{})}
	exited := make(chan error, 2)
	var cmds []*exec.Cmd
	for p, seed := range []string{"1", "2"} {
		s.written = append(s.written, map[string]bool{})
		s.ran = append(s.ran, map[string]bool{})
		cmd := exec.Command(os.Args[0], "-test.run=^TestHelperForesight$", "--", "fuzz", maze,
			"--corpus", dir, "--corpus-sync", "50ms", "--seed", seed, "--timeout", "0", "-v")
		cmd.Env = append(os.Environ(), "FORESIGHT_HELPER=1")
		stderr, err := cmd.StderrPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cmd.Process.Kill() })
		go func() {
			sc := bufio.NewScanner(stderr)
			for sc.Scan() {
				s.watch(p, sc.Text())
			}
			exited <- cmd.Wait()
		}()
		cmds = append(cmds, cmd)
	}
	select {
	case <-s.done:
	case err := <-exited:
		t.Fatalf("a fuzz process ended before both ran each other's inputs: %v", err)
	}
	// Killed mid-campaign: both are writing new inputs as fast as they
	// find them.
	for _, cmd := range cmds {
		cmd.Process.Signal(syscall.SIGKILL)
	}
	for range cmds {
		<-exited
	}
	s.mu.Lock()
	t.Logf("written %d and %d inputs, ran %d and %d of the other's", len(s.written[0]), len(s.written[1]), len(s.ran[0]), len(s.ran[1]))
	s.mu.Unlock()
	checkCorpusDir(t, dir)
}

// checkCorpusDir fails unless every input file of dir parses and is named
// by its content, no two files hold one input, and a load skips nothing.
func checkCorpusDir(t *testing.T, dir string) {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(dir, "inputs"))
	if err != nil {
		t.Fatal(err)
	}
	inputs := 0
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".tmp-") {
			continue // a write the kill interrupted; readers skip it
		}
		data, err := os.ReadFile(filepath.Join(dir, "inputs", e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		in, err := corpus.ParseInput(data)
		if err != nil {
			t.Errorf("%s: %v", e.Name(), err)
			continue
		}
		enc, name, _ := corpus.EncodeInput(in)
		if name != e.Name() || string(enc) != string(data) {
			t.Errorf("%s holds the input named %s", e.Name(), name)
		}
		inputs++
	}
	if inputs == 0 {
		t.Fatal("no inputs written")
	}
	d, _, err := corpus.Open(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	l, err := d.Load(nil)
	if err != nil || l.Skipped != 0 || len(l.Inputs) != min(inputs, corpus.MaxLoadedInputs) {
		t.Errorf("load: %d inputs, %d skipped (%v), %v; want %d, none skipped", len(l.Inputs), l.Skipped, l.Problems, err, inputs)
	}
}

// TestCorpusMerge: merging adds the inputs and findings a directory lacks,
// once, and converts files of the editor's older format on the way.
func TestCorpusMerge(t *testing.T) {
	a, b, dst := t.TempDir(), t.TempDir(), t.TempDir()
	in := func(n int) corpus.Input {
		return corpus.Input{Calls: []corpus.InputCall{{Contract: "C", Function: "f(uint256)", Args: fmt.Sprintf("0x%064x", n)}}}
	}
	da, _, _ := corpus.Open(a, "")
	da.Add(in(1))
	da.Add(in(2))
	da.AddFinding(report.Finding{Kind: "assert-failure", Unit: "C.sol", Start: 1, End: 2}, []byte("{}"))
	if err := corpus.SaveInputs(filepath.Join(b, "C.json"), []corpus.Input{in(2), in(3)}); err != nil {
		t.Fatal(err)
	}
	merge := func() (int, string, string) {
		var out, errb bytes.Buffer
		return run(context.Background(), []string{"corpus", "merge", dst, a, b}, &out, &errb), out.String(), errb.String()
	}
	code, out, stderr := merge()
	if code != exitOK || !strings.Contains(out, "merged 3 new input(s) and 1 new finding(s)") {
		t.Fatalf("merge: exit %d, %q, %s", code, out, stderr)
	}
	if code, out, _ := merge(); code != exitOK || !strings.Contains(out, "merged 0 new input(s) and 0 new finding(s)") {
		t.Errorf("second merge: exit %d, %q", code, out)
	}
	checkCorpusDir(t, dst)
}

// TestCorpusFindings: a campaign with --corpus stores its finding as a
// report that replay re-executes; a second campaign on the same directory
// starts from the stored inputs and does not store the finding again.
func TestCorpusFindings(t *testing.T) {
	path := fixtures.Example(t, "SequenceFoo.sol")
	dir := t.TempDir()
	code, _, stderr := foresight(t, "fuzz", path, "--execs", "60000", "--seed", "2", "--corpus", dir)
	if code != exitFindings || !strings.Contains(stderr, "1 new finding(s)") {
		t.Fatalf("first campaign: exit %d; stderr:\n%s", code, stderr)
	}
	files, err := filepath.Glob(filepath.Join(dir, "findings", "assert-failure-*.json"))
	if err != nil || len(files) != 1 {
		t.Fatalf("findings stored: %v %v", files, err)
	}
	before, _ := os.ReadFile(files[0])
	if code, out, stderr := foresight(t, "replay", files[0]); code != exitFindings || !strings.Contains(out, "assert-failure") {
		t.Errorf("replay of the stored finding: exit %d\n%s\n%s", code, out, stderr)
	}
	code, _, stderr = foresight(t, "fuzz", path, "--execs", "60000", "--seed", "3", "--corpus", dir)
	if code != exitFindings || !regexp.MustCompile(`corpus \S+: [1-9][0-9]* input\(s\) loaded`).MatchString(stderr) || !strings.Contains(stderr, "0 new finding(s)") {
		t.Errorf("second campaign: exit %d; stderr:\n%s", code, stderr)
	}
	if after, _ := os.ReadFile(files[0]); string(after) != string(before) {
		t.Error("the stored finding was overwritten")
	}
}

// TestCorpusStaleCounted: inputs of a function that no longer exists are
// dropped from the campaign, with a count.
func TestCorpusStaleCounted(t *testing.T) {
	dir := t.TempDir()
	d, _, err := corpus.Open(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	d.Add(corpus.Input{Calls: []corpus.InputCall{{Contract: "SequenceFoo", Function: "gone()"}}})
	d.Add(corpus.Input{Calls: []corpus.InputCall{{Contract: "SequenceFoo", Function: "incX()"}}})
	code, _, stderr := foresight(t, "fuzz", fixtures.Example(t, "SequenceFoo.sol"), "--execs", "200", "--seed", "1", "--corpus", dir)
	if code != exitOK || !strings.Contains(stderr, "2 input(s) loaded") || !strings.Contains(stderr, "dropped 1 stale input(s)") {
		t.Errorf("exit %d; stderr:\n%s", code, stderr)
	}
}
