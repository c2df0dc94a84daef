package solc

import (
	"context"
	"testing"
	"time"

	"github.com/foresight-sol/foresight/internal/fixtures"
)

// TestBackgroundCompileBeside: while a background compile holds its
// worker (as a test suite with forge-std does for seconds), a compile of
// the saved file runs on the first worker and ends; the background
// request's build is the same code from the second worker.
func TestBackgroundCompileBeside(t *testing.T) {
	tc := testToolchain(t)
	path := fixtures.Example(t, "SequenceFoo.sol")
	p, err := LoadProject(FindRoot(path))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	bg, err := tc.Compile(ctx, p, Request{Files: []string{path}, Mode: Full, Background: true})
	if err != nil || len(bg) != 1 || bg[0].HasErrors() {
		t.Fatalf("background compile: %v %v", err, bg)
	}
	js, ok := bg[0].Compiler.(*SolcJS)
	if !ok || js.Worker == tc.worker || js.Worker == nil {
		t.Fatalf("the background compile ran on %v, not a worker of its own", bg[0].Compiler)
	}
	// Hold the background worker as a compile in flight would.
	js.Worker.sem <- struct{}{}
	defer func() { <-js.Worker.sem }()
	done := make(chan []*Build, 1)
	go func() {
		bs, err := tc.Compile(ctx, p, Request{Files: []string{path}, Overlay: Overlay{path: []byte("// edited\n" + string(bg[0].Units[bg[0].Roots[0]].Content))}, Mode: Full})
		if err != nil {
			t.Error(err)
		}
		done <- bs
	}()
	select {
	case bs := <-done:
		if len(bs) != 1 || bs[0].HasErrors() {
			t.Fatalf("foreground compile: %v", bs)
		}
		if bs[0].Compiler.(*SolcJS).Worker != tc.worker {
			t.Errorf("the foreground compile did not run on the first worker")
		}
	case <-time.After(5 * time.Minute):
		t.Fatal("the foreground compile waited behind the background one")
	}
}
