package calldata

import (
	"testing"

	"github.com/holiman/uint256"
)

// TestRecentKeepsWideWords: an untyped word is kept only if wider than an
// address (ids, hashes), once each, the newest returned half the time,
// the oldest replaced once full.
func TestRecentKeepsWideWords(t *testing.T) {
	var rc Recent
	small, addr := uint256.NewInt(1000), new(uint256.Int).Lsh(uint256.NewInt(1), 159)
	if rc.Add(RecentWide, small) || rc.Add(RecentWide, addr) || rc.Len() != 0 {
		t.Fatalf("kept a narrow word: %d", rc.Len())
	}
	id := uint256.MustFromHex("0x8f3c2a7d1e6b4c5a9d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e")
	if !rc.Add(RecentWide, id) {
		t.Fatal("the id was not kept")
	}
	if again := rc.Add(RecentWide, id); !again || rc.Len() != 1 {
		t.Fatalf("the id again: kept %v, %d words", again, rc.Len())
	}
	for i := range RecentWords {
		w := *id
		w.AddUint64(&w, uint64(i+1))
		rc.Add(RecentWide, &w)
	}
	if rc.Len() != RecentWords {
		t.Fatalf("%d words, want %d", rc.Len(), RecentWords)
	}
	for i := range RecentWords {
		if rc.rings[RecentWide].words[i] == *id {
			t.Fatalf("the oldest word was not replaced")
		}
	}
	newest := *id
	newest.AddUint64(&newest, RecentWords)
	r, hits := newRand(3), 0
	for range 1000 {
		if w, ok := rc.Pick(r, mustType("uint256")); ok && w == newest {
			hits++
		}
	}
	if hits < 400 {
		t.Errorf("the newest word picked %d times in 1000, want about half", hits)
	}
}

// TestRecentByKind: a typed word is kept at any width but zero, and is
// offered only to arguments of its kind (an untyped wide word to numbers
// and bytesN, never to an address); Pick reports false, drawing nothing,
// when no word fits.
func TestRecentByKind(t *testing.T) {
	var rc Recent
	order, pool := uint256.NewInt(7), uint256.MustFromHex("0x5fbdb2315678afecb367f032d93f642f64180aa3")
	if rc.Add(RecentUint, new(uint256.Int)) {
		t.Fatal("kept a zero")
	}
	if !rc.Add(RecentUint, order) || !rc.Add(RecentAddress, pool) {
		t.Fatal("a typed word was not kept")
	}
	r := newRand(6)
	for _, tt := range []struct {
		typ  string
		want *uint256.Int
	}{{"uint64", order}, {"uint256", order}, {"address", pool}} {
		for range 50 {
			if w, ok := rc.Pick(r, mustType(tt.typ)); !ok || w != *tt.want {
				t.Fatalf("%s: picked %v, %v; want %v", tt.typ, w.Hex(), ok, tt.want.Hex())
			}
		}
	}
	for _, typ := range []string{"int256", "bytes32", "bool", "string"} {
		before := *r
		if w, ok := rc.Pick(r, mustType(typ)); ok {
			t.Errorf("%s: picked %s from words of other kinds", typ, w.Hex())
		}
		if *r != before {
			t.Errorf("%s: Pick drew from the random stream with nothing to pick", typ)
		}
	}
	wide := uint256.MustFromHex("0x8f3c2a7d1e6b4c5a9d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e")
	rc.Add(RecentWide, wide)
	if w, ok := rc.Pick(r, mustType("bytes32")); !ok || w != *wide {
		t.Errorf("bytes32: picked %s, %v; want the wide word", w.Hex(), ok)
	}
	for range 200 {
		if w, _ := rc.Pick(r, mustType("address")); w == *wide {
			t.Fatal("an untyped wide word was offered to an address")
		}
	}
	// With both, a number gets the wide word (an id a call made) three
	// times in four, and the newest address is the last one added.
	n := 0
	for range 4000 {
		if w, _ := rc.Pick(r, mustType("uint256")); w == *wide {
			n++
		}
	}
	if n < 2800 || n > 3200 {
		t.Errorf("uint256: the wide word %d times in 4000, want about 3000", n)
	}
	later := uint256.MustFromHex("0xe7f1725e7734ce288f8367e1bb143e90bb3f0512")
	rc.Add(RecentAddress, later)
	if w := rc.Newest(RecentAddress); w != *later {
		t.Errorf("Newest = %s, want %s", w.Hex(), later.Hex())
	}
}

// TestGenerateEarlierWord: a word an earlier call returned is generated
// for word arguments of later calls, as a number and as a bytes32, and
// an address a call returned for address arguments.
func TestGenerateEarlierWord(t *testing.T) {
	id := uint256.MustFromHex("0x8f3c2a7d1e6b4c5a9d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e")
	pool := uint256.MustFromHex("0x5fbdb2315678afecb367f032d93f642f64180aa3")
	env := testEnv()
	env.Recent = new(Recent)
	env.Recent.Add(RecentWide, id)
	env.Recent.Add(RecentAddress, pool)
	r := newRand(4)
	for _, tt := range []struct {
		typ  string
		want *uint256.Int
	}{{"uint256", id}, {"bytes32", id}, {"address", pool}} {
		n := 0
		for range 2000 {
			if v := Generate(r, mustType(tt.typ), env); v.Word == *tt.want {
				n++
			}
		}
		if n == 0 {
			t.Errorf("%s: the earlier call's word never generated in 2000 draws", tt.typ)
		}
	}
}

// TestGenerateAccountAsInteger: an account the fuzzer controls is written
// into uint256 and uint160 arguments (a contract's own address compared
// as a number), never into a narrower or signed one.
func TestGenerateAccountAsInteger(t *testing.T) {
	env := testEnv()
	want := addressWord(env.Addresses[1])
	r := newRand(5)
	for _, typ := range []string{"uint256", "uint160"} {
		n := 0
		for range 2000 {
			if v := Generate(r, mustType(typ), env); v.Word == want {
				n++
			}
		}
		if n == 0 {
			t.Errorf("%s: the account never generated in 2000 draws", typ)
		}
	}
}
