import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { outcomeOf, parseRunResult, parseTestItems, testTree, TestNode } from '../testItemsData';

const r = (line: number, c = 4, n = 8) => ({ start: { line, character: c }, end: { line, character: c + n } });
const W = 'file:///w';

// The server's answer for lsp/testitems_test.go's project: two suites (one
// with two invariants), a reproducer and, once compiled, the vault's
// functions.
const answer = {
  projects: [
    {
      root: W,
      suites: [
        { uri: `${W}/test/Drained.t.sol`, contracts: [{ name: 'DrainedTest', range: r(8), tests: [{ name: 'invariant_noDeposits', range: r(16) }, { name: 'invariant_alwaysHolds', range: r(20) }] }] },
        { uri: `${W}/test/Two.t.sol`, contracts: [{ name: 'A', range: r(3), tests: [{ name: 'invariant_a', range: r(5) }] }, { name: 'B', range: r(9), tests: [] }] },
      ],
      reproducers: [{ uri: `${W}/test/Foresight_Vault_assert-failure.t.sol`, contracts: [{ name: 'Foresight_Vault_assert_failure_Test', range: r(8), tests: [{ name: 'test_checkSolvency_assert_failure_2', range: r(9) }] }] }],
      functions: [
        { uri: `${W}/src/Vault.sol`, function: 'Vault.deposit', range: r(10) },
        { uri: `${W}/src/Vault.sol`, function: 'Vault.withdraw', range: r(15) },
      ],
    },
  ],
};

const relative = (u: string) => u.replace(`${W}/`, '');

/** The tree as lines, indented, with each node's kind and run. */
function outline(nodes: TestNode[], depth = 0): string[] {
  return nodes.flatMap((n) => [
    `${'  '.repeat(depth)}${n.label} [${n.kind}${n.run ? ` ${n.run.kind}` : ''}${n.range ? ` @${n.range.start.line + 1}` : ''}]`,
    ...outline(n.children, depth + 1),
  ]);
}

test('the test items as a tree', () => {
  assert.deepEqual(outline(testTree(parseTestItems(answer), relative)), [
    'Invariant suites [group]',
    '  test/Drained.t.sol [suite suite]',
    '    invariant_noDeposits [invariant suite @17]',
    '    invariant_alwaysHolds [invariant suite @21]',
    '  test/Two.t.sol [suite suite]',
    '    A [contract suite @4]',
    '      invariant_a [invariant suite @6]',
    '    B [contract suite @10]',
    'Reproducers [group]',
    '  test/Foresight_Vault_assert-failure.t.sol [reproducer reproducer]',
    '    test_checkSolvency_assert_failure_2 [test reproducer @10]',
    'Fuzz this function [group]',
    '  src/Vault.sol [group]',
    '    Vault.deposit [function function @11]',
    '    Vault.withdraw [function function @16]',
  ]);
});

test('several projects are named; ids are unique', () => {
  const two = { projects: [answer.projects[0], { ...answer.projects[0], root: 'file:///v', suites: [], reproducers: [], functions: [{ uri: 'file:///v/A.sol', function: 'A.f', range: r(1) }] }] };
  const tree = testTree(parseTestItems(two), relative);
  assert.deepEqual(tree.map((n) => n.label), ['file:///w', 'file:///v']);
  const seen = new Set<string>();
  let n = 0;
  const walk = (ns: TestNode[]) => ns.forEach((t) => (n++, seen.add(t.id), walk(t.children)));
  walk(tree);
  assert.equal(seen.size, n);
});

test('a malformed answer lists nothing malformed', () => {
  assert.deepEqual(parseTestItems(null), []);
  assert.deepEqual(parseTestItems({ projects: 3 }), []);
  const bad = parseTestItems({ projects: [{ root: W, suites: [{ uri: 3 }, { uri: `${W}/t.sol`, contracts: [{ name: 'C' }] }], functions: [{ uri: W, function: 'C.f' }] }] });
  assert.deepEqual(bad, [{ root: W, suites: [{ uri: `${W}/t.sol`, contracts: [] }], reproducers: [], functions: [] }]);
});

// The run of Drained.t.sol as lsp/testitems_test.go gets it.
const run = parseRunResult({
  result: '4000 execs, 1 finding',
  fuzzed: true,
  execs: 4000,
  findings: [
    {
      id: 'f3',
      kind: 'invariant',
      title: 'Invariant violated',
      message: 'invariant invariant_noDeposits broken after 1 transaction (last: Vault.deposit())',
      contract: 'DrainedTest',
      check: 'invariant_noDeposits',
      uri: `${W}/test/Drained.t.sol`,
      range: r(16),
      sequence: ['1. from user 1: Vault.deposit() value 5'],
    },
  ],
})!;

test('a run fails the invariant it broke, with its sequence, and its suite', () => {
  const [suites] = testTree(parseTestItems(answer), relative);
  const drained = suites.children[0];
  const [broken, holds] = drained.children;
  const o = outcomeOf(broken, run);
  assert.equal(o.state, 'failed');
  assert.ok(o.state === 'failed');
  assert.equal(o.failures.length, 1);
  assert.equal(o.failures[0].message, 'invariant invariant_noDeposits broken after 1 transaction (last: Vault.deposit())\n\nFailing sequence:\n1. from user 1: Vault.deposit() value 5');
  assert.deepEqual([o.failures[0].uri, o.failures[0].range.start.line], [`${W}/test/Drained.t.sol`, 16]);
  assert.equal(outcomeOf(holds, run).state, 'passed');
  assert.equal(outcomeOf(drained, run).state, 'failed');
  assert.deepEqual(outcomeOf(broken, { result: 'cancelled', fuzzed: false, execs: 0, findings: [] }), { state: 'skipped', note: 'cancelled' });
  assert.equal(outcomeOf(broken, { result: '1 exec, 0 findings', fuzzed: true, execs: 1, findings: [] }).state, 'passed');
  // The typed field decides, not the words.
  assert.equal(outcomeOf(broken, { result: '7 execs, 0 findings', fuzzed: false, execs: 7, findings: [] }).state, 'skipped');
  assert.equal(parseRunResult({ result: 'x' }), undefined);
  assert.equal(parseRunResult({ result: '1 exec, 0 findings', findings: [] }), undefined, 'an answer without the typed fuzzed field is not a run result');
});

test('a finding two campaigns reported is one failure', () => {
  const [suites] = testTree(parseTestItems(answer), relative);
  const [broken] = suites.children[0].children;
  const f = run.findings.find((x) => x.check === 'invariant_noDeposits')!;
  const twice = { ...run, findings: [f, { ...f, id: 'f4' }] };
  const o = outcomeOf(broken, twice);
  assert.ok(o.state === 'failed');
  assert.equal(o.failures.length, 1);
  const elsewhere = { ...run, findings: [f, { ...f, id: 'f5', range: r(20) }] };
  const o2 = outcomeOf(broken, elsewhere);
  assert.ok(o2.state === 'failed');
  assert.equal(o2.failures.length, 2, 'the same message at another line is another failure');
});
