package solve

import (
	"encoding/binary"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// The class of engine/testdata/classes/HashByteOnLine.sol, computed here
// as the tracer would report it: over uint64 inputs a1 and a3,
//
//	a3 * 3897 + a1 * k1 == c1     (edges 0 taken, 1 not)
//	uint8(keccak256(a3)) == hb    (edges 2, 3; hashed)
//	a3 * k2 + c2 == d             (edges 4, 5)
//
// with the witness a1 = w1, a3 = w3.
const (
	hwK1, hwK2, hwC2 = uint64(0xd1b54a32d192ed03), uint64(0x2545f4914f6cdd1d), uint64(0x632be59bd9b4e019)
	hwW1, hwW3       = uint64(0x1b2c3d4e5f607182), uint64(0x7c1d93e5a0b46f21)
)

var (
	hwC1 = mul64(hwW3, 3897) + mul64(hwW1, hwK1)
	hwD  = mul64(hwW3, hwK2) + hwC2
	hwH  = hashByte(hwW3)
)

// mul64 multiplies modulo 2^64 (constants would overflow).
func mul64(a, b uint64) uint64 { return a * b }

// hashByte is uint8(uint256(keccak256(abi.encodePacked(uint64 x)))).
func hashByte(x uint64) uint64 {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], x)
	return uint64(crypto.Keccak256(b[:])[31])
}

// hashLine runs the class on seq's two arguments: the cost vector of its
// transaction, and whether it reached the innermost condition.
func hashLine(seq txseq.Sequence, hashed bool) ([]txseq.CostEntry, bool) {
	a1, a3 := seq[0].Args[0].Word.Uint64(), seq[0].Args[1].Word.Uint64()
	var costs []txseq.CostEntry
	cmp := func(edge int32, l, r uint64, hashed bool) bool {
		var e txseq.CostEntry
		e.Hashed = hashed
		e.Opnd[0].SetUint64(l)
		e.Opnd[1].SetUint64(r)
		if l == r {
			e.Idx = edge + 1
			e.Cost.SetOne()
			e.Resid.SetOne()
		} else {
			e.Idx = edge
			e.Resid.Sub(&e.Opnd[0], &e.Opnd[1])
			e.Cost.Set(&e.Resid)
			if l < r {
				e.Cost.Neg(&e.Cost)
			}
		}
		costs = append(costs, e)
		return l == r
	}
	if !cmp(0, a3*3897+a1*hwK1, hwC1, false) || !cmp(2, hashByte(a3), hwH, hashed) {
		return costs, false
	}
	return costs, cmp(4, a3*hwK2+hwC2, hwD, false)
}

// hashLineSeq returns the class's call with arguments a1 and a3.
func hashLineSeq(t *testing.T, a1, a3 uint64) txseq.Sequence {
	u64, err := abi.NewType("uint64", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	tx := txseq.Tx{}
	for _, v := range []uint64{a1, a3} {
		a := calldata.Value{Type: &u64}
		a.Word.SetUint64(v)
		tx.Args = append(tx.Args, a)
	}
	return txseq.Sequence{tx}
}

// hashLineBase returns a point on the first condition's line whose hash
// byte misses: a3 near the witness, a1 solved for.
func hashLineBase(t *testing.T) txseq.Sequence {
	inv := new(big.Int).ModInverse(new(big.Int).SetUint64(hwK1), new(big.Int).Lsh(big.NewInt(1), 64)).Uint64()
	for a3 := hwW3 + 1000; ; a3++ {
		if hashByte(a3) != hwH {
			return hashLineSeq(t, (hwC1-a3*3897)*inv, a3)
		}
	}
}

// walkChains drives pr as the fuzzing loop does: a chain from p, its
// runs observed, until it ends (nil) or reaches target; then the next
// chain from next, up to chains chains. It returns the runs made and
// whether the innermost condition was reached.
func walkChains(pr *Predictor, p *Prediction, hashed bool, chains int, next func() *Prediction) (runs int, reached bool) {
	for c := 0; c < chains && p != nil; c++ {
		for p != nil {
			costs, inner := hashLine(p.Seq, hashed)
			runs++
			if inner {
				return runs, true
			}
			var tc, tr uint256.Int
			hit := false
			for _, e := range costs {
				switch e.Idx {
				case p.Target:
					tc, tr = e.Cost, e.Resid
				case p.Target ^ 1:
					hit = true
				}
			}
			pr.Observe(true, &tc, &tr, costs)
			if hit {
				pr.seen[p.Target] = 1
				break
			}
			p = pr.Again(p)
		}
		p = next()
	}
	return runs, false
}

// TestHashWalkOnLine solves the class from a point on the first line:
// the joint solve's probes give the direction that keeps it, the walk
// along it passes the hash byte, and the run that passes it starts the
// walk of the pinned condition below, whose second point passing the
// hash gives the root. Within the budget of 4 * 2^8 runs per edge.
func TestHashWalkOnLine(t *testing.T) {
	pr := NewPredictor(rand.New(rand.NewPCG(1, 2)), make([]uint8, 6), 6, 6, 8)
	base := hashLineBase(t)
	costs, _ := hashLine(base, true)
	resid := Signed(&costs[1].Resid)
	p := newJoint(base, 0, 2, []int32{0}, resid, 0, nil, costs)
	next := func() *Prediction { return pr.resumeWalkIn([]txseq.CostEntry{{Idx: 4}, {Idx: 2}}) }
	runs, reached := walkChains(&pr, p, true, 16, next)
	if !reached {
		t.Fatalf("innermost condition not reached in %d runs", runs)
	}
	if runs > 2*walkBudget<<8 {
		t.Errorf("%d runs, more than two edges' budgets", runs)
	}
	if pr.hashWalks[2] == nil || pr.hashWalks[4] == nil {
		t.Errorf("walks %v, want one at the hash (edge 2) and one below it (4)", pr.hashWalks)
	}
	t.Logf("reached in %d runs", runs)
}

// TestHashWalkResumes checks that a walk cut at its segment resumes at
// its cursor: no point of the line runs twice.
func TestHashWalkResumes(t *testing.T) {
	pr := NewPredictor(rand.New(rand.NewPCG(1, 2)), make([]uint8, 6), 6, 6, 8)
	base := hashLineBase(t)
	costs, _ := hashLine(base, true)
	j := &joint{base: base, tx: 0, target: 2, bits: 64, eqs: []int32{0, 2}, r0: []*big.Int{new(big.Int), Signed(&costs[1].Resid)}, hashBits: []uint8{0, 8}}
	for path, v := range calldata.Leaves(base[0].Args) {
		j.args = append(j.args, jointArg{path: append(calldata.Path(nil), path...), typ: v.Type, x0: v.Word})
	}
	inv := new(big.Int).ModInverse(new(big.Int).SetUint64(hwK1), new(big.Int).Lsh(big.NewInt(1), 64))
	q := new(big.Int).Mul(inv, big.NewInt(-3897))
	w := &hashWalk{j: j, dir: []*big.Int{q, big.NewInt(1)}, left: walkBudget << 8, budget: walkBudget << 8, onTarget: true}
	pr.hashWalks[2] = w
	seen := map[uint64]bool{}
	runs := 0
	for p := pr.resumeWalk(2); ; {
		if p == nil {
			if p = pr.resumeWalk(2); p == nil {
				break
			}
		}
		a3 := p.Seq[0].Args[1].Word.Uint64()
		if seen[a3] {
			t.Fatalf("a3 = %#x ran twice", a3)
		}
		seen[a3] = true
		c, _ := hashLine(p.Seq, true)
		if c[0].Idx != 1 {
			t.Fatalf("run %d broke the line: %+v", runs, c[0])
		}
		runs++
		// The hash made to miss at every point: the walk spends its budget.
		c = append(c[:1], txseq.CostEntry{Idx: 2, Hashed: true})
		pr.Observe(true, new(uint256.Int), new(uint256.Int), c)
		p = pr.Again(p)
	}
	if runs != walkBudget<<8 {
		t.Errorf("%d runs, want the budget %d", runs, walkBudget<<8)
	}
}

// TestHashWalkNeedsHashedComparison: the same line without the tracer's
// hashed mark (a full hash compared, or a comparison of no hash) starts
// no walk; the joint solve goes on as before.
func TestHashWalkNeedsHashedComparison(t *testing.T) {
	pr := NewPredictor(rand.New(rand.NewPCG(1, 2)), make([]uint8, 6), 6, 6, 8)
	base := hashLineBase(t)
	costs, _ := hashLine(base, false)
	p := newJoint(base, 0, 2, []int32{0}, Signed(&costs[1].Resid), 0, nil, costs)
	for p != nil {
		if p.walk != nil {
			t.Fatal("a walk started on a comparison the tracer did not mark hashed")
		}
		c, _ := hashLine(p.Seq, false)
		pr.Observe(true, new(uint256.Int), new(uint256.Int), c)
		p = pr.Again(p)
	}
	if len(pr.hashWalks) != 0 {
		t.Errorf("walks %v", pr.hashWalks)
	}
}

// TestWalkStep: the walk alternates around its base, nearest first.
func TestWalkStep(t *testing.T) {
	for c, want := range []int64{1, -1, 2, -2, 3, -3} {
		if got := walkStep(c); got != want {
			t.Errorf("walkStep(%d) = %d, want %d", c, got, want)
		}
	}
}
