// Package solc owns the Solidity compiler: it finds a compiler for a
// project (explicit configuration, foundry.toml, native binaries from svm or
// solc-select, or the embedded solc-js packages), resolves the project's
// sources and remappings into a standard-JSON input, runs the compiler under a
// context, and returns its output and diagnostics as plain data with byte
// offsets.
//
// Nothing in this package knows about LSP or the fuzzing engine; see
// docs/architecture.md.
//
// # Files
//
// Owns the compiler.
//
//   - `toolchain.go`: compiler discovery and selection (explicit config,
//     foundry.toml, svm, solc-select, PATH, embedded solc-js), cached per version.
//     `trust.go`: with `Config.Untrusted`, no executable the workspace names runs
//     (a foundry.toml compiler path, a `solc` on PATH inside the root).
//     `execPath` is the one lookup for solc, node, npm and forge: never through
//     a relative PATH entry, symlinks resolved, never inside an untrusted
//     project root, and the children get a PATH without those entries.
//     `support.go`: solc before 0.4.11 has no standard
//     JSON and is refused by name. `namedversions.go`: the solc versions a
//     project names (package.json's `solc`, Hardhat's cache and build-info),
//     preferred by `choose` when one satisfies a unit's pragmas.
//
//   - `native.go`, `solcjs.go` + `worker.js`: the two `Compiler`s. A native binary
//     runs per request (`process.go`): its own process group, an empty working
//     directory, stdout capped at 256 MiB and stderr at 1 MiB; on timeout, cancel,
//     overflow or `Toolchain.Close` the group is killed, and every wait is bounded
//     even when a grandchild holds the pipes. solc-js runs in one long-lived node
//     process that keeps every loaded compiler; requests and responses are
//     length-framed (a response is capped like stdout), responses on fd 3 so
//     nothing the compiler prints can corrupt them. A compile that makes no
//     progress or uses its CPU budget is killed, and anything thrown out of a compile (a WebAssembly trap, a
//     `RangeError`) restarts the worker, since the loaded module stays broken;
//     the error is a `*CompilerError` wrapping `ErrCompilerCrashed`.
//     `sysproc_linux.go`/`sysproc_other.go`: the children's `SysProcAttr` (own
//     process group; `Pdeathsig` on Linux). `orphans.go`: the watchdog that
//     kills the process groups still running when Foresight dies.
//     `timeout.go`: a compile's limits, never a wall clock (`compileLimits`:
//     no progress for 2 min, and a CPU budget of `--compile-timeout`, else 2
//     min plus 4 min per MiB of input, at most 30 min; `*LimitError`,
//     `ErrCompileTimeout`). `progress.go`: `watchRun`, which samples a run's
//     CPU time and output and ends it at a limit. `cputime_linux.go`/
//     `cputime_other.go`: a process group's CPU time from `/proc` (elsewhere
//     none, and the budget is a wall-clock limit).
//     `worker_live.go`: the worker's liveness (a ping before each reuse; a
//     request waiting behind an abandoned compile replaces the worker).
//     `worker_node.go`: node's version checked once (`MinNodeMajor`), and the
//     error line of a dead worker's stderr.
//
//   - `install.go`: installs `solc@<version>` from npm into its own directory,
//     atomically (temporary directory, then rename). `install_shared.go`: one
//     install per version shared by every caller, detached from their
//     contexts, under `Config.InstallTimeout`; `repairJS` reinstalls, once, an
//     install that does not load. `install_npm.go`: npm's fetch limits and the
//     one-line failure parsed from npm's output.
//
//   - `readfile.go` (+ `readfile_unix.go`, `readfile_windows.go`): `readRegular`,
//     the one way a workspace file is read: regular files only (stat, an
//     O_NONBLOCK open, fstat), capped (`MaxConfigBytes`, `MaxSourceBytes`);
//     `readHead`, the first bytes of one of any size.
//
//   - `project.go`, `project_config.go`, `remapping.go`, `foundry.go`: project
//     root detection (markers, else package.json, else the folder or, when its
//     `../` imports leave it, the repository; `FindRootIn`: for a file found in
//     a folder the user named, never a markerless folder inside it), the foundry.toml keys we honour,
//     remappings, and the transitive import closure with editor overlays.
//     `foundry_toml.go`: foundry.toml decoded by a real TOML library
//     (BurntSushi/toml), so every spelling forge accepts (tables, dotted keys,
//     inline tables, quoted names) nests the same; `foundry_warn.go`: the keys
//     forge compiles with that Foresight does not apply (`optimizer_details`,
//     `libraries`, `bytecode_hash`...), noted in `Project.ConfigNotes`, which
//     every compile says once (stderr, the editor's message).
//     `foundry_fuzz.go`: foundry.toml's `[fuzz]`/`[invariant]` (profiles,
//     `FOUNDRY_FUZZ_*`/`FOUNDRY_INVARIANT_*`) as `Project.Fuzz`, the keys that
//     mean the same in Foresight applied, the others noted; `forgeconfig.go`:
//     inline `forge-config` comments (`InlineFuzzConfig`).
//     `foundry_fs.go`: foundry.toml's `fs_permissions` (`Project.FsPermissions`;
//     forge's default, reading `out/`, when none is named).
//     `foundry_remap.go`: Foundry's remapping rules by hand (user remappings
//     first, nested library detection, libraries' own remappings both global and
//     scoped to the library's folder, nearest library wins, overlapping or
//     src/test/script remappings from libraries dropped); `forge.go` asks
//     `forge remappings` instead when forge is on PATH outside the root and the
//     workspace is trusted. `hardhat.go` + `jslex.go`: the `solidity` entry of a
//     Hardhat config, read as a literal (never executed; fuzzed).
//     `layout.go`: `Project.IsTestOrScript` (what the CLI and editor do not
//     fuzz unless named) and `InDependency` (library folders, `node_modules`),
//     which marks `Diagnostic.InDependency`; `Diagnostic.Hidden` is a
//     dependency's warning, which the CLI and editor do not show. `imports.go`: imports resolve only inside the project
//     root (symlinks resolved; its `node_modules` and library folders included;
//     `/x` is the file itself if inside the root, else root/x as with solc's
//     `--base-path`); an import that leaves it is an error at the import, and
//     the compiler gets a stub instead of the file. `nodemodules.go`: Node's
//     rule, each ancestor's `node_modules` up to `Project.NodeModulesUpTo` (the
//     CLI: the filesystem root; the editor: the workspace folder), and the
//     error of an import found nowhere (the places looked in, the fix), which
//     replaces solc's "Source not found". `missingpkg.go`: the one error per
//     unit naming the npm packages missing imports need and the `npm install`
//     line at package.json's ranges (`packagejson.go` reads its dependency
//     lists).
//     `background.go`: `Request.Background` compiles on a second solc-js
//     worker (the editor's suites beside a campaign).
//     `compilecache.go`: the compile cache on disk (by compiler identity and
//     standard-JSON input; atomic writes, checked reads, LRU bound), shared by
//     the CLI and the editor.
//
//   - `scan.go`: a comment- and string-aware lexer for `pragma solidity` and
//     imports. `scan_contracts.go`: `ScanContracts`, the contracts,
//     interfaces and libraries a file declares with their kind and bases,
//     lexically, before any compile (what the editor's dependents search
//     reads). `scan_functions.go`: `ScanBodies`, each contract with the
//     functions of its body and their offsets, lexically (what the editor's
//     test items list before a test compiles). `constraint.go`: npm-semver
//     ranges as solc reads them.
//
//   - `build.go`: groups files by the compiler their pragmas select, builds the
//     standard-JSON input (settings per compiler for Hardhat), and returns
//     `Build`s with diagnostics. `partial.go`: a full compile that fails with
//     errors in some files is redone for the roots whose import closure holds
//     none of them, giving two `Build`s (the broken roots with their errors,
//     the rest with bytecode); each diagnostic is in one of them. A compile the
//     compiler crashes on (`ErrCompilerCrashed`) is redone for each half of the
//     roots, recursively, so the roots whose closure does not hold the bad file
//     still compile.
//
//   - `artifact.go`: decoded contracts (code, source maps, link and immutable
//     references) and mapping source-map entries to user files.
//     `storagelayout.go`: the state variables declared with a contract
//     type, from solc's storage layout (`Artifact.ContractVars`).
//
//   - `ast.go`: a generic walk over the compact JSON AST and the functions of a
//     source unit (range, selector, visibility, mutability). `outline.go`:
//     `Build.Functions` and `Build.Contracts` (a unit's contracts with their
//     kind and the places of their name and constructor), the only way the
//     layers above read the AST; `references.go`: `Build.References`,
//     what a unit takes from the declarations of others (bases, libraries,
//     constants, functions: `session.Carry`'s check). `astomit.go`: the units a full compile asks
//     no AST for (a dependency's file of internal-function libraries only,
//     solc >= 0.8.2: forge-std's console), whose outline, functions and
//     literals `textoutline.go` (`OutlineText`) reads from the text as the
//     AST gives them, or refuses; `Build.Outlines` carries them, and
//     `Build.Functions`, `Build.Contracts` and `engine/program` read them
//     where the AST is missing (docs/compilers.md).
//
//   - `sourcemap/`: decoding `s:l:f:j:m` maps; PC -> instruction index -> entry.
//
//   - `position/`: byte offset <-> line/column in bytes and UTF-16 code units
//     (the text as VS Code decodes it: WHATWG's UTF-8 decoder, `decode.go`).
//
//   - `solc/units.go`: compilation units as Foundry chooses them (one version
//     for every root when one serves, else per import component, else the
//     fewest versions; a Hardhat compiler list keeps its per-file rule);
//     `settings.go`: the user's overrides of build settings; `stackdeep.go`: a
//     unit that fails with Stack too deep in a project that states no
//     optimizer or via-IR is compiled again with the optimizer, then via-IR,
//     and the user is told in one line; `lowest.go`: a unit that still fails
//     only in dependencies' code (or with Stack too deep) is compiled again
//     with the lowest release its pragmas allow.
//
//   - `solc/`: `doc.go` (the package comment), `compiler.go` (the `Compiler`
//     interface), `standardjson.go` (its input and output types), `source.go`
//     (`readSource`: regular files only, capped), `diagnostic.go`,
//     `version.go` (`Version`, `ParseVersion`), `sysproc_windows.go`;
//     `sourcemap/decode.go` (entries) and `sourcemap/map.go` (PC ->
//     instruction index -> entry); `position/position.go`,
//     `position/decode.go` (`next`: a character or maximal invalid subpart
//     as WHATWG's UTF-8 decoder reads it; `bomLen`).
package solc
