// Package trace is the fuzzer's instrumentation: go-ethereum tracing hooks
// that, without changing the bytecode, record per transaction the branch
// edges taken (for coverage and path identifiers), instruction coverage, and
// where a failure originated in user source, attributing panics raised in
// compiler-generated helpers to the last user instruction of the frame.
//
// A Tracer belongs to one worker. Its hooks allocate nothing per opcode.
//
// # Files
//
//   - `engine/trace`: the tracing hooks (`Tracer.Step` per opcode, a
//     `vm.OpHook` on go-ethereum's fast loop, see `third_party/go-ethereum`;
//     a closure `New` builds (`newStep`, `step.go`), not a method value, so
//     the loop calls the hook's own code rather than Go's method-value wrapper
//     (`TestStepCalledDirectly`); `StepThen` is the same step followed by the
//     cheatcodes' per-opcode hook while they have something armed
//     (`cheatcode.Cheats.Then`), a set-up campaign's hook, with no wrapper
//     call per opcode; `ProbeStep`/`ProbeStepThen` are a probe's
//     (`chain.SetProbeHook`: an invariant, a property, a watched
//     balanceOf), which mark the instruction coverage and record nothing
//     else, as nothing reads a probe's per-transaction record;
//     `OnEnter`/`OnExit` per frame; `Code.acts` (`classes.go`,
//     `reclassify`) holds the opcodes `Step` hands to its slow path in any
//     frame (LOGs only in code with AssertionFailed events; never JUMP by
//     opcode), and `Code.flags` one byte per instruction: user source, a
//     JUMP, and whether the slow path acts there whatever the opcode (typed
//     arithmetic from `SetArith`, JUMPs entering or leaving a function from
//     `SetForeign`), so the fast path reads one byte per instruction; the
//     setters recompute both). Per transaction: branch edges with hit
//     counts (path identifiers, AFL-style coverage classes: `coverage.go`),
//     instruction coverage, comparison operands, storage writes by magnitude
//     class, and the failure origin (the last user-source PC of the failing
//     frame, following bubbled reverts into callees; `ops.go` holds the SSTORE
//     and REVERT handlers). `taint.go` follows a few values through the stack
//     (a failed call's flag, block time and number, tx.origin, wrapped
//     arithmetic, hashed storage addresses, keccak outputs whose few bits a
//     comparison may test) and `events.go` records what the
//     vulnerability oracles judge; events of reverted frames are dropped with
//     them. Nothing is followed while no such value is live. `callsite.go`
//     follows each frame's source-level call stack (the source map's `i`/`o`
//     jumps, a fixed array per frame) in code with foreign instructions, so
//     that an origin or event at a foreign PC carries the user's call that
//     led there (`Site`); the finding is reported there, the foreign location
//     kept as related (`Finding.Via`, engine `Finding.Related`). `cost.go` computes
//     HARVEY's cost vectors (§4.3: branch flip costs, and |slot - probe| for
//     SWC-124, with the two words compared behind each cost, `CmpOperands`); `cmpstack.go` follows each comparison result on the stack
//     (a fixed array of slot records: DUP, SWAP, POP, ISZERO, AND/OR of
//     booleans) to the JUMPI that consumes it, so the operands of a
//     short-circuit `&&`/`||` and of `require(a == x && b == y)` are charged
//     their distance too.
//
//   - `engine/trace`: `classes.go` (coverage classes), `codeinfo.go`,
//     `desthits.go` (per transaction, the runs of each JUMPDEST that starts
//     user code, merged with the edges for line counts),
//     `creation.go` (constructor tracing for the deployment search),
//     `callflag.go`, `memtaint.go`, `taints.go` (the table of values a frame
//     follows), `slots.go` (storage slot
//     records), `slothash.go` (keccaks that only address storage, decided
//     once per code and not followed).
package trace
