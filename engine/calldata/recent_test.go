package calldata

import (
	"testing"

	"github.com/holiman/uint256"
)

// TestRecentKeepsWideWords: only words wider than an address are kept
// (ids, hashes), once each, the newest returned half the time, the oldest
// replaced once full.
func TestRecentKeepsWideWords(t *testing.T) {
	var rc Recent
	small, addr := uint256.NewInt(1000), new(uint256.Int).Lsh(uint256.NewInt(1), 159)
	if rc.Add(small) || rc.Add(addr) || rc.Len() != 0 {
		t.Fatalf("kept a narrow word: %d", rc.Len())
	}
	id := uint256.MustFromHex("0x8f3c2a7d1e6b4c5a9d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e")
	if !rc.Add(id) {
		t.Fatal("the id was not kept")
	}
	if again := rc.Add(id); !again || rc.Len() != 1 {
		t.Fatalf("the id again: kept %v, %d words", again, rc.Len())
	}
	for i := range RecentWords {
		w := *id
		w.AddUint64(&w, uint64(i+1))
		rc.Add(&w)
	}
	if rc.Len() != RecentWords {
		t.Fatalf("%d words, want %d", rc.Len(), RecentWords)
	}
	for i := range RecentWords {
		if rc.words[i] == *id {
			t.Fatalf("the oldest word was not replaced")
		}
	}
	newest := *id
	newest.AddUint64(&newest, RecentWords)
	r, hits := newRand(3), 0
	for range 1000 {
		if w := rc.Pick(r); w == newest {
			hits++
		}
	}
	if hits < 400 {
		t.Errorf("the newest word picked %d times in 1000, want about half", hits)
	}
}

// TestGenerateEarlierWord: a word an earlier call returned is generated
// for word arguments of later calls, as a number and as a bytes32.
func TestGenerateEarlierWord(t *testing.T) {
	id := uint256.MustFromHex("0x8f3c2a7d1e6b4c5a9d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e")
	env := testEnv()
	env.Recent = new(Recent)
	env.Recent.Add(id)
	r := newRand(4)
	for _, typ := range []string{"uint256", "bytes32"} {
		n := 0
		for range 2000 {
			if v := Generate(r, mustType(typ), env); v.Word == *id {
				n++
			}
		}
		if n == 0 {
			t.Errorf("%s: the earlier call's id never generated in 2000 draws", typ)
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
