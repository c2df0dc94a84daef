package calldata

import (
	"math/rand/v2"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/holiman/uint256"
)

// Generation limits. Lengths are short most of the time because most
// branches depend on few elements, and occasionally long.
const (
	// MaxGenLen is the longest dynamic array Generate makes.
	MaxGenLen = 32
	// MaxGenBytes is the longest bytes or string Generate makes.
	MaxGenBytes = 64
	// nestedLen caps dynamic arrays nested inside other dynamic arrays, so
	// that sizes stay small.
	nestedLen = 4
)

// Env is what generation and mutation draw from besides randomness.
type Env struct {
	// Addresses is the pool address arguments are chosen from: senders,
	// deployed contracts, attacker contracts and the zero address.
	Addresses []common.Address
	// Dict holds interesting words and byte strings; it may be nil.
	Dict *Dictionary
	// Recent holds the words earlier transactions returned or logged
	// (ids a later call must pass back); it may be nil.
	Recent *Recent
	// Tokens are the tokens (also in Addresses) the senders hold and
	// approved the targets for, which an address argument names more
	// often than the rest of the pool: a stream's or a vault's asset
	// among twenty addresses of libraries, senders and attackers would
	// rarely be the one a deposit can be paid in.
	Tokens []common.Address
}

func (e *Env) recent() *Recent {
	if e == nil {
		return nil
	}
	return e.Recent
}

func (e *Env) dict() *Dictionary {
	if e == nil {
		return nil
	}
	return e.Dict
}

func (e *Env) addresses() []common.Address {
	if e == nil {
		return nil
	}
	return e.Addresses
}

// token returns, a quarter of the time when env has tokens, one of them;
// with none it draws nothing from r, so campaigns without tokens keep
// their random streams.
func (e *Env) token(r *rand.Rand) (common.Address, bool) {
	if e == nil || len(e.Tokens) == 0 || r.IntN(4) != 0 {
		return common.Address{}, false
	}
	return e.Tokens[r.IntN(len(e.Tokens))], true
}

// Generate returns a random value of type t that is valid for t. env may be
// nil.
func Generate(r *rand.Rand, t *abi.Type, env *Env) Value {
	var v Value
	generate(r, t, env, 0, &v)
	return v
}

// GenerateArgs returns random values for an argument list, typed by
// &args[i].Type.
func GenerateArgs(r *rand.Rand, args abi.Arguments, env *Env) []Value {
	out := make([]Value, len(args))
	for i := range args {
		generate(r, &args[i].Type, env, 0, &out[i])
	}
	return out
}

// generate fills v with a random value of t. depth counts the dynamic
// arrays v is nested in.
func generate(r *rand.Rand, t *abi.Type, env *Env, depth int, v *Value) {
	v.Type = t
	switch t.T {
	case abi.BytesTy:
		v.Bytes = genBytes(r, env)
	case abi.StringTy:
		v.Bytes = genString(r, env)
	case abi.SliceTy:
		n := genLen(r, MaxGenLen)
		if depth > 0 {
			n = min(n, nestedLen)
		}
		v.Elems = make([]Value, n)
		for i := range v.Elems {
			generate(r, t.Elem, env, depth+1, &v.Elems[i])
		}
	case abi.ArrayTy:
		v.Elems = make([]Value, t.Size)
		for i := range v.Elems {
			generate(r, t.Elem, env, depth, &v.Elems[i])
		}
	case abi.TupleTy:
		v.Elems = make([]Value, len(t.TupleElems))
		for i, et := range t.TupleElems {
			generate(r, et, env, depth, &v.Elems[i])
		}
	default:
		v.Word = genWord(r, t, env)
	}
}

// genLen returns a length in 0..4 most of the time and in 0..limit
// otherwise.
func genLen(r *rand.Rand, limit int) int {
	if r.IntN(8) != 0 {
		return r.IntN(5)
	}
	return r.IntN(limit + 1)
}

// genWord returns a random valid word of the scalar type t.
func genWord(r *rand.Rand, t *abi.Type, env *Env) uint256.Int {
	switch t.T {
	case abi.BoolTy:
		return *uint256.NewInt(uint64(r.IntN(2)))
	case abi.AddressTy:
		if a, ok := env.token(r); ok {
			return addressWord(a)
		}
		if env.recent().has(RecentAddress) && r.IntN(16) == 0 {
			// The contract an earlier call created and returned or
			// logged last: the pool a factory made, which its registry
			// then checks. Only the newest: older ones are mostly of
			// other runs, gone from this one's state.
			return env.recent().Newest(RecentAddress)
		}
		if pool := env.addresses(); len(pool) > 0 && r.IntN(8) != 0 {
			return addressWord(pool[r.IntN(len(pool))])
		}
	case abi.FunctionTy:
		// An address from the pool followed by a selector.
		var w, sel uint256.Int
		if pool := env.addresses(); len(pool) > 0 {
			w = addressWord(pool[r.IntN(len(pool))])
		} else {
			w = randomWord(r)
		}
		if r.IntN(2) == 0 {
			sel = env.dict().Pick(r)
		} else {
			sel = randomWord(r)
		}
		sel = normalize(uint32Type, sel)
		w.Lsh(&w, 96)
		sel.Lsh(&sel, 64)
		w.Or(&w, &sel)
		return normalize(t, w)
	}
	return genNumber(r, t, env)
}

// uint32Type is the type selectors are truncated to.
var uint32Type = &abi.Type{T: abi.UintTy, Size: 32}

// genNumber returns a random valid word of a scalar type, treating it as a
// number of Bits(t) bits (in the high bits of the word for bytesN).
func genNumber(r *rand.Rand, t *abi.Type, env *Env) uint256.Int {
	var w uint256.Int
	switch r.IntN(16) {
	case 0, 1, 2, 3:
		w.SetUint64(uint64(r.IntN(17)))
		if Signed(t) && r.IntN(2) == 0 {
			w.Neg(&w)
		}
	case 4, 5, 6, 7:
		w = boundary(r, t)
	case 8, 9, 10, 11:
		if env.dict().Len() == 0 {
			w = randomWord(r)
			break
		}
		w = env.dict().Pick(r)
		if leftAligned(t) && r.IntN(2) == 0 {
			// A left-aligned constant, e.g. a PUSH32 of a bytes32.
			return normalize(t, w)
		}
	case 12:
		// A word an earlier transaction returned or logged: an id a
		// later call must pass back.
		var ok bool
		if w, ok = env.recent().Pick(r, t); ok {
			if leftAligned(t) {
				return normalize(t, w)
			}
			break
		}
		w = randomWord(r)
	case 13:
		// An account the fuzzer controls as an integer (uint256(uint160(
		// msg.sender)), a contract's own address as an amount).
		if pool := env.addresses(); len(pool) > 0 && Bits(t) >= 160 && !Signed(t) && !leftAligned(t) {
			return normalize(t, addressWord(pool[r.IntN(len(pool))]))
		}
		w = randomWord(r)
	default:
		// Random bits of a random width, for middling magnitudes.
		w = randomWord(r)
		m := lowMask(1 + r.IntN(max(Bits(t), 1)))
		w.And(&w, &m)
	}
	return fromNumber(t, w)
}

// fromNumber turns a number into a valid word of t: truncated (unsigned),
// sign-extended (signed) or shifted into the high bits (bytesN, function).
func fromNumber(t *abi.Type, w uint256.Int) uint256.Int {
	if leftAligned(t) {
		w.Lsh(&w, uint(256-Bits(t)))
	}
	return normalize(t, w)
}

// toNumber is the inverse of fromNumber for valid words.
func toNumber(t *abi.Type, w uint256.Int) uint256.Int {
	if leftAligned(t) {
		w.Rsh(&w, uint(256-Bits(t)))
	}
	return w
}

// boundary returns a boundary number of t's width, before fromNumber: 0, 1,
// the extremes and their neighbours, and powers of two and their neighbours.
func boundary(r *rand.Rand, t *abi.Type) uint256.Int {
	n := max(Bits(t), 1)
	signed := Signed(t)
	var w uint256.Int
	switch r.IntN(8) {
	case 0:
	case 1:
		w.SetOne()
	case 2, 3:
		if signed {
			w = lowMask(n - 1)
		} else {
			w = lowMask(n)
		}
		if r.IntN(2) == 0 {
			w.SubUint64(&w, 1)
		}
	case 4:
		if signed {
			w = lowMask(n - 1)
			w.Not(&w) // min
			if r.IntN(2) == 0 {
				w.AddUint64(&w, 1)
			}
		} else {
			w.SetAllOne() // -1 truncates to max
		}
	default:
		k := r.IntN(n)
		w.SetOne()
		w.Lsh(&w, uint(k))
		switch r.IntN(3) {
		case 1:
			w.AddUint64(&w, 1)
		case 2:
			w.SubUint64(&w, 1)
		}
		if signed && r.IntN(2) == 0 {
			w.Neg(&w)
		}
	}
	return w
}

func randomWord(r *rand.Rand) uint256.Int {
	return uint256.Int{r.Uint64(), r.Uint64(), r.Uint64(), r.Uint64()}
}

func addressWord(a common.Address) uint256.Int {
	var w uint256.Int
	w.SetBytes20(a[:])
	return w
}

// genBytes returns random contents for a bytes value.
func genBytes(r *rand.Rand, env *Env) []byte {
	d := env.dict()
	switch r.IntN(8) {
	case 0:
		if b := d.PickBytes(r); b != nil {
			return append([]byte(nil), b...)
		}
	case 1:
		if d.Len() > 0 {
			w := d.Pick(r)
			b := w.Bytes32()
			return append([]byte(nil), b[:]...)
		}
	}
	n := genLen(r, MaxGenBytes)
	if n == 0 {
		return nil
	}
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// genString returns random contents for a string value: a dictionary
// string or printable ASCII.
func genString(r *rand.Rand, env *Env) []byte {
	if r.IntN(2) == 0 {
		if b := env.dict().PickBytes(r); b != nil {
			return append([]byte(nil), b...)
		}
	}
	n := genLen(r, MaxGenBytes)
	if n == 0 {
		return nil
	}
	b := make([]byte, n)
	for i := range b {
		b[i] = printable(r)
	}
	return b
}

// printable returns a random printable ASCII character.
func printable(r *rand.Rand) byte {
	return byte(' ' + r.IntN('~'-' '+1))
}
