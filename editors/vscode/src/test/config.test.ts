import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { changeAction, connectionErrorAction, serverArgs, serverSettings } from '../config';
import { serverSettingKeys } from '../settingKeys';

const reader = (values: Record<string, unknown>) => (key: string) => values[key];

test('serverSettings keeps the server keys that have a value', () => {
  const got = serverSettings(reader({ seed: 9, fuzzExecs: 100, workers: null, path: '/bin/foresight', serverArgs: ['-v'], 'trace.server': 'verbose' }));
  assert.deepEqual(got, { seed: 9, fuzzExecs: 100 });
});

test('serverSettings reads every server key and nothing else', () => {
  const asked: string[] = [];
  serverSettings((key) => {
    asked.push(key);
    return undefined;
  });
  assert.deepEqual(asked, [...serverSettingKeys]);
  assert.ok(asked.includes('fuzzBudgetSeconds') && !asked.includes('path'));
});

test('changeAction restarts for path and serverArgs, notifies for the rest', () => {
  const affects = (...sections: string[]) => (s: string) => sections.includes(s);
  assert.equal(changeAction(affects('editor')), 'none');
  assert.equal(changeAction(affects('foresight', 'foresight.seed')), 'notify');
  assert.equal(changeAction(affects('foresight', 'foresight.path')), 'restart');
  assert.equal(changeAction(affects('foresight', 'foresight.serverArgs')), 'restart');
});

test('serverArgs puts lsp first and drops what is not a string', () => {
  assert.deepEqual(serverArgs(reader({})), ['lsp']);
  assert.deepEqual(serverArgs(reader({ serverArgs: ['--log-file', 7, 'x.log'] })), ['lsp', '--log-file', 'x.log']);
  assert.deepEqual(serverArgs(reader({ serverArgs: '-v' })), ['lsp']);
});

test('connectionErrorAction leaves a broken stream to the close handler', () => {
  // EPIPE from the stream after the server was killed comes without a
  // count: shutting down then would keep the crashed server from restarting.
  assert.equal(connectionErrorAction(undefined), 'continue');
  assert.equal(connectionErrorAction(1), 'continue');
  assert.equal(connectionErrorAction(3), 'continue');
  assert.equal(connectionErrorAction(4), 'shutdown');
});
