import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { coverageDetails, maxLines, maxSpans, parseCoverage, unreachedHover } from '../coverageData';

const good = {
  uri: 'file:///w/Gate.sol',
  reached: [{ start: 3, end: 4 }, { start: 6, end: 7 }],
  unreached: [{ start: 12, end: 12 }],
  linesReached: 4,
  linesUnreached: 1,
  execs: 3000,
  lcov: 'file:///w/.foresight/lcov.info',
  functions: [{ name: 'Gate.deposit', start: 6, end: 8 }, { name: 'Gate.open', start: 10, end: 13 }],
};

test('a coverage notification is read as sent', () => {
  assert.deepEqual(parseCoverage(good), good);
  assert.equal(parseCoverage({ ...good, lcov: '' })?.lcov, undefined);
  assert.equal(unreachedHover(parseCoverage(good)!), 'Foresight: no input of the last run reached this line (3,000 execs; 4 of 5 lines with code reached)');
});

test('a malformed notification is dropped', () => {
  assert.equal(parseCoverage(null), undefined);
  assert.equal(parseCoverage({ ...good, uri: 3 }), undefined);
  assert.equal(parseCoverage({ ...good, reached: 'x' }), undefined);
  assert.equal(parseCoverage({ ...good, unreached: [{ start: 2, end: 1 }] }), undefined);
  assert.equal(parseCoverage({ ...good, reached: [{ start: -1, end: 1 }] }), undefined);
  assert.equal(parseCoverage({ ...good, reached: [{ start: 0.5, end: 1 }] }), undefined);
  assert.equal(parseCoverage({ ...good, reached: new Array(maxSpans + 1).fill({ start: 0, end: 0 }) }), undefined);
  assert.equal(parseCoverage({ ...good, execs: -1 })?.execs, 0);
});

test('functions from an older server, or malformed, are none', () => {
  assert.deepEqual(parseCoverage({ ...good, functions: undefined })?.functions, []);
  assert.deepEqual(parseCoverage({ ...good, functions: [{ name: 'X.f', start: 3, end: 1 }, { start: 1, end: 2 }] })?.functions, []);
});

// The coverage API's view of lsp's TestCoverageNotification: a statement
// per line with code, reached or not, and a function run when one of its
// lines ran (no line of open's or shut's did in this data).
test('coverage as statements and functions', () => {
  const c = parseCoverage({ ...good, functions: [...good.functions, { name: 'Gate.shut', start: 12, end: 12 }] })!;
  const d = coverageDetails(c);
  assert.deepEqual(d.statements, [
    { line: 3, executed: 1 },
    { line: 4, executed: 1 },
    { line: 6, executed: 1 },
    { line: 7, executed: 1 },
    { line: 12, executed: 0 },
  ]);
  assert.deepEqual(d.functions.map((f) => [f.name, f.executed]), [
    ['Gate.deposit', true],
    ['Gate.open', false],
    ['Gate.shut', false],
  ]);
  const huge = coverageDetails(parseCoverage({ ...good, reached: [{ start: 0, end: 1e12 }] })!);
  assert.equal(huge.statements.length, maxLines);
});
