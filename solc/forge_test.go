package solc

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// fakeForge writes a forge that records each run in log and prints out.
func fakeForge(t *testing.T, dir, log, out string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	script := "#!/bin/sh\necho \"$PWD $*\" >> '" + log + "'\nprintf '%s' '" + out + "'\n"
	if err := os.WriteFile(filepath.Join(dir, "forge"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
}

func runs(t *testing.T, log string) []string {
	data, err := os.ReadFile(log)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSpace(string(data)), "\n")
}

func TestForgeRemappings(t *testing.T) {
	root := copyLayout(t, "foundry")
	p, err := LoadProject(root)
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "bin")
	log := filepath.Join(t.TempDir(), "forge.log")
	fakeForge(t, bin, log, "forge-std/=lib/forge-std/src/\nlib/mylib/:dep/=lib/mylib/lib/dep/src/\ndep/="+root+"/lib/dep/src/\n")
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	ctx := context.Background()

	untrusted := NewToolchain(Config{NoNative: true, Untrusted: true})
	defer untrusted.Close()
	if q := untrusted.withForge(ctx, p); q != p || runs(t, log) != nil {
		t.Fatalf("untrusted: forge ran (%q) or remappings changed", runs(t, log))
	}

	tc := NewToolchain(Config{NoNative: true})
	defer tc.Close()
	q := tc.withForge(ctx, p)
	want := []Remapping{
		{Prefix: "forge-std/", Target: "lib/forge-std/src/"},
		{Context: "lib/mylib/", Prefix: "dep/", Target: "lib/mylib/lib/dep/src/"},
		{Prefix: "dep/", Target: "lib/dep/src/"}, // absolute in forge's output
	}
	if !reflect.DeepEqual(q.Remappings, want) {
		t.Errorf("remappings %+v\nwant %+v", q.Remappings, want)
	}
	if reflect.DeepEqual(p.Remappings, q.Remappings) {
		t.Error("the project itself was changed")
	}
	tc.withForge(ctx, p)
	if got := runs(t, log); len(got) != 1 || got[0] != realPath(root)+" remappings" && got[0] != root+" remappings" {
		t.Errorf("forge runs %q, want one `forge remappings` in the root", got)
	}

	// A forge inside the project is never run, trusted or not.
	inside := filepath.Join(root, "bin")
	fakeForge(t, inside, log, "x/=y/\n")
	t.Setenv("PATH", inside+string(os.PathListSeparator)+os.Getenv("PATH"))
	tc2 := NewToolchain(Config{NoNative: true})
	defer tc2.Close()
	if q := tc2.withForge(ctx, p); q != p || len(runs(t, log)) != 1 {
		t.Errorf("forge inside the project ran: %q", runs(t, log))
	}
}

func FuzzParseForgeRemappings(f *testing.F) {
	f.Add("forge-std/=lib/forge-std/src/\nlib/a/:x/=lib/a/lib/x/\n")
	f.Add("ds-test/=/nowhere/p/lib/ds-test/src/\n\n")
	f.Add("=x\n")
	f.Fuzz(func(t *testing.T, out string) {
		rs, err := parseForgeRemappings(out, "/nowhere/p")
		if err != nil {
			return
		}
		for _, r := range rs {
			back, err := ParseRemapping(r.String())
			if err != nil || back.Prefix != r.Prefix || back.Context != r.Context {
				t.Fatalf("%+v does not survive String/ParseRemapping: %+v %v", r, back, err)
			}
		}
	})
}

func TestForgeFailureFallsBackOnce(t *testing.T) {
	root := copyLayout(t, "foundry")
	p, err := LoadProject(root)
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "bin")
	log := filepath.Join(t.TempDir(), "forge.log")
	fakeForge(t, bin, log, "")
	// Make it fail: append an exit status to the script.
	script := filepath.Join(bin, "forge")
	data, _ := os.ReadFile(script)
	if err := os.WriteFile(script, append(data, "exit 3\n"...), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	var said []string
	tc := NewToolchain(Config{NoNative: true, Notify: func(msg string) { said = append(said, msg) }})
	defer tc.Close()
	for range 2 {
		if q := tc.withForge(context.Background(), p); q != p {
			t.Fatal("a failing forge changed the remappings")
		}
	}
	if got := runs(t, log); len(got) != 1 {
		t.Errorf("forge ran %d times, want once", len(got))
	}
	if len(said) != 1 || !strings.Contains(said[0], "forge remappings failed") {
		t.Errorf("said %q", said)
	}
}
