package maze

//go:generate go test -run TestCommittedMazes -update

import (
	"math/rand/v2"
)

// NArgs is the number of uint64 arguments of every move and dig.
const NArgs = 8

// Dirs are the move functions; the payable ones may guard moves by
// msg.value.
var Dirs = [4]string{"north", "east", "south", "west"}

// payable reports whether direction d's function is payable.
func payable(d int) bool { return d == 1 || d == 2 }

// Params shape a maze. Zero fields take the defaults.
type Params struct {
	Seed     uint64
	Name     string // contract name
	Depth    int    // moves from the start to the deepest cell; default 10-20 from the seed
	Branches int    // side branches (dead ends); default Depth/2
	Bugs     int    // reachable bug sites besides the deepest cell's; default 5
	MinConds int    // nested conditions per move; default 2
	MaxConds int    // default 4
	Tier     Tier   `json:",omitempty"` // guard shapes; default Standard
	// Shapes puts one more guard into about half the exits: a hash of
	// an argument, a bytes compare, a loop, a call to a second contract
	// or a product of two arguments (shapes.go).
	Shapes bool `json:",omitempty"`
	// State puts one more guard into about half the exits, over state
	// that earlier calls wrote: a slot set by set, a tally summed by
	// add, a flag set by label on a string equality or by code on a
	// byte-by-byte compare, a value kept in the helper contract by send
	// (state.go).
	State bool `json:",omitempty"`
}

// Exit is a guarded move out of a cell (or, with Dir -1, the dig that
// fails an assert there).
type Exit struct {
	From, To int
	Dir      int
	Conds    []Cond // nested, outermost first
	Sat      bool
	Witness  [NArgs]uint64
	Value    uint64
}

// Maze is a generated maze.
type Maze struct {
	Params
	Cells int
	Exits []Exit // moves
	Digs  []Exit // bug sites, To == -1
	// The string and bytes constants kindLabel and kindCode drew.
	labels, codes int
}

// Generate builds the maze p describes, the same for the same p.
func Generate(p Params) *Maze {
	r := rand.New(rand.NewPCG(p.Seed, 0x6d617a65))
	if p.Depth == 0 {
		p.Depth = 10 + r.IntN(11)
	}
	if p.Branches == 0 {
		p.Branches = p.Depth / 2
	}
	if p.Bugs == 0 {
		p.Bugs = 5
	}
	if p.MinConds == 0 {
		p.MinConds = 2
	}
	if p.MaxConds == 0 {
		p.MaxConds = 4
	}
	if p.Name == "" {
		p.Name = "Maze"
	}
	if p.Tier == "" {
		p.Tier = Standard
	}
	m := &Maze{Params: p, Cells: p.Depth + 1}
	used := map[[2]int]bool{} // (cell, dir)
	depth := []int{0}
	addExit := func(from, to int, sat bool) bool {
		dirs := r.Perm(4)
		for _, d := range dirs {
			if !used[[2]int{from, d}] {
				used[[2]int{from, d}] = true
				m.Exits = append(m.Exits, m.exit(r, from, to, d, sat))
				return true
			}
		}
		return false
	}
	// The spine: the way from the start to the deepest cell.
	for c := 0; c < p.Depth; c++ {
		depth = append(depth, c+1)
		addExit(c, c+1, true)
	}
	// Dead ends, each 1-3 cells off a spine cell.
	var tips []int
	for range p.Branches {
		from := r.IntN(p.Depth)
		for n := 1 + r.IntN(3); n > 0; n-- {
			to := m.Cells
			if !addExit(from, to, true) {
				break
			}
			m.Cells++
			depth = append(depth, depth[from]+1)
			from = to
		}
		if from >= p.Depth+1 {
			tips = append(tips, from)
		}
	}
	// Ways back (loops) and impossible shortcuts.
	for range p.Depth / 3 {
		from := 1 + r.IntN(m.Cells-1)
		// Back to a spine cell no deeper than from: a loop, never a
		// shortcut.
		addExit(from, r.IntN(max(1, depth[from])), true)
	}
	for range p.Depth / 4 {
		from := r.IntN(p.Depth - 3)
		addExit(from, from+3+r.IntN(3), false)
	}
	// A walled-off room: entered only through an impossible move.
	room := m.Cells
	if addExit(r.IntN(p.Depth), room, false) {
		m.Cells++
		m.dig(r, room, true)
	}
	// Bug sites: the deepest cell, a reachable cell with an impossible
	// dig, and the rest spread over the deeper half and the dead ends.
	m.dig(r, p.Depth, true)
	m.dig(r, r.IntN(p.Depth), false)
	cand := append([]int(nil), tips...)
	for c := p.Depth / 2; c < p.Depth; c++ {
		cand = append(cand, c)
	}
	r.Shuffle(len(cand), func(i, j int) { cand[i], cand[j] = cand[j], cand[i] })
	for _, c := range cand {
		if len(m.Digs) >= p.Bugs+3 {
			break
		}
		if !m.hasDig(c) {
			m.dig(r, c, true)
		}
	}
	return m
}

func (m *Maze) hasDig(c int) bool {
	for _, d := range m.Digs {
		if d.From == c {
			return true
		}
	}
	return false
}

// dig adds a bug site at cell c, guarded by satisfiable conditions or not.
func (m *Maze) dig(r *rand.Rand, c int, sat bool) {
	if m.hasDig(c) {
		return
	}
	e := m.exit(r, c, -1, -1, sat)
	m.Digs = append(m.Digs, e)
}

// exit draws a guarded move from one cell to another in direction d (-1:
// a dig), satisfiable around a random witness or unsatisfiable.
func (m *Maze) exit(r *rand.Rand, from, to, d int, sat bool) Exit {
	e := Exit{From: from, To: to, Dir: d, Sat: sat}
	for i := range e.Witness {
		e.Witness[i] = word(r)
	}
	// A few arguments per move, so that nested conditions share them.
	pool := r.Perm(NArgs)[:2+r.IntN(2)]
	n := m.MinConds + r.IntN(m.MaxConds-m.MinConds+1)
	valueAt := -1
	if d >= 0 && payable(d) && r.IntN(3) == 0 {
		// A price in finney, as contracts charge.
		e.Value = (1 + r.Uint64N(1000)) * 1e15
		valueAt = r.IntN(n)
	}
	for i := range n {
		e.Conds = append(e.Conds, satisfied(m.Tier, r, pool, &e.Witness, e.Value, i == valueAt))
	}
	if m.Shapes && r.IntN(2) == 0 {
		at := r.IntN(len(e.Conds) + 1)
		e.Conds = append(e.Conds[:at], append([]Cond{shaped(r, pool, &e.Witness)}, e.Conds[at:]...)...)
	}
	if m.State && r.IntN(2) == 0 {
		at := r.IntN(len(e.Conds) + 1)
		e.Conds = append(e.Conds[:at], append([]Cond{m.stateful(r)}, e.Conds[at:]...)...)
	}
	if !sat {
		at := r.IntN(len(e.Conds) + 1)
		bad := unsatisfiable(r, pool)
		e.Conds = append(e.Conds[:at], append(bad, e.Conds[at:]...)...)
	}
	return e
}

// Reachable returns the cells reachable from the start through
// satisfiable moves, with their depth (moves from the start).
func (m *Maze) Reachable() map[int]int {
	seen := map[int]int{0: 0}
	queue := []int{0}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for _, e := range m.Exits {
			if e.From == c && e.Sat {
				if _, ok := seen[e.To]; !ok {
					seen[e.To] = seen[c] + 1
					queue = append(queue, e.To)
				}
			}
		}
	}
	return seen
}

// Path returns the shortest list of satisfiable moves from the start to
// cell c, or nil if c is unreachable (or the start).
func (m *Maze) Path(c int) []Exit {
	prev := map[int]Exit{}
	seen := map[int]bool{0: true}
	queue := []int{0}
	for len(queue) > 0 {
		at := queue[0]
		queue = queue[1:]
		for _, e := range m.Exits {
			if e.From == at && e.Sat && !seen[e.To] {
				seen[e.To], prev[e.To] = true, e
				queue = append(queue, e.To)
			}
		}
	}
	if !seen[c] {
		return nil
	}
	var path []Exit
	for c != 0 {
		e := prev[c]
		path = append([]Exit{e}, path...)
		c = e.From
	}
	return path
}
