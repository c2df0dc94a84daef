package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/foresight-sol/foresight/internal/notices"
)

// version is set at link time with -ldflags "-X main.version=...".
var version = "0.1.0-dev"

// Exit codes.
const (
	exitOK       = 0
	exitFindings = 1
	exitUsage    = 2
	// exitInterrupted is check's and fuzz's code when a signal ended
	// them, as a shell reports a command SIGINT ended.
	exitInterrupted = 130
)

// errUnknownValue marks a flag value outside the flag's choices.
var errUnknownValue = errors.New("unknown value")

type command struct {
	name, summary string
	run           func(ctx context.Context, args []string, stdout, stderr io.Writer) int
}

func commands() []command {
	return []command{
		{"check", "compile, run a short campaign and print findings like compiler diagnostics", runCheck},
		{"fuzz", "run a fuzzing campaign and report findings (text, json, sarif)", runFuzz},
		{"replay", "re-execute the findings of a JSON report and print traces", runReplay},
		{"diff", "compare the behaviour at a git revision with the working tree's (docs/diff.md)", runDiff},
		{"mutants", "would a property notice if a changed line were wrong? mutants fuzzed (docs/mutants.md)", runMutants},
		{"explain", "say what a finding kind means, why it is a bug and what to do", runExplain},
		{"bench", "compare engine configurations over several seeds (median executions and time to each finding)", runBench},
		{"corpus", "merge corpus directories or minimise one (docs/scaling.md)", runCorpus},
		{"solc", "answer as solc VERSION through solc-js, for forge where no native solc installs", runSolc},
		{"lsp", "serve the Language Server Protocol on stdio (see docs/lsp.md)", runLSP},
		{"version", "print the version", runVersion},
	}
}

func main() {
	// Any of these ends the command through its context, so compiler runs
	// are killed and waited for before the exit (the commands close their
	// toolchains); a second signal is not caught and ends it at once.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	go func() {
		<-ctx.Done()
		stop()
	}()
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	switch args[0] {
	case "-h", "-help", "--help":
		usage(stdout)
		return exitOK
	case "help":
		return runHelp(ctx, args[1:], stdout, stderr)
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(ctx, args[1:], stdout, stderr)
		}
	}
	cliErrorf(stderr, "", "unknown command %q%s (run 'foresight help')", args[0], didYouMean(args[0], commandNames(), ""))
	return exitUsage
}

// runHelp prints the overview, or with a command name that command's help
// page, to stdout.
func runHelp(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stdout)
		return exitOK
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(ctx, []string{"--help"}, stdout, stderr)
		}
	}
	cliErrorf(stderr, "help", "no help for %q%s (run 'foresight help')", args[0], didYouMean(args[0], commandNames()[1:], ""))
	return exitUsage
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: foresight <command> [flags] [args]")
	fmt.Fprintln(w, "\ncommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun 'foresight help <command>' for what a command does, its flags and an example.")
	fmt.Fprintln(w, "Exit codes: 0 no findings, 1 findings, 2 usage or compile errors, 130 check or fuzz interrupted.")
}

func runVersion(_ context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	licenses := fs.Bool("licenses", false, "print the licence of Foresight and of every module compiled into it")
	pos, code, ok := parseCommand("version", fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		usageError(stderr, "version", "unexpected argument %q", pos[0])
		return exitUsage
	}
	fmt.Fprintf(stdout, "foresight %s\n", version)
	if *licenses {
		// The binary may travel without the archive's files: it carries
		// what they say.
		fmt.Fprintf(stdout, "\n%s", notices.Text())
	}
	return exitOK
}
