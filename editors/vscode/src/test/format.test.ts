import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { asMutantView, asReplay, plural, replaySummary, traceDocument } from '../format';

const rel = (p: string) => p.replace('/ws/', '');

test('plural', () => {
  assert.equal(plural(1, 'finding'), '1 finding');
  assert.equal(plural(0, 'finding'), '0 findings');
  assert.equal(plural(3, 'exec'), '3 execs');
});

test('asReplay accepts text and structured results only', () => {
  assert.deepEqual(asReplay('trace'), { trace: 'trace' });
  assert.deepEqual(asReplay({ trace: 't', reproduced: true }), { trace: 't', reproduced: true });
  assert.equal(asReplay(null), undefined);
  assert.equal(asReplay({ title: 'x' }), undefined);
});

test('asMutantView accepts foresight.showMutant results only', () => {
  const v = { id: 'src/V.sol:16.1', title: 't', path: '/ws/src/V.sol', line: 16, status: 'survived', original: 'a', mutated: 'b', diff: '' };
  assert.deepEqual(asMutantView(v), v);
  assert.equal(asMutantView({ trace: 't' }), undefined);
  assert.equal(asMutantView(null), undefined);
  assert.equal(asMutantView('text'), undefined);
});

test('replaySummary', () => {
  assert.equal(replaySummary({ trace: '' }, rel), 'replayed');
  assert.equal(
    replaySummary({ trace: '', reproduced: true, title: 'assertion failed', path: '/ws/src/A.sol', line: 12 }, rel),
    'assertion failed reproduced at src/A.sol:12',
  );
  assert.equal(replaySummary({ trace: '', reproduced: false, path: '/ws/A.sol' }, rel), 'the finding did not reproduce at A.sol (the code changed?)');
});

test('traceDocument has a header, then the trace ending in a newline', () => {
  const doc = traceDocument(
    { trace: 'call f()\nrevert', reproduced: true, kind: 'panic-0x01', line: 3 },
    { finding: 'abc', file: 'A.sol', source: 'src/A.sol', diag: { line: 7, message: 'assert failed', code: 'assert-failure' } },
    2,
  );
  assert.equal(doc.name, 'Replay A.sol:7 (abc) #2.log');
  assert.equal(
    doc.text,
    'Foresight replay of finding abc in src/A.sol\nassert failed [assert-failure]\nReproduced: panic-0x01 at A.sol:7\n\ncall f()\nrevert\n',
  );
  const bare = traceDocument({ trace: 'x\n' }, { file: 'finding' }, 1);
  assert.equal(bare.name, 'Replay finding #1.log');
  assert.equal(bare.text, 'Foresight replay of a finding\n\nx\n');
});
