import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { ConflictHost, checkConflicts } from '../conflicts';

function host(installed: Record<string, string>, answer?: string, enabled = true) {
  const seen = new Set<string>();
  const log: string[] = [];
  const h: ConflictHost = {
    enabled: () => enabled,
    installed: (id) => installed[id],
    seen: (key) => seen.has(key),
    markSeen: async (key) => {
      seen.add(key);
    },
    ask: async (message) => {
      log.push(`ask ${message.slice(0, message.indexOf('" is'))}`);
      return answer;
    },
    showExtension: async (id) => {
      log.push(`show ${id}`);
    },
    turnOff: async () => {
      log.push('off');
    },
  };
  return { h, log };
}

test('tells once about each conflicting extension', async () => {
  const { h, log } = host({ 'NomicFoundation.hardhat-solidity': 'Solidity by Nomic', 'JuanBlanco.solidity': 'solidity' }, 'Show Extension');
  assert.equal(await checkConflicts(h), 'JuanBlanco.solidity');
  assert.equal(await checkConflicts(h), 'NomicFoundation.hardhat-solidity');
  assert.equal(await checkConflicts(h), undefined);
  assert.deepEqual(log, [
    'ask Foresight: "solidity',
    'show JuanBlanco.solidity',
    'ask Foresight: "Solidity by Nomic',
    'show NomicFoundation.hardhat-solidity',
  ]);
});

test("Don't Show Again turns the notice off; a disabled notice asks nothing", async () => {
  const { h, log } = host({ 'kanej.solidity-language': 'Solidity Language' }, "Don't Show Again");
  assert.equal(await checkConflicts(h), 'kanej.solidity-language');
  assert.deepEqual(log, ['ask Foresight: "Solidity Language', 'off']);
  const off = host({ 'kanej.solidity-language': 'x' }, undefined, false);
  assert.equal(await checkConflicts(off.h), undefined);
  assert.deepEqual(off.log, []);
  const none = host({});
  assert.equal(await checkConflicts(none.h), undefined);
});
