package maze

import (
	"bytes"
	"encoding/json"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "regenerate the committed mazes in engine/testdata/maze")

// dir holds the committed mazes.
var dir = filepath.Join("..", "..", "testdata", "maze")

// Committed are the mazes under engine/testdata/maze: five benchmark
// mazes of the standard tier, two of the hard tier (the first benchmark
// mazes, kept), two of the easy tier (one comparison per move: depth
// alone), a tiny one for fixed-budget tests (hard tier, so that
// it stays the maze those tests were written against) and one with the
// other guard shapes (Params.Shapes) and one with guards over state
// written by earlier calls besides (Params.State).
var Committed = []struct {
	File   string
	Params Params
}{
	{"maze1", Params{Seed: 1, Name: "Maze1"}},
	{"maze2", Params{Seed: 2, Name: "Maze2"}},
	{"maze3", Params{Seed: 3, Name: "Maze3"}},
	{"maze4", Params{Seed: 4, Name: "Maze4"}},
	{"maze5", Params{Seed: 5, Name: "Maze5"}},
	{"hard1", Params{Seed: 1, Name: "Hard1", Tier: Hard}},
	{"hard2", Params{Seed: 5, Name: "Hard2", Tier: Hard}},
	{"easy1", Params{Seed: 1, Name: "Easy1", MinConds: 1, MaxConds: 1, Tier: Easy}},
	{"easy2", Params{Seed: 2, Name: "Easy2", MinConds: 1, MaxConds: 1, Tier: Easy}},
	{"tiny", Params{Seed: 6, Name: "TinyMaze", Depth: 2, Branches: 1, Bugs: 1, MinConds: 1, MaxConds: 2, Tier: Hard}},
	{"shapes1", Params{Seed: 1, Name: "Shapes1", Shapes: true}},
	{"state1", Params{Seed: 1, Name: "State1", Shapes: true, State: true}},
}

// TestCommittedMazes checks that the committed mazes are what the
// generator makes of their parameters (-update rewrites them).
func TestCommittedMazes(t *testing.T) {
	for _, c := range Committed {
		sol, sites := Generate(c.Params).Render()
		solPath := filepath.Join(dir, c.File+".sol")
		jsonPath := filepath.Join(dir, c.File+".json")
		if *update {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			for p, b := range map[string][]byte{solPath: sol, jsonPath: sites} {
				if err := os.WriteFile(p, b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			continue
		}
		for p, want := range map[string][]byte{solPath: sol, jsonPath: sites} {
			got, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s is out of date with the generator: go generate ./engine/internal/maze", p)
			}
		}
	}
}

// TestGenerateDeterministic checks that a seed gives one maze and two
// seeds two.
func TestGenerateDeterministic(t *testing.T) {
	a, _ := Generate(Params{Seed: 7}).Render()
	b, _ := Generate(Params{Seed: 7}).Render()
	c, _ := Generate(Params{Seed: 8}).Render()
	if !bytes.Equal(a, b) {
		t.Error("seed 7 gave two different mazes")
	}
	if bytes.Equal(a, c) {
		t.Error("seeds 7 and 8 gave the same maze")
	}
}

// TestWitnessesAndProofs checks the generator's claims on many seeds:
// every satisfiable exit's witness satisfies all its nested conditions,
// every unsatisfiable one holds a proof pattern, random arguments never
// pass an unsatisfiable exit, and the deepest cell is 10-20 moves deep.
func TestWitnessesAndProofs(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for seed := uint64(1); seed <= 400; seed++ {
		tier := Standard
		if seed > 200 {
			tier = Hard
		}
		// Every other hundred seeds with the other guard shapes.
		shapes := seed%200 > 100
		// Every fourth seed with guards over state besides.
		m := Generate(Params{Seed: seed, Tier: tier, Shapes: shapes, State: seed%4 == 0})
		if tier == Standard && !shapes && hasProduct(m) {
			t.Fatalf("seed %d: a standard maze multiplies two arguments", seed)
		}
		if m.Depth < 10 || m.Depth > 20 {
			t.Fatalf("seed %d: depth %d, want 10-20", seed, m.Depth)
		}
		if d := m.Reachable()[m.Depth]; d != m.Depth {
			t.Fatalf("seed %d: deepest cell at %d moves, want %d", seed, d, m.Depth)
		}
		for _, e := range append(append([]Exit(nil), m.Exits...), m.Digs...) {
			if e.Sat {
				for k, c := range e.Conds {
					if !c.Holds(&e.Witness, e.Value) {
						t.Fatalf("seed %d: exit %d->%d: witness fails condition %d (%s)", seed, e.From, e.To, k, c.Solidity())
					}
				}
				continue
			}
			if !provablyUnsat(e.Conds) {
				t.Fatalf("seed %d: exit %d->%d is marked unsatisfiable without a proof", seed, e.From, e.To)
			}
			for range 100 {
				var a [NArgs]uint64
				for i := range a {
					a[i] = r.Uint64()
				}
				a[r.IntN(NArgs)] = e.Witness[r.IntN(NArgs)]
				if all(e.Conds, &a, r.Uint64()) {
					t.Fatalf("seed %d: unsatisfiable exit %d->%d passed with %v", seed, e.From, e.To, a)
				}
			}
		}
	}
}

// hasProduct reports whether a guard of m multiplies two arguments.
func hasProduct(m *Maze) bool {
	for _, e := range append(append([]Exit(nil), m.Exits...), m.Digs...) {
		for _, c := range e.Conds {
			if c.Kind == kindMul || c.Kind == kindMulOff {
				return true
			}
		}
	}
	return false
}

func all(conds []Cond, a *[NArgs]uint64, v uint64) bool {
	for _, c := range conds {
		if !c.Holds(a, v) {
			return false
		}
	}
	return true
}

// TestSitesListReachable checks the JSON beside a maze: the reachable
// list is the reachable sites' lines, each line holds an assert, and an
// unreachable site exists (the walled-off room and the impossible dig).
func TestSitesListReachable(t *testing.T) {
	for _, c := range Committed[:7] {
		sol, js := Generate(c.Params).Render()
		var s Sites
		if err := json.Unmarshal(js, &s); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(sol), "\n")
		var reach []int
		unreachable := 0
		for _, site := range s.Sites {
			if !strings.Contains(lines[site.Line-1], "assert(false);") {
				t.Errorf("%s: line %d is %q, want the assert", c.File, site.Line, lines[site.Line-1])
			}
			if site.Reachable {
				reach = append(reach, site.Line)
				if len(site.Witness) != site.Depth {
					t.Errorf("%s: site %d: witness of %d moves, depth %d", c.File, site.Line, len(site.Witness), site.Depth)
				}
			} else {
				unreachable++
			}
		}
		if strconv.Quote(string(mustJSON(t, reach))) != strconv.Quote(string(mustJSON(t, s.Reachable))) {
			t.Errorf("%s: reachable %v, sites say %v", c.File, s.Reachable, reach)
		}
		if unreachable < 2 || len(reach) < 3 {
			t.Errorf("%s: %d reachable and %d unreachable sites", c.File, len(reach), unreachable)
		}
	}
}

func mustJSON(t *testing.T, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
