package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/foresight-sol/foresight/engine/finding"
)

// helpPage is one command's help: what it does in plain words, its flags
// grouped with the common ones first and research switches last, its exit
// codes and an example.
type helpPage struct {
	synopsis string
	about    string
	groups   []flagGroup
	exits    string
	example  string
}

// flagGroup is a titled list of flag names, in the order shown.
type flagGroup struct {
	title string
	names []string
}

const exitsFuzz = `  0  everything compiled and no finding (findings in mocks and test
     helpers alone do not count)
  1  at least one finding in the project's own code
  2  bad flags or arguments, compile errors, nothing fuzzed (the time budget
     ran out or the run was cancelled before the first execution), or
     another failure`

var compilerGroup = flagGroup{"Compiler", []string{"solc", "solc-version", "no-install", "compile-timeout", "optimize", "optimizer-runs", "via-ir", "evm-version", "gas-limit", "v"}}

var campaignGroups = []flagGroup{
	{"Budget and scope", []string{"timeout", "execs", "seed", "contract", "setup", "oracles"}},
	{"Output", []string{"format", "o", "coverage", "coverage-file", "coverage-deps", "explain"}},
	{"Aiming at lines", []string{"target"}},
	{"Campaign shape", []string{"workers", "max-seq-len"}},
	{"On a live chain's state (docs/cli.md, Fork mode)", []string{"fork-url", "fork-block", "target-address"}},
	compilerGroup,
	{"Research switches (to compare the engine's techniques; see docs/lookahead.md)", []string{"no-prediction", "no-demand-driven", "schedule", "no-lookahead"}},
}

const campaignAbout = `Compiles the Solidity files (a directory means every .sol file under it;
none, the current directory), deploys every contract on an in-process
test chain and sends them random transactions from a few test accounts,
looking for failures: assertion
failures, failing properties and invariants, and known vulnerabilities. Each
finding prints like a compiler error, "file:line:col: severity: message",
followed by the transactions that reproduce it. In a Foundry project's
directory, each test contract with a setUp() and invariants or target
selectors (an invariant suite) is also fuzzed from its setUp(), as forge
would; other test and script files are skipped unless named.`

var helpPages = map[string]helpPage{
	"check": {
		synopsis: "foresight check [flags] [FILE|DIR...]",
		about:    campaignAbout + "\n\ncheck is the quick pass for a pre-commit hook or CI: a 10 s campaign.",
		groups:   campaignGroups,
		exits:    exitsFuzz,
		example:  "foresight check examples\nforesight check --timeout 30s --contract SequenceFoo examples/SequenceFoo.sol",
	},
	"fuzz": {
		synopsis: "foresight fuzz [flags] [FILE|DIR...]",
		about: campaignAbout + "\n\nfuzz runs longer than check (60 s) and can write JSON or SARIF reports;\n" +
			"'foresight replay' re-executes the findings of a JSON report.",
		groups: append(append([]flagGroup(nil), campaignGroups...),
			flagGroup{"Sharing a corpus with other campaigns (docs/scaling.md)", []string{"corpus", "shard", "corpus-sync"}},
			flagGroup{"Scoring the oracles (for developing foresight)", []string{"labels", "parallel"}},
			flagGroup{"Profiling", []string{"cpuprofile"}}),
		exits:   exitsFuzz,
		example: "foresight fuzz --execs 30000 --seed 1 -o report.json --format json \\\n    examples/SequenceFoo.sol\nforesight replay report.json",
	},
	"replay": {
		synopsis: "foresight replay [flags] REPORT.json",
		about: `Recompiles the files a report of 'foresight fuzz --format json' names, replays
each finding's transactions on a fresh test chain and prints what each
transaction did, down to the failing source line. The last line counts the
findings still failing, fixed (replayed without failing) and stale (a
function, contract or set-up they call is gone) on the code as it is now.
With --export it writes each finding as a Foundry regression test instead:
it fails under forge while the bug is there and passes once it is fixed
(--export-style proof for the old form, which passes while the bug is
there; docs/foundry-export.md). A report's paths are relative to its
project root, so it replays in another checkout: run replay in the
project, or give --root.`,
		groups: []flagGroup{{"Replay", []string{"finding", "format", "export", "export-style", "root"}}, {"Fork", []string{"fork-url", "fork-block"}}, compilerGroup},
		exits: `  0  the report has no findings, or none of them still fails (each fixed
     or stale); with --export, every test was written
  1  at least one finding still fails, as reported or (said on stderr)
     elsewhere
  2  bad flags or arguments, an unreadable report, compile errors, or a
     finding that cannot be written as a Foundry test`,
		example: "foresight replay report.json\nforesight replay --finding 2 report.json\nforesight replay --export report.json",
	},
	"explain": {
		synopsis: "foresight explain [KIND...]",
		about: `Says what a finding kind means: why it is a bug, how Foresight decides it
and what to do about it. A finding's message says in a line what happened;
this is the rest (also shown under each finding by check and fuzz with -v,
and in the editor's hover). Without KIND it lists the kinds. check and fuzz
accept --explain KIND too.`,
		exits:   "  0  explained\n  2  not a finding kind, or bad flags",
		example: "foresight explain " + string(finding.EtherLeak) + "\nforesight explain",
	},
	"bench": {
		synopsis: "foresight bench [flags] FILE...",
		about: `Runs campaigns with several engine configurations over seeds 1..N and prints,
per finding and configuration, how many runs found it and the median number
of executions and time they took. For measuring the engine, not for
finding bugs.`,
		groups: []flagGroup{
			{"Runs", []string{"seeds", "execs", "configs", "target", "focus"}},
			compilerGroup,
			{"Profiling", []string{"cpuprofile"}},
		},
		exits:   "  0  the table was printed\n  2  bad flags or arguments, compile errors, or a failed run",
		example: "foresight bench --seeds 10 --configs default,neither examples/PathsBaz.sol",
	},
	"lsp": {
		synopsis: "foresight lsp [flags]",
		about: `Serves the Language Server Protocol on stdin and stdout, for editors (see
editors/README.md and docs/lsp.md). On each save it compiles the project and
fuzzes the functions that changed; findings appear as diagnostics. Logs go to
stderr or --log-file, never to stdout.`,
		groups:  []flagGroup{{"Server", []string{"log-file", "v", "no-install", "stdio"}}},
		exits:   "  0  the client asked the server to exit\n  1  the connection ended with an error\n  2  bad flags",
		example: "foresight lsp --log-file /tmp/foresight.log",
	},
	"corpus": {
		synopsis: "foresight corpus merge|min [flags] ARGS...",
		about: `Maintains corpus directories that campaigns share (fuzz --corpus; see
docs/scaling.md):

  foresight corpus merge DST SRC...          add each SRC's inputs and
                                             findings to DST
  foresight corpus min [flags] DIR FILE|DIR  keep the smallest set of DIR's
                                             inputs with the same coverage

'foresight corpus merge --help' and 'foresight corpus min --help' say more.`,
		exits:   "  0  done\n  2  bad flags or arguments, unreadable directories, compile errors",
		example: "foresight corpus merge corpus shard-0/corpus shard-1/corpus\nforesight corpus min corpus src",
	},
	"corpus merge": {
		synopsis: "foresight corpus merge DST SRC...",
		about: `Adds the inputs and findings of each corpus directory SRC to DST (see
docs/scaling.md). Files are named by their content, so an input already in
DST is not copied twice.`,
		exits:   "  0  merged\n  2  bad arguments or an unreadable directory",
		example: "foresight corpus merge corpus shard-0/corpus shard-1/corpus",
	},
	"corpus min": {
		synopsis: "foresight corpus min [flags] DIR FILE|DIR...",
		about: `Runs each input of the corpus directory DIR alone against the sources and
keeps the smallest set of inputs with the instruction coverage of all (as
afl-cmin); inputs of removed or changed functions go too.`,
		groups:  []flagGroup{{"Minimising", []string{"n"}}, compilerGroup},
		exits:   "  0  minimised (or, with -n, listed)\n  2  bad flags or arguments, compile errors",
		example: "foresight corpus min corpus src",
	},
	"solc": {
		synopsis: "foresight solc [flags] VERSION --version|--standard-json",
		about: `Answers as the native solc VERSION does for the calls forge makes of a
compiler, through the solc-js release of that version (installed from npm on
first use, like every compiler Foresight uses). For running forge where no
native solc can be downloaded: name a two-line script in foundry.toml's
solc setting, such as

  #!/bin/sh
  exec foresight solc 0.8.26 "$@"

forge sends every source in the standard-JSON input, so --allow-paths,
--base-path and --include-path are accepted and change nothing.`,
		groups: []flagGroup{
			{"Calls", []string{"version", "standard-json"}},
			{"Accepted for forge", []string{"allow-paths", "base-path", "include-path"}},
			{"Compiler", []string{"no-install"}},
		},
		exits:   "  0  answered (compile errors are in the JSON output, as with solc)\n  1  the compiler could not run\n  2  bad flags or arguments",
		example: "foresight solc 0.8.26 --version\nforesight solc 0.8.26 --standard-json < input.json",
	},
	"version": {
		synopsis: "foresight version [--licenses]",
		about: `Prints the version. With --licenses it also prints the third-party
notices: every Go module compiled into this binary, its version, its licence
and the licence texts (THIRD_PARTY_NOTICES in the release archives).`,
		groups:  []flagGroup{{"Output", []string{"licenses"}}},
		exits:   "  0  printed\n  2  bad flags or arguments",
		example: "foresight version\nforesight version --licenses",
	},
}

// printHelp writes the help page of command name; flags of fs that no
// group lists come last under "Other flags".
func printHelp(w io.Writer, name string, fs *flag.FlagSet) {
	p := helpPages[name]
	fmt.Fprintf(w, "usage: %s\n\n%s\n", p.synopsis, p.about)
	shown := map[string]bool{}
	groups := p.groups
	var other []string
	if fs != nil {
		fs.VisitAll(func(f *flag.Flag) {
			if !grouped(groups, f.Name) {
				other = append(other, f.Name)
			}
		})
	}
	if len(other) > 0 {
		groups = append(append([]flagGroup(nil), groups...), flagGroup{"Other flags", other})
	}
	for _, g := range groups {
		fmt.Fprintf(w, "\n%s:\n", g.title)
		for _, n := range g.names {
			f := fs.Lookup(n)
			if f == nil || shown[n] {
				continue
			}
			shown[n] = true
			printFlag(w, f)
		}
	}
	fmt.Fprintf(w, "\nExit status:\n%s\n", p.exits)
	fmt.Fprintf(w, "\nExample:\n")
	for _, l := range strings.Split(p.example, "\n") {
		fmt.Fprintf(w, "  %s\n", l)
	}
}

func grouped(groups []flagGroup, name string) bool {
	for _, g := range groups {
		for _, n := range g.names {
			if n == name {
				return true
			}
		}
	}
	return false
}

// printFlag prints "  --name VALUE" and its usage, with the default when
// it is not the zero value.
func printFlag(w io.Writer, f *flag.Flag) {
	arg, usage := flag.UnquoteUsage(f)
	dash := "--"
	if len(f.Name) == 1 {
		dash = "-"
	}
	head := "  " + dash + f.Name
	if arg != "" {
		head += " " + strings.ToUpper(arg)
	}
	if def := f.DefValue; def != "" && def != "0" && def != "false" && def != "0s" && def != "[]" && !isBoolFlag(f) {
		usage += " (default " + def + ")"
	}
	lines := wrap(usage, helpWidth-helpIndent)
	if len(head) < helpIndent {
		fmt.Fprintf(w, "%-*s%s\n", helpIndent, head, lines[0])
		lines = lines[1:]
	} else {
		fmt.Fprintln(w, head)
	}
	for _, l := range lines {
		fmt.Fprintf(w, "%*s%s\n", helpIndent, "", l)
	}
}

// Help pages fit 80 columns: flag names, then usage from column 24.
const (
	helpWidth  = 80
	helpIndent = 24
)

// wrap breaks text into lines of at most width bytes at spaces.
func wrap(text string, width int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		if line != "" && len(line)+1+len(word) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	return append(lines, line)
}

func isBoolFlag(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// parseCommand parses a command's flags and arguments. On --help it prints
// the help page to stdout; on a bad flag, one line that says what is wrong
// and where the help is. ok is false when the command should exit with
// code.
func parseCommand(name string, fs *flag.FlagSet, args []string, stdout, stderr io.Writer) (pos []string, code int, ok bool) {
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	pos, err := parseFlags(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		printHelp(stdout, name, fs)
		return nil, exitOK, false
	}
	if err != nil {
		usageError(stderr, name, "%s", flagMessage(err, flagNames(fs)))
		return nil, exitUsage, false
	}
	return pos, exitOK, true
}

// usageError prints one line about a bad call of command name and where
// its help is.
func usageError(w io.Writer, name, format string, args ...any) {
	cliError(w, name, fmt.Errorf("%s (run 'foresight help %s')", fmt.Sprintf(format, args...), name))
}

// flagMessage rewrites the flag package's errors in the --name spelling
// the help uses; an unknown flag gets the nearest of names, the command's
// flags.
func flagMessage(err error, names []string) string {
	m := err.Error()
	if n, ok := strings.CutPrefix(m, "flag provided but not defined: -"); ok {
		n = strings.TrimLeft(n, "-")
		return "unknown flag --" + n + didYouMean(n, names, "--")
	}
	if n, ok := strings.CutPrefix(m, "flag needs an argument: -"); ok {
		return "--" + n + " needs a value"
	}
	m = strings.Replace(m, "for flag -", "for --", 1)
	m = strings.Replace(m, ": parse error", ": want a whole number", 1)
	m = strings.Replace(m, ": value out of range", ": too large", 1)
	return m
}

// durationValue is a time.Duration flag whose error says what a duration
// looks like (a bare "5" is the usual mistake).
type durationValue time.Duration

func durationVar(fs *flag.FlagSet, p *time.Duration, name string, def time.Duration, usage string) {
	*p = def
	fs.Var((*durationValue)(p), name, usage)
}

func (d *durationValue) Set(s string) error {
	v, err := time.ParseDuration(s)
	if err != nil {
		return fmt.Errorf("use a duration such as 5s, 2m or 1h30m")
	}
	if v < 0 {
		// -5s used to pass silently as "no limit".
		return fmt.Errorf("a duration is 0 or more (0: no limit)")
	}
	*d = durationValue(v)
	return nil
}

func (d *durationValue) String() string { return time.Duration(*d).String() }

// Get lets flag.UnquoteUsage and tests see a time.Duration.
func (d *durationValue) Get() any { return time.Duration(*d) }
