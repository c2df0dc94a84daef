// Package deploy puts the program on a chain: it plans a deployment once
// per campaign and replays the plan on every worker's chain.
//
// # Files
//
//   - `engine/deploy`: everything that puts the program on a chain.
//     `PlanContext` (`deploy.go`) makes the plan once per campaign, on a
//     chain of its own whose tracer follows creation code; `DeployContext`
//     replays the plan on each worker's chain (`Link` writes in the
//     addresses of the libraries of the contract's own build: a library two
//     compilers both compile is two contracts). Each step of the plan is a
//     file:
//   - `attacker.go`: the attacker contracts (reentrant, reverting,
//     gas-burning) that senders can act through (sFuzz §4).
//   - `failure.go`: `ErrConstructorFailed`, `ErrLibraryMissing`, the
//     deployment failures the engine names a skip by (`errors.Is`).
//   - The constructor search: `ctorsearch.go` (the blocking branch's cost,
//     input-to-state operands, secant steps); `ctortime.go` (arguments
//     compared with the block's timestamp or number start near the chain's
//     clock); `ctoriface.go` (contract-typed parameters get a fitting
//     deployed contract or Foresight's token, `token.go`, with the types
//     from the AST before solc 0.5.11, `ctorast.go`); `ctorsmall.go` (a
//     deploying input is retried with its 256-bit integers made small);
//     `ctorowner.go` (an address constructor argument that the code
//     compares with `msg.sender`, or whose name says owner, gets the
//     deployer, so owner-only configuration is the deployer's to send);
//     `ctorname.go` (a plain address parameter whose name says contract,
//     `accountFactory`, `anAggregator`, never holds a sender or the
//     deployer: it takes the deployed contract its name names, else
//     `ContractStandIn`, since a sender named in a constructor is
//     privileged for that contract and its payouts there go unjudged);
//     `payees.go` (address lists name the fuzzer's accounts, which are
//     members, not privileged, and a deploying input's short lists are
//     retried grown to three members; `PrivilegedWhere`: a sender a
//     constructor was given one by one is privileged for that contract
//     only, a stranger to the others).
//   - After a contract is deployed: `grant.go` (a contract given a token is
//     funded with it); `initialize.go` (a guarded `initialize*` function is
//     called by the deployer, with the deployer in owner and admin
//     parameters; `initiface.go`: its contract-typed parameters take a
//     deployed contract of the type, which the contract waits for, as a
//     configurator is initialized with its address provider); `proxy.go` (a proxy of the build is deployed pointing at
//     the implementation, with the initializer's calldata; a proxy whose
//     initialization call names the deployer makes the deployer a sender);
//     `proxyview.go` (`AddImplementationMethods`: the proxy's target gets
//     the implementation's methods, so the fuzzer, replay, export, sharding
//     and minimizing call them at the proxy's address). These calls are
//     recorded in the plan as grants, so every worker, a replay and the
//     Foundry export make them too.
//   - What the search saw: `ctorwrap.go` (the constructor arithmetic wraps,
//     SWC-101, which the campaign reports); `twin.go` (the twins: a target
//     deployed again with one numeric constructor argument at an extreme,
//     for SWC-101); `tokenheld.go` (Foresight's token minted to targets
//     that read balances); `tokenpull.go` (Foresight's token approved by
//     every sender for targets that pull a token they are passed,
//     `Deployment.TokenPulled`, in a build with no ERC-20: a stream's or a
//     vault's asset argument; the token is then `calldata.Env.Tokens`,
//     named by an address argument a quarter of the time; in a build
//     with ERC-20s of its own, those are approved instead, for each
//     target that calls `transferFrom` out: the tokens its constructor
//     was given, and every one deployed before it when it takes an
//     address).
//   - `roles.go`: `Deployment.Roles` and `PrivNamed`, the accounts
//     the deployment stored in a target as an owner or a mapping key
//     (`admins[x]`, `_roles[r][x]`) made privileged senders, and, per
//     contract, whether the target names the deployer (an owner slot, an
//     immutable, an initializer) or holds a role holder, or
//     (`privreaders.go`) asks such a target who they are: it reads
//     CALLER, holds that target's address and calls one of its address
//     getters (Aave's configurator and `getPoolAdmin()`);
//     `engine/fuzz`'s `privSenders` (`privsenders.go`) gives the deployer and
//     role holders one transaction in four to such a contract, one in 32
//     to any other, so owner-only configuration runs and users keep their
//     budget (and their sequences stay judged).
//     The search reads its slots in a copy of the deployed state, which it
//     drops (docs/architecture.md's invariant on storage scans), and is linear in
//     the targets: each target's first slots are read once, a code
//     constant is probed as a mapping key only in the targets whose code
//     holds it, at most `roleReads` reads, the context checked per target.
//   - `interrupt.go`: the set-up steps' cancellation (`SetupStep`).
package deploy
