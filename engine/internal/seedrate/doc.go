// Command seedrate runs one or two foresight builds on the same files over
// seeds 1..N with a fixed execution budget on one worker, and prints, per
// finding, how many seeds each build found it at and the median and mean
// executions it took; with two builds, also a Mann-Whitney test of whether
// one finds it in fewer executions (scripts/bench-seeds). A fuzzing change
// shifts the random stream, so one seed, or the median of ten, says
// little; this says whether a difference is larger than the seeds' spread,
// and with one build, which findings a fixed-seed test can rely on. A
// file's //@finding(KIND) annotations (the engine's fixtures) label its
// rows: "want" for a labelled finding, "FALSE" for one no label names,
// and a labelled finding no seed found gets a row of its own.
//
//	seedrate [-seeds N] [-execs N] [-parallel N] [-flags "FLAGS"] NAME=BINARY [NAME=BINARY] FILE...
//
// # Files
//
//   - `engine/internal/seedrate` (`main.go`, `stats.go`): runs two foresight builds over seeds 1..N
//     at a fixed execution budget and compares, per finding, the seeds that
//     found it and the executions it took (medians, means, a Mann-Whitney
//     test); `scripts/bench-seeds OTHER_TREE FILE...` runs it against another
//     checkout. A change to the fuzzer shifts every seed's random stream, so
//     this, not one seed, says whether it made a finding easier or harder.
//     `scripts/bench-cpu OLD NEW` runs two binaries alternately on the mazes
//     (one worker, fixed seed and budget) and prints CPU seconds per
//     transaction (docs/scaling.md).
package main
