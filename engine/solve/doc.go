// Package solve computes inputs instead of guessing them. It works on
// sequences and cost vectors only (engine/txseq) and imports neither the
// chain nor the tracer: the loop (engine/fuzz) runs what it predicts and
// reports back through Observe.
//
// It is one algorithm. A mutation changed one numeric input of a
// transaction (an argument or msg.value); the parent's and the mutant's
// cost vectors (per branch edge: the distance to taking it, and the
// compared operands) show which conditions moved. Each rule below takes
// a class of conditions, says what it needs to see, and returns the next
// run of a chain of predicted runs; a rule that does not apply, or whose
// chain misses, hands over to the next one (Again). Conditions outside
// every class, such as the equality of a keccak of an input with a
// constant the source does not hold, are left to mutation.
//
//   - Secant and bracket (predict.go): a condition on one input whose
//     cost is monotone between two points, linear or not (x*K + C == D
//     without wrap-around, 3x^2 + 7x + 101 == C, x > K), and a storage
//     slot indexed by the input modulo 2^256 (an array's base plus the
//     index). HARVEY's secant step, then Illinois regula falsi once two
//     points straddle the root.
//   - Input-to-state (i2s.go, i2sCandidates): an equality whose one side
//     is the input, the input plus a constant or the input xor a
//     constant, and whose other side does not move with it: one run per
//     candidate value, whatever the width.
//   - Modular step (i2s.go, modStep): an equality linear in one input
//     modulo 2^n, x*K1 + K2 == C in uintN that wraps: the slope from two
//     points, the root by inverting its odd part.
//   - Bit lifting (tfunc.go): an equality whose side is an invertible
//     T-function of one input modulo 2^n (any composition of +, -, *, ^,
//     &, | with fixed values that is a bijection: x*K1 + K2 with K1 odd,
//     (x ^ K) * C with C odd), computed here or by another contract the
//     input is passed to (h.mix(a, K) == X): the input bit where the
//     lowest differing bit of the two sides is, flipped, one bit fixed
//     per run at least (Klimov and Shamir, CHES 2002, §2).
//   - Forwarded value (forward.go): an equality of the last call whose
//     side equals a numeric argument of an earlier call that a mutation
//     inserted or changed (send(v) -> h.keep(v), later h.kept() == C;
//     set(v), later stored == C): that argument set to the other side
//     (Redqueen §III-A, the input being an earlier transaction's).
//   - Values inside a passed comparison (inrange.go): a comparison of the
//     input with a limit that does not move with it (a balance, a cap):
//     the limit, one inside it and half of it, for bugs that need an
//     amount up to a bound rather than past it.
//   - Saturation (saturate.go): a storage sum that repeated calls add to
//     (staked += amount % C) and that must reach a value past what one
//     call can add, compared by that call or a later one (tally >= K
//     after add() calls): the largest step still on the cost's line, as
//     many repeats as the rest needs, right after the adding call, and
//     the last one aimed.
//   - Known preimage (preimage.go): the keccak of a numeric input equal
//     to the keccak of a string or bytes literal of the source
//     (keccak256(abi.encodePacked(x)) == keccak256(hex"...")): the
//     literal read as the input's type, before input-to-state.
//   - Bytes input-to-state (bytes.go): a bytes or string input compared
//     with a constant a byte at a time (b[i] != k[i] in a loop): the
//     other operand's byte where the compared one is,
//     position after position in one chain, and first the code's
//     constants that agree with the input up to the mismatch.
//   - Delay (delay.go): a time guard, block.timestamp or block.number
//     compared with a value read from storage or computed from an input
//     (a cliff, a start or end time, an unlock time, a deadline): the
//     delay before a transaction is one more numeric input of it, linear
//     in the guard's residual, so a mutated delay is predicted from as an
//     argument is (HARVEY §4.2) and the rules above compute the delay
//     that flips the comparison; and since delay mutations are few, a
//     comparison of the last transaction one of whose words is its
//     block.timestamp proposes the delay that puts the clock on the
//     other word, input-to-state against the TIMESTAMP operand
//     (DelayGuess). Both are on only with engine/fuzz's
//     Config.DelayPrediction. The other side, a time input compared
//     with block.timestamp (start >= block.timestamp), is an input
//     compared with a limit that does not move with it: the secant aims
//     at the limit, the in-range values at now and now + 1, and across a
//     sequence (a cliff stored by one call, compared by a later one) the
//     stored time moves exactly as the input did, so the same rules aim
//     it at the later call's block.timestamp.
//   - Joint solve (linear.go): a conjunction of linear conditions over
//     several inputs of one call, modulo 2^n (a0*K1 + a1*K2 == C nested
//     in a0 - a1 == C', a product of inputs with all but one fixed),
//     with the target nested below guards the mutant already passes. It
//     probes each input once (a finite-difference Jacobian, exact for
//     these), keeps every guard's residual at zero and brings the
//     target's to zero along the probed direction of least 2-adic
//     valuation. A product of two inputs whose other factor is even at
//     the base gets a restart from a neighbouring point (restart).
//   - Kernel directions (directions.go): two inputs that a guard and the
//     target share: the pairs that keep the guard put modulo 2^n (one
//     input by one or by 2^v, the other by the modular quotient; or both
//     by short integer steps when both sit in windows).
//   - Elimination (eliminate.go): nested equalities that each fix a new
//     combination of the same inputs: Gaussian elimination modulo 2^n, a
//     nesting level at a time, as the probes reach deeper.
//   - Range along a kernel line (eliminate_range.go): a range guard on an
//     input that the only directions keeping the equalities above move
//     by a power of two or by a quotient: the multiples of that direction
//     that keep both moved inputs in their windows.
//   - Windows (bounds.go): range guards on inputs (lo <= x < hi, x - K <
//     W): the window of each input, learned from a comparison one side of
//     which moved exactly as the input did (measured by a probe, read off
//     the base when the side is the input, or guessed as the input plus
//     the base's offset when no probe reached the comparison).
//   - Equation in a box (bounded.go, box.go): one linear equation in two
//     unknowns, each within its window: the lattice of solutions modulo
//     2^n reduced and walked nearest the box's centre, or one unknown's
//     window walked and the other solved exactly.
//   - Choice of root (roots.go): c*t == -r modulo 2^n has 2^v roots (c =
//     2^v times odd) and, with an input whose effects on every guard are
//     multiples of 2^s, cosets shifted by 2^(n-s) moves of it: the root
//     that keeps every window is computed, not searched. An inequality
//     target takes the step rounded past its boundary.
//   - Hash walk (hashwalk.go): a comparison of at most 16 bits of the
//     keccak of an input with a constant (uint8(uint256(keccak256(x)))
//     == 27, uint16(...), & 0xff; the tracer marks it hashed), the input
//     bound by equalities above it that every mutant of it breaks (x *
//     3897 + y * K1 == C1): the base walked along a direction that keeps
//     them (the joint solve's, or a pair of its unit probes), 1, -1, 2,
//     -2, ... steps, up to 4 * 2^bits runs per edge, resumed where the
//     last chain stopped; and below the hash an equation the line pins
//     (x * K2 + C2 == D, K2 odd): the run that passes the hash starts a
//     walk from itself, and its next point past the hash gives the
//     equation's residual along the line and so its root. Nothing
//     triggers on a full hash or a small operand that is no hash.
//   - Along a line (linepin.go): an equality a one-input rule solves
//     (the input's known preimage, an invertible T-function of it such
//     as another contract's h.mix(x, K) == C) where x is bound by linear
//     equalities above that every mutant of x alone breaks (x*227 +
//     y*1608 == C1), so no mutant evaluates it: the rule runs along a
//     joint solve's direction that keeps every guard and moves x by an
//     odd step with at least one other input, the preimage as the step
//     that lands x on it, bit lifting on the step once the solve's own
//     step missed; on a line that moves x by even steps only, the
//     step's bit below x's by the step's power of two is flipped. Bound
//     through several equations (x with y, y with z),
//     the line is the direction an elimination solved along, from the
//     point of its run, and the preimage steps run on it too.
//   - Along a bilinear guard (repair.go): a guard bilinear in two inputs
//     (x * y == C, x*y*K + x == C) above a target that moves one of them
//     (z*2606 + x*396 == C2), where every line breaks the guard: the
//     model of the guard from the unit probes and one run at (x0 + 1,
//     y0 + 1), y repaired to its root for each new x, the target's
//     effect along that curve from one repaired probe, and the roots run;
//     a guard whose paired probe keeps it (a linear one) is left alone.
//   - Guards below a hash (hashbelow.go): the hash walk's input bound
//     by a linear equation below the hashed guard (x*4070 + y*K1 == C1)
//     and a window or pin below that: the walk takes odd steps until
//     one passes the hash, whose residual at the equation is x's exact
//     effect on it; with y's probe, a direction that keeps the equation,
//     walked from the base; a window target's edge is then crossed
//     within one unit and the walk goes on around that point.
//   - Repair (i2s.go, i2sAgain and repairDeeper): an equality on one input
//     nested under guards that use it too: the input-to-state value is
//     pinned and the broken guards are brought back with the other
//     inputs by joint solves, the shallowest first.
//
// Prediction is scheduled by its yield (yield.go): a target whose chains
// keep missing is predicted for geometrically less often; the back-off
// and every rule's chains per target start over when the campaign
// refocuses after a plateau (Refocus).
//
// # Files
//
//   - `engine/solve`: the solvers, which compute an input instead of guessing
//     one. `Predictor` is a worker's state; the loop calls `Predict` after a
//     mutation, runs the `Prediction`, reports the run with `Observe` and asks
//     `Again` for the next step. `MaxValue` mirrors `chain.InitialBalance`
//     (a test in `engine/fuzz` keeps them equal). The package comment
//     (`doc.go`) lists every rule with the class of conditions it solves; one
//     file per class: `predict.go` (secant and bracket: one input, monotone
//     cost), `i2s.go` (input-to-state, the modular step, and the repair of
//     guards an input-to-state value breaks), `inrange.go` (values inside a
//     passed comparison), `delay.go` (a time guard: the delay before a
//     transaction as an input), `saturate.go` (a storage sum repeated
//     calls reach, the copies right after the adding call), `preimage.go` (the keccak of
//     an input equal to the keccak of a source literal: the literal read as
//     the input; `Known`), `tfunc.go` (bit lifting: an invertible
//     T-function of one input, a bit a run), `forward.go` (an earlier
//     call's argument the last call compares, aimed at the other side),
//     `bytes.go` (a bytes input compared a byte at a
//     time: the other operand's byte put in, a byte loop followed in one
//     chain, the code's agreeing constants first),
//     `linear.go` (the joint solve: linear conditions over several inputs
//     modulo 2^n, nested), `directions.go` (kernel directions of a guard two
//     inputs share), `eliminate.go` (nested equalities over the same inputs:
//     elimination a level at a time), `eliminate_range.go` (a range along
//     the one direction that keeps the equalities), `bounds.go` (each input's
//     window from the range guards), `bounded.go` and `box.go` (one equation
//     in two unknowns, each in a window), `roots.go` (which of the 2^v roots
//     and torsion cosets keeps the windows), `hashwalk.go` (a few bits of a
//     keccak of an input: a walk along the kernel line of the equalities
//     above), `hashbelow.go` (the walk past a hash learning a linear
//     guard below it), `linepin.go` (a one-input rule, preimage or bit lifting,
//     run along a joint solve's line when the input is bound above),
//     `repair.go` (a bilinear guard kept by repairing one factor),
//     `lastrun.go` (the last predicted run's costs: whether it
//     took a desired edge, by how much it missed), `words.go` (words read
//     as integers and back), `yield.go` (prediction scheduled by its
//     yield).
package solve
