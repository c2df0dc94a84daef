// End-to-end scenarios of `foresight lsp` through vscode-languageserver-
// protocol: one server process, three projects (a file with a compile
// error, SequenceFoo, PathsBaz), driven like an editor would. Campaigns are
// reproducible: one worker, a fixed seed and an execution budget.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CancellationTokenSource, ResponseError } from 'vscode-languageserver-protocol/node.js';
import { Session, examples, rangeOf, uriOf } from './client.mjs';

// Both examples' assertions fail within 60,000 executions with seed 2 (as
// engine/engine_test.go checks for SequenceFoo). The session starts with a
// small budget, since the campaign on the fixed Broken.sol finds nothing
// and would only compete for the CPU.
const settings = { seed: 2, fuzzExecs: 60000, fuzzBudgetSeconds: 0, workers: 1 };
const initialSettings = { ...settings, fuzzExecs: 500 };

const RequestCancelled = -32800;
const MethodNotFound = -32601;
const ParseError = -32700;

// project makes a directory of its own (a separate project, so campaigns do
// not mix contracts) holding one file.
function project(ws, dir, name, text) {
  const d = path.join(ws, dir);
  fs.mkdirSync(d, { recursive: true });
  const file = path.join(d, name);
  fs.writeFileSync(file, text);
  return file;
}

const broken = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

contract Broken {
    function f() public pure returns (uint256) {
        return undefinedThing;
    }
}
`;

describe('foresight lsp over stdio', () => {
  const ws = fs.mkdtempSync(path.join(os.tmpdir(), 'foresight-ws-'));
  const s = new Session('main', { settings: initialSettings });
  const brokenFile = project(ws, 'broken', 'Broken.sol', broken);
  const fooFile = project(ws, 'foo', 'SequenceFoo.sol', fs.readFileSync(path.join(examples, 'SequenceFoo.sol'), 'utf8'));
  const bazFile = project(ws, 'baz', 'PathsBaz.sol', fs.readFileSync(path.join(examples, 'PathsBaz.sol'), 'utf8'));
  let fooFinding;

  before(() => s.start());
  after(() => s.kill());

  it('initialize advertises the capabilities', async () => {
    const res = await s.initialize();
    const caps = res.capabilities;
    assert.equal(res.serverInfo.name, 'foresight');
    assert.deepEqual(caps.textDocumentSync, { openClose: true, change: 2, save: {} });
    assert.deepEqual(caps.codeActionProvider, { codeActionKinds: ['quickfix'] });
    assert.ok(caps.codeLensProvider);
    assert.equal(caps.hoverProvider, true);
    assert.deepEqual(caps.executeCommandProvider.commands.sort(),
      ['foresight.acceptBehaviour', 'foresight.addPropertySkeleton', 'foresight.exportBehaviour', 'foresight.exportFoundryTest',
        'foresight.fuzzFile', 'foresight.fuzzFunction', 'foresight.replay', 'foresight.replayBehaviour', 'foresight.showMutant']);
    await s.initialized();
    await s.waitFor('the watcher registration', () =>
      s.registrations.find((r) => r.method === 'workspace/didChangeWatchedFiles'));
  });

  it('a compile error is a solc diagnostic with its code and range', async () => {
    await s.open(brokenFile);
    await s.save(brokenFile);
    const d = await s.waitFor('the compile error', () =>
      (s.diagnostics.get(uriOf(brokenFile)) ?? []).find((d) => d.source === 'solc'));
    assert.equal(d.code, '7576'); // undeclared identifier
    assert.equal(d.severity, 1);
    assert.match(d.message, /Undeclared identifier/);
    assert.deepEqual(d.range, rangeOf(broken, 'undefinedThing'));
  });

  it('fixing it clears the diagnostics', async () => {
    await s.change(brokenFile, [{ range: rangeOf(s.text(brokenFile), 'undefinedThing'), text: '42' }]);
    const n = s.publishes.length;
    await s.save(brokenFile);
    const p = await s.waitFor('cleared diagnostics', () =>
      s.publishes.slice(n).find((p) => p.uri === uriOf(brokenFile) && p.diagnostics.length === 0));
    assert.deepEqual(p.diagnostics, []); // [], never null
  });

  it('a bug in SequenceFoo is a finding on its assert with the sequence', async () => {
    await s.waitFor('the Broken.sol campaign to end', () => s.endedRuns().includes('500 execs, 0 findings'));
    await s.configure(settings);
    await s.open(fooFile);
    await s.save(fooFile);
    fooFinding = await s.waitFor('the SequenceFoo finding', () => s.findings(fooFile).find((d) => d.range.start.line === 16));
    const d = fooFinding;
    assert.equal(d.code, 'assert-failure');
    assert.equal(d.severity, 1);
    assert.deepEqual(d.range, rangeOf(s.text(fooFile), 'assert(false)'));
        assert.match(d.message, /^Assertion failed when (user \d|attacker contract \([a-z-]+\)) called SequenceFoo\.bar(, after \d+ earlier transactions?)?\.$/);
    assert.ok(d.relatedInformation.length >= 1);
    d.relatedInformation.forEach((ri, i) => {
      assert.match(ri.message, new RegExp(`^${i + 1}\\. from (user \\d|the deployer|attacker contract \\([a-z-]+\\)): SequenceFoo\\.`));
      assert.equal(ri.location.uri, uriOf(fooFile));
      assert.deepEqual(ri.location.range, d.range);
    });
    assert.match(d.relatedInformation.at(-1).message, /SequenceFoo\.bar\(\)$/);
    assert.ok(d.data?.finding, 'the diagnostic carries its finding id');
  });

  it('codeAction offers the three quick fixes', async () => {
    const actions = await s.conn.sendRequest('textDocument/codeAction', {
      textDocument: { uri: uriOf(fooFile) },
      range: fooFinding.range,
      context: { diagnostics: [fooFinding] },
    });
    assert.deepEqual(actions.map((a) => [a.title, a.kind, a.command.command]), [
      ['Replay failing sequence', 'quickfix', 'foresight.replay'],
      ['Export as Foundry test', 'quickfix', 'foresight.exportFoundryTest'],
      ['Fuzz SequenceFoo.bar for 60 s', 'quickfix', 'foresight.fuzzFunction'],
    ]);
    for (const a of actions) assert.deepEqual(a.diagnostics, [fooFinding]);
  });

  it('replay returns the trace and logs it', async () => {
    const trace = await s.conn.sendRequest('workspace/executeCommand', {
      command: 'foresight.replay',
      arguments: [{ uri: uriOf(fooFile), finding: fooFinding.data.finding }],
    });
    assert.match(trace, /SequenceFoo\.bar\(\)/);
    assert.match(trace, /assert/i);
    await s.waitFor('the summary shown', () => s.shown.find((m) => /reproduced at SequenceFoo\.sol:17/.test(m.message)));
    await s.waitFor('the trace logged', () => s.logged.find((m) => m.message.includes(trace.trim().split('\n')[0])));
  });

  it('replay answers structured JSON when asked', async () => {
    const res = await s.conn.sendRequest('workspace/executeCommand', {
      command: 'foresight.replay',
      arguments: [{ uri: uriOf(fooFile), finding: fooFinding.data.finding, structured: true, quiet: true }],
    });
    assert.equal(res.kind, 'assert-failure');
    assert.equal(res.path, fooFile);
    assert.equal(res.line, 17);
    assert.equal(res.reproduced, true);
    assert.ok(res.title.length > 0);
    assert.match(res.trace, /SequenceFoo\.bar\(\)/);
  });

  it('export writes a Foundry test through workspace/applyEdit', async () => {
    const n = s.edits.length;
    const testPath = await s.conn.sendRequest('workspace/executeCommand', {
      command: 'foresight.exportFoundryTest',
      arguments: [{ uri: uriOf(fooFile), finding: fooFinding.data.finding }],
    });
    assert.equal(testPath, path.join(path.dirname(fooFile), 'test', 'Foresight_SequenceFoo_assert-failure.t.sol'));
    assert.equal(s.edits.length, n + 1);
    const [create, edit] = s.edits[n].edit.documentChanges;
    assert.deepEqual(create, { kind: 'create', uri: uriOf(testPath), options: { ignoreIfExists: true } });
    assert.equal(edit.textDocument.uri, uriOf(testPath));
    const text = fs.readFileSync(testPath, 'utf8'); // applied by the client
    assert.equal(text, edit.edits[0].newText);
    assert.match(text, /^import \{Test\} from "forge-std\/Test\.sol";$/m);
    assert.match(text, /vm\.prank\(/);
  });

  it('hover on the finding shows it with its sequence', async () => {
    const h = await s.conn.sendRequest('textDocument/hover', {
      textDocument: { uri: uriOf(fooFile) },
      position: { line: fooFinding.range.start.line, character: fooFinding.range.start.character + 2 },
    });
    assert.equal(h.contents.kind, 'markdown');
    assert.match(h.contents.value, /assertion failed/);
    assert.match(h.contents.value, /```text\n1\. from (user \d|attacker contract)/);
    assert.deepEqual(h.range, fooFinding.range);
    const none = await s.conn.sendRequest('textDocument/hover', {
      textDocument: { uri: uriOf(fooFile) }, position: rangeOf(s.text(fooFile), 'incX').start,
    });
    assert.equal(none, null);
  });

  it('code lenses: Fuzz, then a summary once the campaign ended', async () => {
    await s.waitFor('the SequenceFoo campaign to end', () => s.endedRuns().find((m) => /^60000 execs, [1-9]\d* findings?$/.test(m)));
    await s.waitFor('a code lens refresh', () => s.lensRefreshes > 0);
    const lenses = await s.conn.sendRequest('textDocument/codeLens', { textDocument: { uri: uriOf(fooFile) } });
    const text = s.text(fooFile);
    const byLine = new Map();
    for (const l of lenses) byLine.set(l.range.start.line, [...(byLine.get(l.range.start.line) ?? []), l.command.title]);
    // Each function's own figures (docs/lsp.md), not the campaign's total.
    const calls = new Set();
    for (const fn of ['bar', 'setY', 'incX', 'copyY']) {
      const line = rangeOf(text, `function ${fn}(`).start.line;
      const [fuzzTitle, figures] = byLine.get(line) ?? [];
      assert.equal(fuzzTitle, 'Fuzz', `lenses of ${fn}`);
      assert.match(figures, /^[1-9]\d* calls?: \d+ completed, \d+ reverted( \(mostly .+\))?(, \d+\/\d+ lines)?, \d+ findings?$/, `lenses of ${fn}`);
      assert.ok(figures.endsWith(fn === 'bar' ? ', 1 finding' : ', 0 findings'), `lenses of ${fn}: ${figures}`);
      calls.add(figures.split(':')[0]);
    }
    assert.ok(calls.size > 1, `every lens has the same count: ${[...calls]}`);
    assert.equal(lenses.length, 8);
    const fuzz = lenses.find((l) => l.command.title === 'Fuzz');
    assert.equal(fuzz.command.command, 'foresight.fuzzFunction');
  });

  it('PathsBaz: a finding, then incremental edits move it', async () => {
    await s.open(bazFile);
    await s.save(bazFile);
    let d = await s.waitFor('the PathsBaz finding', () => s.findings(bazFile).find((d) => d.range.start.line === 15));
    assert.equal(d.code, 'assert-failure');
    assert.deepEqual(d.range, rangeOf(s.text(bazFile), 'assert(false)'));
    assert.match(d.relatedInformation[0].message, /^1\. from (user \d|attacker contract \([a-z-]+\)): PathsBaz\.baz\(42, /);

    // Two changes in one didChange, the second against the result of the
    // first, with UTF-16 columns after non-ASCII text (an astral emoji is two
    // code units): a new function above baz with an unused variable (a solc
    // warning whose range shows where the server put the text).
    const at = { line: 7, character: 0 };
    const inserted = '    /* 🚀 ünï */ function qux() public pure returns (uint256) { uint256 unused; return 7; }\n\n';
    const lineText = inserted.split('\n')[0];
    const col = lineText.indexOf('unused') + 'unused'.length;
    await s.change(bazFile, [
      { range: { start: at, end: at }, text: inserted },
      { range: { start: { line: 7, character: col }, end: { line: 7, character: col } }, text: 'Var' },
    ]);
    const n = s.publishes.length;
    await s.save(bazFile);
    const warn = await s.waitFor('the unused-variable warning', () =>
      s.publishes.slice(n).filter((p) => p.uri === uriOf(bazFile)).flatMap((p) => p.diagnostics).find((d) => d.source === 'solc'));
    assert.equal(warn.code, '2072');
    assert.equal(warn.severity, 2);
    assert.deepEqual(warn.range, rangeOf(s.text(bazFile), 'uint256 unusedVar'));
    // baz is untouched: its finding stays, two lines lower, without a new
    // campaign having to find it again.
    d = await s.waitFor('the finding moved', () => s.findings(bazFile).find((d) => d.range.start.line === 17));
    assert.deepEqual(d.range, rangeOf(s.text(bazFile), 'assert(false)'));

    // An edit inside baz makes its finding stale: once the edit is
    // compiled, it is withdrawn (the campaign still running from the last
    // save may publish it again before that, and the next one may confirm
    // it later).
    const m = s.publishes.length;
    await s.change(bazFile, [{ range: rangeOf(s.text(bazFile), 'if (a == 42)'), text: 'if (a == 43)' }]);
    await s.save(bazFile);
    await s.waitFor('the stale finding withdrawn', () => s.publishes.slice(m).find((p) =>
      p.uri === uriOf(bazFile) && !p.diagnostics.some((d) => d.source === 'foresight')));
  });

  it('$/cancelRequest cancels a command in flight', async () => {
    let release;
    s.holdEdits = new Promise((r) => { release = r; });
    const n = s.edits.length;
    const cts = new CancellationTokenSource();
    const pending = s.conn.sendRequest('workspace/executeCommand', {
      command: 'foresight.exportFoundryTest',
      arguments: [{ uri: uriOf(fooFile), finding: fooFinding.data.finding }],
    }, cts.token).then(() => null, (e) => e);
    await s.waitFor('the export to ask for its edit', () => s.edits.length > n);
    // The command released the queue: other requests are answered meanwhile.
    const lenses = await s.conn.sendRequest('textDocument/codeLens', { textDocument: { uri: uriOf(fooFile) } });
    assert.ok(lenses.length > 0);
    cts.cancel(); // sends $/cancelRequest
    const err = await pending;
    assert.ok(err instanceof ResponseError, `want an error, got ${err}`);
    assert.equal(err.code, RequestCancelled);
    await s.waitFor('the server to cancel its applyEdit', () => s.editCancelled > 0);
    release();
    s.holdEdits = null;
  });

  it('malformed JSON gets an error and the server keeps serving', async () => {
    const body = '{"jsonrpc":"2.0","id":99,"method":';
    await s.writeRaw(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    const e = await s.waitFor('the parse error', () => s.rpcErrors.find((m) => m.includes(String(ParseError))));
    assert.match(e, /without id/);
    const h = await s.conn.sendRequest('textDocument/hover', {
      textDocument: { uri: uriOf(fooFile) }, position: fooFinding.range.start,
    });
    assert.match(h.contents.value, /assertion failed/);
  });

  it('an unknown method gets MethodNotFound', async () => {
    await assert.rejects(s.conn.sendRequest('foresight/noSuchMethod', {}), (e) => e.code === MethodNotFound);
    await assert.rejects(s.conn.sendRequest('textDocument/definition', {
      textDocument: { uri: uriOf(fooFile) }, position: { line: 0, character: 0 },
    }), (e) => e.code === MethodNotFound);
    await s.conn.sendNotification('$/noSuchNotification', {}); // ignored
  });

  it('shutdown and exit end the process with code 0', async () => {
    const { code, signal } = await s.shutdown();
    assert.equal(signal, null);
    assert.equal(code, 0);
  });
});

// Exit without shutdown is an error exit, as the specification asks.
describe('exit without shutdown', () => {
  const s = new Session('noshutdown');
  before(() => s.start());
  after(() => s.kill());
  it('exits with code 1', async () => {
    await s.initialize();
    await s.initialized();
    await s.conn.sendNotification('exit');
    const { code } = await s.exited;
    assert.equal(code, 1);
  });
});
