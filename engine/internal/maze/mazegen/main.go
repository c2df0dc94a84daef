// Command mazegen writes generated mazes (a .sol and its .json of bug
// sites) into a folder, for measuring on mazes outside the committed
// ones (scripts/bench-maze's DIR):
//
//	mazegen [-depth N] [-bugs N] [-tier standard|hard|easy] [-shapes] [-state] [-prefix NAME] [-forge [-per-site]] DIR SEED...
//
// Each seed gives DIR/NAME<seed>.sol and DIR/NAME<seed>.json. With -forge
// it writes the maze whose bug sites record their hits instead of failing
// an assert (maze.RenderRecorded) as a Foundry project's sources, for
// scripts/bench-forge: DIR/src/NAME<seed>.sol, its invariant test
// DIR/test/NAME<seed>.t.sol and the sites DIR/NAME<seed>.json.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/foresight-sol/foresight/engine/internal/maze"
)

func main() {
	depth := flag.Int("depth", 0, "moves from the start to the deepest cell (0: 10-20 from the seed)")
	tier := flag.String("tier", "standard", "guard shapes: standard, hard or easy")
	prefix := flag.String("prefix", "deep", "file and contract name before the seed")
	bugs := flag.Int("bugs", 0, "reachable bug sites besides the deepest cell's (0: 5)")
	perSite := flag.Bool("per-site", false, "with -forge: one invariant per bug site instead of one for all")
	shapes := flag.Bool("shapes", false, "put hashes, bytes compares, loops, calls to a second contract and products of two arguments into about half the guards")
	state := flag.Bool("state", false, "put guards over state earlier calls wrote (a slot, a tally, string and bytes compares, a second contract's storage) into about half the guards")
	forge := flag.Bool("forge", false, "write the recorded maze and its forge invariant test as a Foundry project's src/ and test/")
	flag.Parse()
	args := flag.Args()
	if len(args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: mazegen [-depth N] [-bugs N] [-tier T] [-shapes] [-state] [-prefix NAME] [-per-site] [-forge] DIR SEED...")
		os.Exit(2)
	}
	t := maze.Tier(*tier)
	if t != maze.Standard && t != maze.Hard && t != maze.Easy {
		fmt.Fprintf(os.Stderr, "mazegen: unknown tier %q\n", *tier)
		os.Exit(2)
	}
	for _, a := range args[1:] {
		seed, err := strconv.ParseUint(a, 10, 64)
		if err != nil {
			fmt.Fprintf(os.Stderr, "mazegen: seed %q: not a number\n", a)
			os.Exit(2)
		}
		name := *prefix + a
		p := maze.Params{Seed: seed, Name: strings.ToUpper(name[:1]) + name[1:], Depth: *depth, Bugs: *bugs, Tier: t, Shapes: *shapes, State: *state}
		m := maze.Generate(p)
		sol, sites := m.Render()
		files := map[string][]byte{name + ".sol": sol, name + ".json": sites}
		if *forge {
			sol, sites = m.RenderRecorded()
			harness := m.ForgeHarness("../src/" + name + ".sol")
			if *perSite {
				harness = m.ForgeHarnessPerSite("../src/" + name + ".sol")
			}
			files = map[string][]byte{
				filepath.Join("src", name+".sol"):    sol,
				filepath.Join("test", name+".t.sol"): harness,
				name + ".json":                       sites,
			}
		}
		for f, b := range files {
			f = filepath.Join(args[0], f)
			err := os.MkdirAll(filepath.Dir(f), 0o755)
			if err == nil {
				err = os.WriteFile(f, b, 0o644)
			}
			if err != nil {
				fmt.Fprintf(os.Stderr, "mazegen: %v\n", err)
				os.Exit(1)
			}
		}
	}
}
