package main

import (
	"context"
	"fmt"
	"io"

	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
)

// This file is diff --export: each difference written as a Foundry test
// asserting the base revision's behaviour (session's
// BehaviourDifference.Export), in the project's test folder, never over a file.

// exportDiffs writes each difference of res and names the files on
// stderr.
func exportDiffs(ctx context.Context, res *diffResult, stderr io.Writer) error {
	root := solc.FindRoot(res.paths[0])
	for _, d := range res.cmp.Differences() {
		rel, text, err := d.Export(ctx)
		if err != nil {
			return fmt.Errorf("export %s: %w", d.Function, err)
		}
		path, err := session.WriteNewIn(root, rel, []byte(text))
		if err != nil {
			return fmt.Errorf("export %s: %w", d.Function, err)
		}
		fmt.Fprintf(stderr, "foresight: wrote %s (asserts %s's behaviour at %s)\n", path, d.Function, res.base)
	}
	return nil
}
