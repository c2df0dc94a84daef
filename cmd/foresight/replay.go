package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/foresight-sol/foresight/engine"
)

func runReplay(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var cf compilerFlags
	cf.register(fs)
	index := fs.Int("finding", 0, "replay only this finding (1-based); 0 replays all")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: foresight replay [flags] REPORT.json")
		fmt.Fprintln(stderr, "Re-executes the findings of a report written by 'foresight fuzz --format json' and prints each trace.")
		fs.PrintDefaults()
	}
	paths, err := parseFlags(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(paths) != 1 {
		fs.Usage()
		return exitUsage
	}
	data, err := os.ReadFile(paths[0])
	if err != nil {
		fmt.Fprintf(stderr, "foresight: %v\n", err)
		return exitUsage
	}
	var rep jsonReport
	if err := json.Unmarshal(data, &rep); err != nil {
		fmt.Fprintf(stderr, "foresight: %s is not a foresight report: %v\n", paths[0], err)
		return exitUsage
	}
	if rep.Schema != reportSchema {
		fmt.Fprintf(stderr, "foresight: %s has schema %q, want %q\n", paths[0], rep.Schema, reportSchema)
		return exitUsage
	}
	if *index < 0 || *index > len(rep.Finds) {
		fmt.Fprintf(stderr, "foresight: the report has %d finding(s)\n", len(rep.Finds))
		return exitUsage
	}
	tc := cf.toolchain(stderr, newLogger(stderr, cf.verbose))
	defer tc.Close()
	builds, err := compilePaths(ctx, tc, rep.Inputs)
	if err != nil {
		fmt.Fprintf(stderr, "foresight: %v\n", err)
		return exitUsage
	}
	for _, b := range builds {
		if b.HasErrors() {
			printDiagnostics(stderr, b)
			return exitUsage
		}
	}
	reproduced := 0
	for i, f := range rep.Finds {
		if *index != 0 && i+1 != *index {
			continue
		}
		fmt.Fprintf(stdout, "finding %d: %s in %s\n", i+1, f.Kind, f.Contract)
		tr, err := engine.Replay(builds, rep.Setup, f)
		if err != nil {
			fmt.Fprintf(stderr, "foresight: finding %d: %v\n", i+1, err)
			return exitUsage
		}
		fmt.Fprint(stdout, engine.FormatTrace(tr, builds))
		if tr.Reproduced {
			reproduced++
		}
	}
	if reproduced > 0 {
		return exitFindings
	}
	return exitOK
}
