package calldata

import (
	"bytes"
	"slices"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/holiman/uint256"
)

// checkMutation checks that after differs from before in exactly the
// target m describes, and that m is accurate.
func checkMutation(t *testing.T, before, after []Value, m *Mutation) {
	t.Helper()
	old, cur := At(before, m.Path), At(after, m.Path)
	if old == nil || cur == nil {
		t.Fatalf("%s: path %s not found", m.Kind, m.Path)
	}
	switch m.Kind {
	case AddDelta, SubDelta, FlipBit, SetBoundary, SetDictionary, SetRandom, FlipBool, SwapAddress:
		if !isWord(cur.Type) || !m.Scalar {
			t.Fatalf("%s on %s, scalar %v", m.Kind, cur.Type, m.Scalar)
		}
		if m.Old != old.Word || m.New != cur.Word || m.Old == m.New {
			t.Fatalf("%s at %s: reported %s -> %s, was %s -> %s", m.Kind, m.Path, m.Old.Hex(), m.New.Hex(), old.Word.Hex(), cur.Word.Hex())
		}
		if m.Kind == FlipBool && cur.Type.T != abi.BoolTy || m.Kind == SwapAddress && cur.Type.T != abi.AddressTy {
			t.Fatalf("%s on %s", m.Kind, cur.Type)
		}
	case FlipByte, InsertByte, DeleteByte, SpliceDictionary:
		if cur.Type.T != abi.BytesTy && cur.Type.T != abi.StringTy || m.Scalar {
			t.Fatalf("%s on %s", m.Kind, cur.Type)
		}
		if bytes.Equal(old.Bytes, cur.Bytes) {
			t.Fatalf("%s did not change %q", m.Kind, old.Bytes)
		}
		d := len(cur.Bytes) - len(old.Bytes)
		if m.Kind == FlipByte && d != 0 || m.Kind == InsertByte && d != 1 || m.Kind == DeleteByte && d != -1 || m.Kind == SpliceDictionary && d <= 0 {
			t.Fatalf("%s changed the length by %d", m.Kind, d)
		}
	case InsertElem, RemoveElem:
		if cur.Type.T != abi.SliceTy || m.Scalar {
			t.Fatalf("%s on %s", m.Kind, cur.Type)
		}
		long, short := cur.Elems, old.Elems
		if m.Kind == RemoveElem {
			long, short = short, long
		}
		if len(long) != len(short)+1 || m.Old.Uint64() != uint64(len(old.Elems)) || m.New.Uint64() != uint64(len(cur.Elems)) {
			t.Fatalf("%s: %d -> %d elements, reported %d -> %d", m.Kind, len(old.Elems), len(cur.Elems), m.Old.Uint64(), m.New.Uint64())
		}
		found := false
		for i := range long {
			if EqualArgs(slices.Delete(slices.Clone(long), i, i+1), short) {
				found = true
				break
			}
		}
		if !found {
			t.Fatalf("%s changed more than one element", m.Kind)
		}
	default:
		t.Fatalf("unknown kind %d", m.Kind)
	}
	// Everything outside the target is unchanged.
	rest := Clone(after)
	*At(rest, m.Path) = *At(before, m.Path)
	if !EqualArgs(rest, before) {
		t.Fatalf("%s at %s changed other values:\n%s\n%s", m.Kind, m.Path, FormatArgs(before), FormatArgs(after))
	}
	for _, v := range after {
		if err := Validate(v); err != nil {
			t.Fatalf("%s left an invalid value: %v", m.Kind, err)
		}
		if err := rangeError(v); err != nil {
			t.Fatalf("%s left an out-of-range value: %v", m.Kind, err)
		}
	}
}

// TestMutateChangesOneTarget runs thousands of mutations with a fixed seed
// and checks each one.
func TestMutateChangesOneTarget(t *testing.T) {
	r := newRand(30)
	env := testEnv()
	kinds := map[MutationKind]int{}
	var m Mutation
	for _, list := range typeLists() {
		types := arguments(list...)
		args := GenerateArgs(r, types, env)
		for range 150 {
			before := Clone(args)
			if !Mutate(r, args, env, &m) {
				if countTargets(args) != 0 {
					t.Fatal("Mutate found no target")
				}
				break
			}
			checkMutation(t, before, args, &m)
			kinds[m.Kind]++
			// The encoding of mutated values stays what accounts/abi makes.
			if !bytes.Equal(EncodeArgs(nil, args), gethPack(t, types, args)) {
				t.Fatalf("encoding differs after %s", m.Kind)
			}
		}
	}
	for k := AddDelta; k <= RemoveElem; k++ {
		if kinds[k] == 0 {
			t.Errorf("kind %s never happened", k)
		}
	}
}

// TestMutateNothing checks that Mutate reports false without targets.
func TestMutateNothing(t *testing.T) {
	var m Mutation
	if Mutate(newRand(31), nil, nil, &m) {
		t.Error("mutated an empty argument list")
	}
	empty := []Value{Generate(newRand(31), mustType("uint8[0]"), nil)}
	if Mutate(newRand(31), empty, nil, &m) {
		t.Error("mutated an empty fixed array")
	}
}

// TestMutateNilEnv checks mutation without a pool or dictionary.
func TestMutateNilEnv(t *testing.T) {
	r := newRand(32)
	var m Mutation
	for _, list := range typeLists() {
		args := GenerateArgs(r, arguments(list...), nil)
		for range 20 {
			before := Clone(args)
			if !Mutate(r, args, nil, &m) {
				break
			}
			checkMutation(t, before, args, &m)
		}
	}
}

// TestMutateBool checks that the only mutation of a bool flips it.
func TestMutateBool(t *testing.T) {
	args := []Value{{Type: mustType("bool")}}
	var m Mutation
	for i := range 10 {
		Mutate(newRand(uint64(i)), args, nil, &m)
		if m.Kind != FlipBool || args[0].Word.Uint64() != uint64((i+1)%2) {
			t.Fatalf("step %d: %s to %s", i, m.Kind, args[0].Word.Hex())
		}
	}
}

// TestMutateCopyIntoNoAliasing checks that storage reused by CopyInto
// after removals never aliases another value.
func TestMutateCopyIntoNoAliasing(t *testing.T) {
	r := newRand(33)
	env := testEnv()
	types := arguments(mustType("bytes[]"), mustType("string[][]"))
	src := GenerateArgs(r, types, env)
	var work []Value
	var m Mutation
	for range 2000 {
		CopyInto(&work, src)
		if !EqualArgs(work, src) {
			t.Fatal("CopyInto differs")
		}
		Mutate(r, work, env, &m)
		if r.IntN(3) == 0 {
			src = Clone(work)
		}
	}
	// Mutating the copy must not have touched src: compare to a clone.
	snapshot := Clone(src)
	for range 200 {
		CopyInto(&work, src)
		Mutate(r, work, env, &m)
		if !EqualArgs(src, snapshot) {
			t.Fatal("mutating a CopyInto copy changed the source")
		}
	}
}

// TestMutateAllocs checks that mutating scalar leaves allocates nothing.
func TestMutateAllocs(t *testing.T) {
	r := newRand(34)
	env := testEnv()
	args := scalarArgs()
	var m Mutation
	Mutate(r, args, env, &m)
	allocs := testing.AllocsPerRun(1000, func() {
		Mutate(r, args, env, &m)
	})
	if allocs != 0 {
		t.Errorf("%v allocations per Mutate", allocs)
	}
}

// TestSetWord checks that SetWord clamps into the leaf.
func TestSetWord(t *testing.T) {
	args := []Value{{Type: mustType("uint8")}, {Type: mustType("string")}}
	if !SetWord(args, Path{0}, *uint256.NewInt(1000)) || args[0].Word.Uint64() != 255 {
		t.Errorf("uint8 set to %s", args[0].Word.Dec())
	}
	if SetWord(args, Path{1}, *uint256.NewInt(1)) || SetWord(args, Path{2}, *uint256.NewInt(1)) || SetWord(args, nil, *uint256.NewInt(1)) {
		t.Error("SetWord accepted a non-scalar path")
	}
}

func BenchmarkMutate(b *testing.B) {
	env := testEnv()
	b.Run("scalars", func(b *testing.B) {
		r := newRand(35)
		args := scalarArgs()
		var m Mutation
		b.ReportAllocs()
		for b.Loop() {
			Mutate(r, args, env, &m)
		}
	})
	b.Run("mixed", func(b *testing.B) {
		r := newRand(36)
		types := arguments(mustType("uint256"), mustType("bytes"), mustType("tuple[]", comp("amount", "uint256"), comp("flag", "bool")))
		src := GenerateArgs(r, types, env)
		var work []Value
		var m Mutation
		b.ReportAllocs()
		for b.Loop() {
			CopyInto(&work, src)
			Mutate(r, work, env, &m)
		}
	})
}
