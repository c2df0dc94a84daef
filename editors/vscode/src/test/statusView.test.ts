import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { StatusState, campaignModes, countdownOf, isNotFuzzedCode, shorten, statusView } from '../statusView';

const base: StatusState = { phase: 'running', server: 'foresight 0.1 (/bin/foresight)', failure: '', lastEnd: '', note: '', findings: 0 };

test('running without campaigns counts the findings', () => {
  const v = statusView({ ...base, findings: 2, lastEnd: '100 execs, 2 findings' });
  assert.equal(v.text, '$(bug) Foresight: 2 findings');
  assert.equal(v.label, 'Foresight: 2 findings');
  assert.equal(v.command, 'foresight.showFindings');
  assert.equal(v.error, false);
  assert.equal(v.tooltip, 'Last run: 100 execs, 2 findings\n\n2 findings. Server: foresight 0.1 (/bin/foresight)\n\nClick to show the findings.');
  assert.equal(statusView({ ...base, findings: 1 }).text, '$(bug) Foresight: 1 finding');
  assert.equal(statusView(base).text, '$(check) Foresight: 0 findings');
});

test('a campaign in progress shows its message, else its title, else a note', () => {
  assert.equal(statusView({ ...base, active: { title: 'Foresight', message: 'fuzzing f: 10 execs' } }).text, '$(sync~spin) Foresight: fuzzing f: 10 execs');
  assert.equal(statusView({ ...base, active: { title: 'Fuzzing', message: '' } }).text, '$(sync~spin) Foresight: Fuzzing');
  assert.equal(statusView({ ...base, note: 'fuzzing A.sol…' }).text, '$(sync~spin) Foresight: fuzzing A.sol…');
});

test('a time budget counts down first, ahead of the shortened message', () => {
  const message = `fuzzing from VaultTest.setUp(): ${'1'.repeat(60)} execs, 0 findings, 2m05s left`;
  const v = statusView({ ...base, active: { title: 'Foresight', message } });
  assert.equal(v.text, `$(sync~spin) Foresight: 2m05s left · ${shorten(message.slice(0, -', 2m05s left'.length))}`);
  assert.equal(v.tooltip.startsWith(`${message}\n\n`), true);
  assert.deepEqual(countdownOf('fuzzing f: 10 execs, 0 findings, 7s left'), ['fuzzing f: 10 execs, 0 findings', '7s left']);
  assert.deepEqual(countdownOf('fuzzing f: 10 execs, 0 findings'), ['fuzzing f: 10 execs, 0 findings', '']);
});

test('failed and starting', () => {
  const f = statusView({ ...base, phase: 'failed', failure: 'no server binary', server: 'not found' });
  assert.equal(f.text, '$(error) Foresight: no server binary');
  assert.equal(f.command, 'foresight.restartServer');
  assert.equal(f.error, true);
  assert.equal(f.tooltip, 'not found\n\nClick to restart the server.');
  assert.equal(statusView({ ...base, phase: 'starting' }).text, '$(sync~spin) Foresight: starting');
});

test('shorten', () => {
  assert.equal(shorten('a'.repeat(60)), 'a'.repeat(60));
  assert.equal(shorten('a'.repeat(61)), `${'a'.repeat(59)}…`);
});

test('contracts not fuzzed are never "0 findings" alone', () => {
  const v = statusView({ ...base, notFuzzed: 2, lastEnd: '100 execs, 0 findings; not fuzzed: A (constructor reverted), B (test code)' });
  assert.equal(v.text, '$(warning) Foresight: 0 findings, 2 not fuzzed');
  assert.equal(v.tooltip, 'Last run: 100 execs, 0 findings; not fuzzed: A (constructor reverted), B (test code)\n\n2 contracts were not fuzzed: see their diagnostics.\n\n0 findings. Server: foresight 0.1 (/bin/foresight)\n\nClick to show the findings.');
  assert.equal(statusView({ ...base, findings: 1, notFuzzed: 1 }).text, '$(bug) Foresight: 1 finding, 1 not fuzzed');
  assert.equal(isNotFuzzedCode('not-fuzzed'), true);
  assert.equal(isNotFuzzedCode({ value: 'not-fuzzed', target: 'x' }), true);
  assert.equal(isNotFuzzedCode('assert-failure'), false);
  assert.equal(isNotFuzzedCode(undefined), false);
});

test('the last run says how it fuzzed: directly and from each set-up', () => {
  let modes: string[] = [];
  for (const m of ['fuzzing all functions', 'fuzzing all functions: 10 execs, 0 findings', 'fuzzing from VaultTest.setUp()', 'fuzzing from VaultTest.setUp(): 5 execs, 1 finding', 'compiling A.sol']) {
    modes = campaignModes(modes, m);
  }
  assert.deepEqual(modes, ['directly', 'from VaultTest.setUp()']);
  const v = statusView({ ...base, findings: 1, lastEnd: '15 execs, 1 finding', lastModes: modes });
  assert.equal(v.tooltip, 'Last run (fuzzed directly and from VaultTest.setUp()): 15 execs, 1 finding\n\n1 finding. Server: foresight 0.1 (/bin/foresight)\n\nClick to show the findings.');
});
