// Package harness picks the Foundry test files a project's campaigns
// start from (harnesses), the one rule the command line and the editor
// share: a file of the project's test folder with a setUp() whose imports
// reach the code being fuzzed. Invariant suites (a setUp() with invariant
// functions or StdInvariant's target selectors, what forge's invariant
// runner runs) come first; the command line runs each of them beside its
// direct campaigns, the editor the first of all. Dependents
// (dependents.go) are the other side: the project's files a campaign
// needs beside a file whose contracts cannot be fuzzed alone.
//
// # Files
//
//   - `engine/harness`: which Foundry test files a campaign starts from.
//     `harness.go` (`Find`: the test files with a `setUp()` whose imports
//     reach the fuzzed files, invariant suites (invariant functions or
//     target selectors) first, then by path; `Suites`). The planner
//     (`session/`) runs every suite that reaches the fuzzed code beside the
//     direct campaign, for the command line and the editor alike. `dependents.go` (`Dependents`: for a
//     file whose contracts cannot be fuzzed alone (abstract contracts only,
//     or a constructor calling `_disableInitializers()`), the project files
//     a campaign needs beside it: the project's proxies (concrete contracts
//     named or deriving from `…Proxy`, not a beacon's) first, then the files
//     whose imports reach it that declare a concrete contract deriving from
//     it, nearest by import distance; project files as the CLI lists a
//     folder, less test, script and dependency code; at most `MaxDependents`
//     (4); nothing is compiled).
package harness
