package cheatcode

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/foresight-sol/foresight/solc"
)

// filesRoot copies testdata/files into a scratch project and adds the
// symbolic links the cases need (git keeps none in testdata): one inside
// data/ to a file outside the root, one to a file of the root that
// fs_permissions do not grant, one to a granted file, and one to nothing.
func filesRoot(t *testing.T) (*Files, string) {
	t.Helper()
	root := t.TempDir()
	src := filepath.Join("testdata", "files")
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		data, err := os.ReadFile(p)
		if err == nil {
			err = os.MkdirAll(filepath.Dir(filepath.Join(root, rel)), 0o755)
		}
		if err == nil {
			err = os.WriteFile(filepath.Join(root, rel), data, 0o644)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	outside := filepath.Join(t.TempDir(), "outside.json")
	if err := os.WriteFile(outside, []byte(`{"secret":1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for link, to := range map[string]string{
		"data/escape.json":  outside,
		"data/inner.txt":    "../notgranted.txt",
		"data/alias.json":   "config.json",
		"data/dangling.txt": filepath.Join(t.TempDir(), "gone.txt"),
		"data/outdir":       filepath.Dir(outside),
	} {
		if err := os.Symlink(to, filepath.Join(root, link)); err != nil {
			t.Skipf("no symbolic links here: %v", err)
		}
	}
	proj, err := solc.LoadProject(root)
	if err != nil {
		t.Fatal(err)
	}
	return &Files{Root: root, Permissions: proj.FsPermissions}, outside
}

// runCheat calls one cheatcode on c and returns its decoded result, or the
// revert message.
func runCheat(t *testing.T, c *Cheats, sig string, arg string) (any, string) {
	t.Helper()
	ret, err := c.Run(call(sig, arg))
	if errors.Is(err, vm.ErrExecutionReverted) {
		msg, _ := decodeError(ret)
		return nil, msg
	}
	if err != nil {
		t.Fatalf("%s(%q): %v", sig, arg, err)
	}
	out, err := cheatTable[selector(sig)].out.Unpack(ret)
	if err != nil {
		t.Fatalf("%s(%q): decode: %v", sig, arg, err)
	}
	return out[0], ""
}

// TestFileCheatcodesConfined: the file cheatcodes read inside the project
// root where fs_permissions grant it, relative to the root or absolute,
// and refuse `..` escapes, absolute paths outside the root, symbolic links
// that leave the root or reach a file not granted, and what
// fs_permissions do not grant (with forge's message).
func TestFileCheatcodesConfined(t *testing.T) {
	files, outside := filesRoot(t)
	root := files.Root
	config := "{\"a\":123,\"b\":\"test\"}\n"
	notAllowed := func(p string) string {
		return "the path " + p + " is not allowed to be accessed for read operations"
	}
	for _, tt := range []struct {
		sig, path string
		want      any    // the result, when it succeeds
		err       string // a substring of the revert message otherwise
	}{
		{"readFile(string)", "data/config.json", config, ""},
		{"readFile(string)", "./data/config.json", config, ""},
		{"readFile(string)", filepath.Join(root, "data", "config.json"), config, ""},
		{"readFile(string)", "data/../data/config.json", config, ""},
		{"readFileBinary(string)", "data/config.json", []byte(config), ""},
		{"readFile(string)", "data/alias.json", config, ""},
		{"readFile(string)", "../outside.json", nil, "is outside the project root"},
		{"readFile(string)", "data/../../x/outside.json", nil, "is outside the project root"},
		{"readFile(string)", outside, nil, "is outside the project root"},
		{"readFile(string)", "/etc/hosts", nil, "is outside the project root"},
		{"readFile(string)", "data/escape.json", nil, "is outside the project root"},
		{"readFile(string)", "data/outdir/outside.json", nil, "is outside the project root"},
		{"readFile(string)", "data/inner.txt", nil, notAllowed("notgranted.txt")},
		{"readFile(string)", "data/dangling.txt", nil, "symbolic link to nothing"},
		{"readFile(string)", "notgranted.txt", nil, notAllowed("notgranted.txt")},
		{"readFile(string)", "foundry.toml", nil, notAllowed("foundry.toml")},
		{"readFile(string)", "data/secret/key.txt", nil, notAllowed("data/secret/key.txt")},
		{"readFile(string)", "data/none.json", nil, "failed to read from"},
		{"readFile(string)", "data", nil, "not a regular file"},
		{"exists(string)", "data/config.json", true, ""},
		{"exists(string)", "data/none.json", false, ""},
		{"exists(string)", "notgranted.txt", nil, notAllowed("notgranted.txt")},
		{"exists(string)", "../outside.json", nil, "is outside the project root"},
		{"isFile(string)", "data/config.json", true, ""},
		{"isFile(string)", "data", false, ""},
		{"isDir(string)", "data", true, ""},
		{"isDir(string)", "data/config.json", false, ""},
	} {
		c := New()
		c.Files = files
		got, msg := runCheat(t, c, tt.sig, tt.path)
		switch {
		case tt.err != "" && !strings.Contains(msg, tt.err):
			t.Errorf("%s(%q): got %v, revert %q; want a revert with %q", tt.sig, tt.path, got, msg, tt.err)
		case tt.err == "" && (msg != "" || !equalValue(got, tt.want)):
			t.Errorf("%s(%q): got %#v, revert %q; want %#v", tt.sig, tt.path, got, msg, tt.want)
		}
	}
}

func equalValue(a, b any) bool {
	if x, ok := a.([]byte); ok {
		y, ok := b.([]byte)
		return ok && string(x) == string(y)
	}
	return a == b
}

// TestFileCheatcodesNeedARoot: without a project root (a lone file),
// vm.projectRoot and the reads revert saying so; with one, projectRoot is
// the root.
func TestFileCheatcodesNeedARoot(t *testing.T) {
	for _, files := range []*Files{nil, {}} {
		c := New()
		c.Files = files
		for _, sig := range []string{"projectRoot()", "readFile(string)", "exists(string)"} {
			var msg string
			if sig == "projectRoot()" {
				ret, err := c.Run(call(sig))
				if err == nil {
					t.Fatalf("%s without a root succeeded", sig)
				}
				msg, _ = decodeError(ret)
			} else {
				_, msg = runCheat(t, c, sig, "data/config.json")
			}
			if !strings.Contains(msg, "no project root") {
				t.Errorf("%s without a root: revert %q, want it to say there is no project root", sig, msg)
			}
		}
	}
	files, _ := filesRoot(t)
	c := New()
	c.Files = files
	ret, err := c.Run(call("projectRoot()"))
	if err != nil {
		t.Fatalf("projectRoot(): %v", err)
	}
	if out, _ := cheatTable[selector("projectRoot()")].out.Unpack(ret); len(out) != 1 || out[0] != files.Root {
		t.Errorf("projectRoot() = %v, want %q", out, files.Root)
	}
}
