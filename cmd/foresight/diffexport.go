package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/foresight-sol/foresight/engine/behaviour"
	"github.com/foresight-sol/foresight/engine/safefile"
	"github.com/foresight-sol/foresight/solc"
)

// This file is diff --export: each difference written as a Foundry test
// asserting the base revision's behaviour (engine/behaviour's
// ExportFoundry), in the project's test folder, never over a file.

// maxDiffExportNames bounds the -2, -3, ... names tried for one test.
const maxDiffExportNames = 100

// exportDiffs writes each difference of res and names the files on
// stderr.
func exportDiffs(ctx context.Context, res *diffResult, seed uint64, stderr io.Writer) error {
	root := solc.FindRoot(res.paths[0])
	for _, d := range res.rep.Differences {
		rel, text, err := behaviour.ExportFoundry(ctx, res.oldBuilds, res.newBuilds, d.Sequence, seed)
		if err != nil {
			return fmt.Errorf("export %s: %w", d.Function, err)
		}
		path, err := writeNewIn(root, rel, []byte(text))
		if err != nil {
			return fmt.Errorf("export %s: %w", d.Function, err)
		}
		fmt.Fprintf(stderr, "foresight: wrote %s (asserts %s's behaviour at %s)\n", path, d.Function, res.base)
	}
	return nil
}

// writeNewIn writes rel under root, confined to it, under the first free
// name (rel's, then -2, -3, ... before the extension).
func writeNewIn(root, rel string, data []byte) (string, error) {
	dir := filepath.Join(root, filepath.Dir(filepath.FromSlash(rel)))
	if err := safefile.MkdirIn(root, dir); err != nil {
		return "", err
	}
	base := filepath.Base(rel)
	stem, ext, _ := strings.Cut(base, ".")
	for n := 1; n <= maxDiffExportNames; n++ {
		name := base
		if n > 1 {
			name = fmt.Sprintf("%s-%d.%s", stem, n, ext)
		}
		ok, err := safefile.WriteNew(root, dir, name, data)
		if err != nil {
			return "", err
		}
		if ok {
			return filepath.Join(dir, name), nil
		}
	}
	return "", fmt.Errorf("%s and %d other names are taken", filepath.Join(dir, base), maxDiffExportNames-1)
}
