import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { maxSpans, parseCoverage, unreachedHover } from '../coverageData';

const good = {
  uri: 'file:///w/Gate.sol',
  reached: [{ start: 3, end: 4 }, { start: 6, end: 7 }],
  unreached: [{ start: 12, end: 12 }],
  linesReached: 4,
  linesUnreached: 1,
  execs: 3000,
  lcov: 'file:///w/.foresight/lcov.info',
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
