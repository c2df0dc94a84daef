package corpus

import (
	"bytes"
	"compress/gzip"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/forge/parsed.golden")

// TestParseForgeFiles: forge 1.7.1's own files (testdata/forge: a corpus
// entry, one gzip-compressed with warps and rolls, a persisted invariant
// failure) parse into the calls forge ran, as parsed.golden lists them
// (-update rewrites it).
func TestParseForgeFiles(t *testing.T) {
	dir := filepath.Join("testdata", "forge")
	names, err := filepath.Glob(filepath.Join(dir, "*.json*"))
	if err != nil || len(names) < 3 {
		t.Fatalf("forge fixtures: %v %v", names, err)
	}
	var b strings.Builder
	for _, path := range names {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		seq, err := ParseForge(data)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		fmt.Fprintf(&b, "%s: %d calls\n", filepath.Base(path), len(seq))
		for _, c := range seq {
			fmt.Fprintf(&b, "  %s -> %s %x value=%s warp=%d roll=%d\n", c.Sender.Hex(), c.Target.Hex(), c.Calldata[:min(4, len(c.Calldata))], c.Value.Dec(), c.Warp, c.Roll)
		}
	}
	golden := filepath.Join(dir, "parsed.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if b.String() != string(want) {
		t.Errorf("parsed forge files differ from %s (-update rewrites it):\n%s", golden, b.String())
	}
}

// TestParseForgeRejects: what is not one of forge's files is an error
// wrapping ErrForgeFile, never a panic nor a partial sequence; values
// as forge's serde may also write them are read.
func TestParseForgeRejects(t *testing.T) {
	call := func(extra string) string {
		return `{"sender":"0x0000000000000000000000000000000000000001","target":"0x5615deb798bb3e4dfa0139dfa1b3d433cc23b72f","calldata":"0x329eb839"` + extra + `}`
	}
	bomb := gzipOf(t, bytes.Repeat([]byte(" "), MaxForgeFileBytes+10))
	for _, tt := range []struct {
		name, data string
		ok         bool
	}{
		{"entry", "[" + call("") + "]", true},
		{"decimal value and number warp", "[" + call(`,"value":"1000","warp":12,"roll":null`) + "]", true},
		{"empty array", "[]", false},
		{"no calls in failure", `{"call_sequence":[]}`, false},
		{"not json", "corpus", false},
		{"truncated", "[" + call("")[:40], false},
		{"short address", `[{"sender":"0x01","target":"0x5615deb798bb3e4dfa0139dfa1b3d433cc23b72f","calldata":"0x"}]`, false},
		{"calldata not hex", `[{"sender":"0x0000000000000000000000000000000000000001","target":"0x5615deb798bb3e4dfa0139dfa1b3d433cc23b72f","calldata":"0xzz"}]`, false},
		{"value over 256 bits", "[" + call(`,"value":"0x1`+strings.Repeat("0", 64)+`"`) + "]", false},
		{"warp over 64 bits", "[" + call(`,"warp":"0x10000000000000000"`) + "]", false},
		{"negative value", "[" + call(`,"value":"-1"`) + "]", false},
		{"gzip bomb", string(bomb), false},
		{"broken gzip", "\x1f\x8b\x08garbage", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			seq, err := ParseForge([]byte(tt.data))
			if tt.ok && err != nil {
				t.Fatalf("error %v, want a sequence", err)
			}
			if !tt.ok && (err == nil || !errors.Is(err, ErrForgeFile) || seq != nil) {
				t.Fatalf("got %v, %v; want an error wrapping ErrForgeFile", seq, err)
			}
		})
	}
}

// TestLoadForgeSkipsBadFiles: a forge corpus folder with a corrupt entry,
// one over the size limit and a temporary file loads the good entries and
// the failure, by test contract, and counts the bad ones with why.
func TestLoadForgeSkipsBadFiles(t *testing.T) {
	root := t.TempDir()
	good, err := os.ReadFile(filepath.Join("testdata", "forge", "entry.json"))
	if err != nil {
		t.Fatal(err)
	}
	failure, err := os.ReadFile(filepath.Join("testdata", "forge", "failure.json"))
	if err != nil {
		t.Fatal(err)
	}
	write := func(rel string, data []byte) {
		t.Helper()
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	entries := "corpus/VaultInvariants/invariant_notBroken/worker0/corpus/"
	write(entries+"a-1.json", good)
	write(entries+"b-1.json", []byte("[{\"sender\":"))
	write(entries+"c-1.json", bytes.Repeat([]byte(" "), MaxForgeFileBytes+1))
	write(entries+".d-1.json.tmp", good)
	write("corpus/Other/invariant_x/worker1/sync/e-1.json.gz", gzipOf(t, good))
	write("cache/invariant/failures/VaultInvariants/invariant_notBroken", failure)
	l, err := LoadForge(filepath.Join(root, "corpus"), filepath.Join(root, "cache", "invariant"))
	if err != nil {
		t.Fatal(err)
	}
	if l.Failures != 1 || l.Entries != 2 || l.Skipped != 2 || len(l.Problems) != 2 {
		t.Fatalf("failures %d, entries %d, skipped %d (%v); want 1, 2, 2", l.Failures, l.Entries, l.Skipped, l.Problems)
	}
	if n := len(l.BySuite["VaultInvariants"]); n != 2 || len(l.BySuite["Other"]) != 1 {
		t.Fatalf("by suite: %d VaultInvariants, %d Other; want 2 and 1", n, len(l.BySuite["Other"]))
	}
	if first := l.BySuite["VaultInvariants"][0]; len(first) != 3 {
		t.Errorf("the persisted failure comes first: got %d calls, want its 3", len(first))
	}
	if l, err := LoadForge(filepath.Join(root, "none"), filepath.Join(root, "none2")); err != nil || l.Len() != 0 {
		t.Errorf("missing folders: %v, %d sequences; want nothing and no error", err, l.Len())
	}
}

// FuzzParseForge: no input makes the parser panic, and a parsed
// sequence is within the limits.
func FuzzParseForge(f *testing.F) {
	for _, name := range []string{"entry.json", "failure.json", "entry-warp-roll.json.gz"} {
		data, err := os.ReadFile(filepath.Join("testdata", "forge", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`[{"sender":"0x0000000000000000000000000000000000000001","target":"0x0000000000000000000000000000000000000002","calldata":"0x","value":"7","warp":1}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		seq, err := ParseForge(data)
		if err != nil {
			if !errors.Is(err, ErrForgeFile) {
				t.Fatalf("error %v does not wrap ErrForgeFile", err)
			}
			return
		}
		if len(seq) == 0 || len(seq) > MaxForgeCalls {
			t.Fatalf("%d calls", len(seq))
		}
		for _, c := range seq {
			if len(c.Calldata) > maxCalldata {
				t.Fatalf("calldata of %d bytes", len(c.Calldata))
			}
		}
	})
}

func gzipOf(t testing.TB, data []byte) []byte {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	if _, err := zw.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
