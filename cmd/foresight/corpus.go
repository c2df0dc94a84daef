package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
)

// runCorpus maintains corpus directories: merge several into one, or
// minimise one against the sources it fuzzes.
func runCorpus(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	usage := func(w io.Writer) {
		fmt.Fprintln(w, "usage: foresight corpus merge DST SRC...          add the inputs and findings of each SRC to DST")
		fmt.Fprintln(w, "       foresight corpus min [flags] DIR FILE|DIR...  keep the smallest set of DIR's inputs with the same coverage of the sources")
		fmt.Fprintln(w, "\nRun 'foresight corpus merge --help' or 'foresight corpus min --help' for more.")
	}
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	switch args[0] {
	case "merge":
		return corpusMerge(args[1:], stdout, stderr)
	case "min":
		return corpusMin(ctx, args[1:], stdout, stderr)
	case "-h", "--help", "help":
		printHelp(stdout, "corpus", nil)
		return exitOK
	}
	usageError(stderr, "corpus", "unknown corpus command %q, want merge or min", args[0])
	return exitUsage
}

func corpusMerge(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("corpus merge", flag.ContinueOnError)
	args, code, ok := parseCommand("corpus merge", fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(args) < 2 {
		usageError(stderr, "corpus merge", "want a DST directory and at least one SRC")
		return exitUsage
	}
	if st, err := os.Stat(args[0]); err == nil && !st.IsDir() {
		cliErrorf(stderr, "corpus merge", "corpus directory: %s: not a directory", args[0])
		return exitUsage
	}
	for _, src := range args[1:] {
		if err := existingDir(src); err != nil {
			cliError(stderr, "corpus merge", err)
			return exitUsage
		}
	}
	dst, err := session.OpenCorpusDir(args[0])
	if err != nil {
		cliError(stderr, "corpus merge", err)
		return exitUsage
	}
	var inputs, findings int
	for _, src := range args[1:] {
		in, fi, err := dst.MergeFrom(src, func(sk session.MergeSkip) {
			switch {
			case sk.Problem != nil:
				fmt.Fprintf(stderr, "foresight: %s: skipped %v\n", src, sk.Problem)
			case sk.OverLimit > 0:
				fmt.Fprintf(stderr, "foresight: %s: %d inputs over the limit of %d not merged (run 'foresight corpus min' first)\n", src, sk.OverLimit, session.MaxCorpusInputs)
			case sk.Finding != nil:
				cliErrorf(stderr, "corpus merge", "%s: skipped %w", src, sk.Finding)
			}
		})
		inputs, findings = inputs+in, findings+fi
		if err != nil {
			cliError(stderr, "corpus merge", err)
			return exitUsage
		}
	}
	fmt.Fprintf(stdout, "merged %d new input(s) and %d new finding(s) into %s\n", inputs, findings, args[0])
	return exitOK
}

func corpusMin(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("corpus min", flag.ContinueOnError)
	var cf compilerFlags
	cf.register(fs)
	dryRun := fs.Bool("n", false, "only print what would be removed")
	paths, code, ok := parseCommand("corpus min", fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(paths) < 2 {
		usageError(stderr, "corpus min", "want a corpus directory and the sources it fuzzes")
		return exitUsage
	}
	if err := existingDir(paths[0]); err != nil {
		cliError(stderr, "corpus min", err)
		return exitUsage
	}
	d, err := session.OpenCorpusDir(paths[0])
	if err != nil {
		cliError(stderr, "corpus min", err)
		return exitUsage
	}
	tc := cf.toolchain(stderr, newLogger(stderr, cf.verbose))
	defer tc.Close()
	builds, err := compilePaths(ctx, tc, paths[1:])
	if err != nil {
		cliError(stderr, "corpus min", err)
		return exitUsage
	}
	var good []*solc.Build
	for _, b := range builds {
		if b.HasErrors() {
			printDiagnostics(stderr, b)
			return exitUsage
		}
		good = append(good, b)
	}
	m, err := d.Minimize(ctx, good, *dryRun)
	if err != nil {
		cliError(stderr, "corpus min", err)
		return exitUsage
	}
	fmt.Fprintf(stdout, "kept %d of %d input(s) (%d instructions covered beyond the single calls); removed %d, %d of them stale\n",
		m.Kept, m.Total, m.Covered, m.Removed, m.Stale)
	if m.OverLimit > 0 {
		fmt.Fprintf(stderr, "foresight: %d inputs over the limit of %d were not considered; run min again\n", m.OverLimit, session.MaxCorpusInputs)
	}
	return exitOK
}

// existingDir checks that a corpus to read from is a directory: opening
// one that does not exist would create it, hiding a mistyped path.
func existingDir(path string) error {
	st, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("corpus directory: %w", err)
	}
	if !st.IsDir() {
		return fmt.Errorf("corpus directory: %s: not a directory", path)
	}
	return nil
}
