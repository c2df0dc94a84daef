// The Test Explorer's tree and results, without the vscode module (so
// that they are unit tested outside the workbench, src/test/
// testItemsData.test.ts): the server's foresight/testItems answer made
// into test nodes, and what a run's answer (foresight.fuzzFile or
// foresight.fuzzFunction with "wait", docs/lsp.md "Test items") says of
// each node.

/** A zero-based LSP range. */
export interface LspRange {
  start: { line: number; character: number };
  end: { line: number; character: number };
}

export interface TestCaseData {
  name: string;
  range: LspRange;
}

export interface TestContractData {
  name: string;
  range: LspRange;
  tests: TestCaseData[];
}

export interface TestFileData {
  uri: string;
  contracts: TestContractData[];
}

export interface TestFunctionData {
  uri: string;
  /** "Contract.name" */
  function: string;
  range: LspRange;
}

export interface TestProjectData {
  root: string;
  suites: TestFileData[];
  reproducers: TestFileData[];
  functions: TestFunctionData[];
}

/** The request that lists them (lsp/testitems.go). */
export const testItemsRequest = 'foresight/testItems';

/** maxItems bounds what one answer may add to the tree. */
export const maxItems = 20_000;

/** The answer's projects; anything malformed is left out. */
export function parseTestItems(raw: unknown): TestProjectData[] {
  const projects = (raw as { projects?: unknown } | null)?.projects;
  if (!Array.isArray(projects)) {
    return [];
  }
  let budget = maxItems;
  const take = <T>(xs: unknown, ok: (x: unknown) => x is T): T[] => {
    const out: T[] = [];
    for (const x of Array.isArray(xs) ? xs : []) {
      if (budget > 0 && ok(x)) {
        budget--;
        out.push(x);
      }
    }
    return out;
  };
  const out: TestProjectData[] = [];
  for (const p of projects as Record<string, unknown>[]) {
    if (typeof p?.root !== 'string') {
      continue;
    }
    const files = (xs: unknown) =>
      take(xs, isFile).map((f) => ({ uri: f.uri, contracts: take(f.contracts, isContract).map((c) => ({ ...c, tests: take(c.tests, isCase) })) }));
    out.push({ root: p.root, suites: files(p.suites), reproducers: files(p.reproducers), functions: take(p.functions, isFunction) });
  }
  return out;
}

function isRange(r: unknown): r is LspRange {
  const o = r as LspRange | null;
  return Number.isInteger(o?.start?.line) && Number.isInteger(o?.start?.character) && Number.isInteger(o?.end?.line) && Number.isInteger(o?.end?.character);
}
function isCase(x: unknown): x is TestCaseData {
  const o = x as TestCaseData | null;
  return typeof o?.name === 'string' && isRange(o.range);
}
function isContract(x: unknown): x is TestContractData {
  return isCase(x);
}
function isFile(x: unknown): x is TestFileData {
  return typeof (x as TestFileData | null)?.uri === 'string';
}
function isFunction(x: unknown): x is TestFunctionData {
  const o = x as TestFunctionData | null;
  return typeof o?.uri === 'string' && typeof o.function === 'string' && isRange(o.range);
}

/** What running a node does. */
export type RunSpec =
  /** foresight.fuzzFile on an invariant suite: a campaign from its set-up. */
  | { kind: 'suite'; uri: string }
  /** foresight.fuzzFunction: "Fuzz this function". */
  | { kind: 'function'; uri: string; function: string }
  /** foresight.replay of the finding an exported reproducer was written from. */
  | { kind: 'reproducer'; uri: string };

export type NodeKind = 'group' | 'suite' | 'contract' | 'invariant' | 'reproducer' | 'test' | 'function';

export interface TestNode {
  id: string;
  label: string;
  kind: NodeKind;
  uri?: string;
  range?: LspRange;
  description?: string;
  /** How to run it; a group runs its children. */
  run?: RunSpec;
  /** For an invariant or reproducer test: its function's name. */
  check?: string;
  children: TestNode[];
}

/** Makes a URI relative to the workspace for labels (asRelativePath). */
export type Relative = (uri: string) => string;

/** The tree: per project (named when there are several) three groups,
 * "Invariant suites" (file, then its invariants; a file's test contracts
 * are shown only when it has several), "Reproducers" and "Fuzz this
 * function" (file, then its functions). Empty groups are left out. */
export function testTree(projects: TestProjectData[], relative: Relative): TestNode[] {
  const out: TestNode[] = [];
  for (const p of projects) {
    const groups: TestNode[] = [];
    const suites = p.suites.map((f) => fileNode(f, 'suite', relative));
    const repros = p.reproducers.map((f) => fileNode(f, 'reproducer', relative));
    const byFile = new Map<string, TestFunctionData[]>();
    for (const fn of p.functions) {
      byFile.set(fn.uri, [...(byFile.get(fn.uri) ?? []), fn]);
    }
    const fns: TestNode[] = [...byFile].map(([uri, list]) => ({
      id: `function:${uri}`,
      label: relative(uri),
      kind: 'group',
      uri,
      children: list.map((fn) => ({
        id: `function:${uri}#${fn.function}`,
        label: fn.function,
        kind: 'function',
        uri,
        range: fn.range,
        run: { kind: 'function', uri, function: fn.function },
        children: [],
      })),
    }));
    const group = (id: string, label: string, children: TestNode[]) => {
      if (children.length > 0) {
        groups.push({ id: `${id}:${p.root}`, label, kind: 'group', children });
      }
    };
    group('suites', 'Invariant suites', suites);
    group('reproducers', 'Reproducers', repros);
    group('functions', 'Fuzz this function', fns);
    if (projects.length === 1) {
      out.push(...groups);
    } else if (groups.length > 0) {
      out.push({ id: `project:${p.root}`, label: relative(p.root) || p.root, kind: 'group', uri: p.root, children: groups });
    }
  }
  return out;
}

function fileNode(f: TestFileData, kind: 'suite' | 'reproducer', relative: Relative): TestNode {
  const test = kind === 'suite' ? 'invariant' : 'test';
  const run: RunSpec = { kind, uri: f.uri };
  const cases = (c: TestContractData): TestNode[] =>
    c.tests.map((t) => ({ id: `${kind}:${f.uri}#${c.name}.${t.name}`, label: t.name, kind: test, uri: f.uri, range: t.range, run, check: t.name, children: [] }));
  const children =
    f.contracts.length === 1
      ? cases(f.contracts[0])
      : f.contracts.map((c) => ({ id: `${kind}:${f.uri}#${c.name}`, label: c.name, kind: 'contract' as const, uri: f.uri, range: c.range, run, children: cases(c) }));
  return { id: `${kind}:${f.uri}`, label: relative(f.uri), kind, uri: f.uri, run, children };
}

/** A run's answer (lsp/testrun.go runResult). */
export interface RunResult {
  /** The run's end in words, for the Test Results output. */
  result: string;
  /** Whether a contract was deployed and sent transactions (the server's
   * typed answer: the words are never parsed). */
  fuzzed: boolean;
  execs: number;
  findings: RunFinding[];
}

export interface RunFinding {
  id: string;
  kind: string;
  title: string;
  message: string;
  contract: string;
  check?: string;
  uri: string;
  range: LspRange;
  sequence: string[];
}

export function parseRunResult(raw: unknown): RunResult | undefined {
  const o = raw as Partial<RunResult> | null;
  if (typeof o?.result !== 'string' || typeof o.fuzzed !== 'boolean' || !Array.isArray(o.findings)) {
    return undefined;
  }
  const findings = o.findings.filter(
    (f): f is RunFinding => typeof f?.id === 'string' && typeof f.uri === 'string' && isRange(f.range) && Array.isArray(f.sequence),
  );
  return { result: o.result, fuzzed: o.fuzzed, execs: typeof o.execs === 'number' ? o.execs : 0, findings };
}

/** A failure as the Test Explorer shows it: the message with the failing
 * sequence, at the finding's place. */
export interface Failure {
  message: string;
  uri: string;
  range: LspRange;
}

/** What a node's run says: passed, failed (with each failure) or
 * skipped (the run did not fuzz: cancelled, compile errors, ...). */
export type Outcome = { state: 'passed' | 'skipped'; note: string } | { state: 'failed'; failures: Failure[] };

/** The outcome of node in a run of its suite or function. An invariant
 * fails on a finding that broke it (its check); a suite, contract or
 * function on any finding of the run. */
export function outcomeOf(node: TestNode, r: RunResult): Outcome {
  if (!r.fuzzed) {
    return { state: 'skipped', note: r.result };
  }
  const mine = node.kind === 'invariant' ? r.findings.filter((f) => f.check === node.check) : r.findings;
  if (mine.length === 0) {
    return { state: 'passed', note: r.result };
  }
  // A finding several campaigns reported (the direct one and the suite's,
  // or two workers) is one failure: Test Results shows each once.
  const seen = new Set<string>();
  const failures = mine.map(failureOf).filter((f) => {
    const key = `${f.uri}\n${f.range.start.line}:${f.range.start.character}\n${f.message}`;
    return !seen.has(key) && seen.add(key) !== undefined;
  });
  return { state: 'failed', failures };
}

export function failureOf(f: RunFinding): Failure {
  const seq = f.sequence.length > 0 ? `\n\nFailing sequence:\n${f.sequence.join('\n')}` : '';
  return { message: `${f.message}${seq}`, uri: f.uri, range: f.range };
}
