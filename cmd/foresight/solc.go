package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/foresight-sol/foresight/solc"
)

// solcStdin is where `foresight solc --standard-json` reads its input
// (tests replace it).
var solcStdin io.Reader = os.Stdin

// stringList is a repeatable string flag (solc's --include-path).
type stringList []string

func (l *stringList) String() string     { return strings.Join(*l, ",") }
func (l *stringList) Set(s string) error { *l = append(*l, s); return nil }

// runSolc answers as the native solc VERSION would for the two calls
// forge makes of a compiler (`--version`, and `--standard-json` with
// --allow-paths/--base-path/--include-path), through the solc-js release
// of that version, installed on first use into Foresight's cache. A
// one-line wrapper script (`exec foresight solc 0.8.26 "$@"`) named in
// foundry.toml's `solc = ...` lets forge compile where no native solc can
// be downloaded. Forge sends every source's content in the standard JSON,
// so the path flags change nothing and are accepted for compatibility.
func runSolc(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("solc", flag.ContinueOnError)
	showVersion := fs.Bool("version", false, "print the version in native solc's format")
	standardJSON := fs.Bool("standard-json", false, "compile the standard-JSON input on stdin and write the output to stdout")
	var paths stringList
	fs.Var(&paths, "allow-paths", "forge passes these `paths`; accepted and ignored (the sources come in the input)")
	fs.Var(&paths, "base-path", "a `path`, accepted and ignored like --allow-paths")
	fs.Var(&paths, "include-path", "a `path`, accepted and ignored like --allow-paths (repeatable)")
	noInstall := fs.Bool("no-install", false, "never download the compiler; use only an installed solc-js")
	pos, code, ok := parseCommand("solc", fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(pos) != 1 {
		usageError(stderr, "solc", "want one VERSION (such as 0.8.26), got %d arguments", len(pos))
		return exitUsage
	}
	v, err := solc.ParseVersion(pos[0])
	if err != nil {
		usageError(stderr, "solc", "%v", err)
		return exitUsage
	}
	if *showVersion == *standardJSON {
		usageError(stderr, "solc", "want exactly one of --version and --standard-json")
		return exitUsage
	}
	// Native compilers stay out: this command may itself be the `solc`
	// on PATH, and a native solc would not need it.
	tc := solc.NewToolchain(solc.Config{
		SolcVersion: v.String(),
		NoNative:    true,
		NoInstall:   *noInstall,
		Log:         newLogger(stderr, false),
		Notify:      func(msg string) { fmt.Fprintf(stderr, "foresight: %s\n", msg) },
	})
	defer tc.Close()
	c, err := tc.Select(ctx, nil, nil)
	if err != nil {
		cliError(stderr, "solc", err)
		return 1
	}
	if *showVersion {
		// forge reads the release from this line; solc-js has no commit
		// hash to report, so the build part names the compiler instead.
		fmt.Fprintf(stdout, "solc, the solidity compiler commandline interface\nVersion: %s+solcjs.foresight\n", c.Version())
		return exitOK
	}
	input, err := io.ReadAll(solcStdin)
	if err != nil {
		cliErrorf(stderr, "solc", "read the standard-JSON input: %w", err)
		return 1
	}
	out, err := c.CompileJSON(ctx, input)
	if err != nil {
		cliError(stderr, "solc", err)
		return 1
	}
	if _, err := stdout.Write(out); err != nil {
		cliError(stderr, "solc", err)
		return 1
	}
	return exitOK
}
