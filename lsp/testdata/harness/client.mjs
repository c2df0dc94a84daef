// A scripted LSP client for the end-to-end tests: it spawns `foresight
// lsp`, speaks to it with vscode-languageserver-protocol (the protocol layer
// under VS Code's client), records everything the server sends, answers its
// requests, and lets tests wait for conditions on what it recorded.
import { spawn, execFileSync } from 'node:child_process';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver-protocol/node.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '..', '..', '..');
export const examples = path.join(repoRoot, 'examples');

// Every wait gives up after this long: generous, since CI machines are slow
// and the first compile may start node and load the compiler.
export const waitTimeout = Number(process.env.FORESIGHT_HARNESS_TIMEOUT_MS || 90_000);

// The binary: $FORESIGHT_BIN (lsp/harness_test.go builds it), else built
// here for a manual `node --test`.
let builtBin;
export function serverBinary() {
  if (process.env.FORESIGHT_BIN) return process.env.FORESIGHT_BIN;
  if (!builtBin) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'foresight-bin-'));
    builtBin = path.join(dir, 'foresight');
    execFileSync('go', ['build', '-o', builtBin, './cmd/foresight'], { cwd: repoRoot, stdio: 'inherit' });
  }
  return builtBin;
}

// outDir receives the server logs; lsp/harness_test.go prints them when
// the harness fails.
export function outDir() {
  const dir = process.env.FORESIGHT_HARNESS_OUT || fs.mkdtempSync(path.join(os.tmpdir(), 'foresight-harness-'));
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

export const uriOf = (p) => pathToFileURL(p).href;

// A Session is one server process and its connection.
export class Session {
  constructor(name, { settings = {}, capabilities } = {}) {
    this.name = name;
    this.settings = settings;
    this.capabilities = capabilities ?? defaultCapabilities();
    this.events = new EventEmitter();
    this.events.setMaxListeners(0);
    this.diagnostics = new Map(); // uri -> latest diagnostics
    this.publishes = []; // {uri, diagnostics}, in order
    this.progress = new Map(); // token -> [values]
    this.shown = [];
    this.logged = [];
    this.edits = []; // workspace/applyEdit params
    this.editCancelled = 0; // applyEdits the server cancelled
    this.registrations = [];
    this.lensRefreshes = 0;
    this.rpcErrors = []; // what vscode-jsonrpc logged as errors (e.g. responses without id)
    this.holdEdits = null; // a promise applyEdit answers wait for
  }

  start() {
    const dir = outDir();
    this.logFile = path.join(dir, `server-${this.name}.log`);
    this.proc = spawn(serverBinary(), ['lsp', '-v', '--log-file', this.logFile], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.stderr = '';
    this.proc.stderr.on('data', (d) => { this.stderr += d; });
    this.exited = new Promise((resolve) => this.proc.on('exit', (code, signal) => resolve({ code, signal })));
    const logger = {
      error: (m) => { this.rpcErrors.push(m); this.changed(); },
      warn: () => {}, info: () => {}, log: () => {},
    };
    this.conn = createProtocolConnection(new StreamMessageReader(this.proc.stdout), new StreamMessageWriter(this.proc.stdin), logger);
    this.conn.onNotification('textDocument/publishDiagnostics', (p) => {
      this.diagnostics.set(p.uri, p.diagnostics);
      this.publishes.push(p);
      this.changed();
    });
    this.conn.onNotification('$/progress', (p) => {
      const list = this.progress.get(p.token) ?? [];
      list.push(p.value);
      this.progress.set(p.token, list);
      this.changed();
    });
    this.conn.onNotification('window/showMessage', (p) => { this.shown.push(p); this.changed(); });
    this.conn.onNotification('window/logMessage', (p) => { this.logged.push(p); this.changed(); });
    this.conn.onRequest('window/workDoneProgress/create', (p) => {
      this.progress.set(p.token, this.progress.get(p.token) ?? []);
      this.changed();
      return null;
    });
    this.conn.onRequest('workspace/configuration', (p) => p.items.map((it) => (it.section === 'foresight' ? this.settings : null)));
    this.conn.onRequest('client/registerCapability', (p) => { this.registrations.push(...p.registrations); this.changed(); return null; });
    this.conn.onRequest('workspace/codeLens/refresh', () => { this.lensRefreshes++; this.changed(); return null; });
    this.conn.onRequest('workspace/applyEdit', async (p, token) => {
      this.edits.push(p);
      this.changed();
      token.onCancellationRequested(() => { this.editCancelled++; this.changed(); });
      if (this.holdEdits) await this.holdEdits;
      if (token.isCancellationRequested) return { applied: false, failureReason: 'cancelled' };
      applyWorkspaceEdit(p.edit);
      return { applied: true };
    });
    this.conn.listen();
  }

  changed() { this.events.emit('change'); }

  // waitFor resolves with cond's first truthy value, re-evaluated after every
  // message the server sends.
  waitFor(what, cond, timeout = waitTimeout) {
    return new Promise((resolve, reject) => {
      const check = () => {
        let v;
        try { v = cond(); } catch (e) { cleanup(); reject(e); return; }
        if (v) { cleanup(); resolve(v); }
      };
      const timer = setTimeout(() => { cleanup(); reject(new Error(`timed out after ${timeout} ms waiting for ${what}\n${this.describe()}`)); }, timeout);
      const cleanup = () => { clearTimeout(timer); this.events.off('change', check); };
      this.events.on('change', check);
      check();
    });
  }

  describe() {
    const out = [];
    for (const [uri, ds] of this.diagnostics) {
      out.push(`diagnostics ${path.basename(uri)}:`);
      for (const d of ds) out.push(`  ${d.range.start.line}:${d.range.start.character} [${d.source} ${d.code}] ${d.message}`);
    }
    for (const [tok, vs] of this.progress) out.push(`progress ${tok}: ${vs.map((v) => `${v.kind}:${v.message ?? v.title}`).join(' | ')}`);
    for (const m of this.shown) out.push(`shown: ${m.message}`);
    if (this.logFile) out.push(`server log: ${this.logFile}`);
    return out.join('\n');
  }

  async initialize(extra = {}) {
    return this.conn.sendRequest('initialize', {
      processId: process.pid,
      clientInfo: { name: 'foresight-node-harness', version: '1' },
      rootUri: null,
      workspaceFolders: null,
      capabilities: this.capabilities,
      initializationOptions: { foresight: this.settings },
      ...extra,
    });
  }

  async initialized() { await this.conn.sendNotification('initialized', {}); }

  async open(file, text = fs.readFileSync(file, 'utf8')) {
    this.docs ??= new Map();
    this.docs.set(file, { version: 1, text });
    await this.conn.sendNotification('textDocument/didOpen', {
      textDocument: { uri: uriOf(file), languageId: 'solidity', version: 1, text },
    });
  }

  // change sends incremental edits, each {range, text} against the result
  // of the previous one, and applies them to the client's copy.
  async change(file, changes) {
    const doc = this.docs.get(file);
    for (const c of changes) doc.text = applyEdit(doc.text, c.range, c.text);
    doc.version++;
    await this.conn.sendNotification('textDocument/didChange', {
      textDocument: { uri: uriOf(file), version: doc.version },
      contentChanges: changes,
    });
  }

  // save writes the client's copy and sends didSave.
  async save(file) {
    fs.writeFileSync(file, this.docs.get(file).text);
    await this.conn.sendNotification('textDocument/didSave', { textDocument: { uri: uriOf(file) } });
  }

  text(file) { return this.docs.get(file).text; }

  async configure(settings) {
    this.settings = settings;
    await this.conn.sendNotification('workspace/didChangeConfiguration', { settings: { foresight: settings } });
  }

  findings(file) { return (this.diagnostics.get(uriOf(file)) ?? []).filter((d) => d.source === 'foresight'); }

  // endedRuns lists the end messages of finished work-done progresses.
  endedRuns() {
    const out = [];
    for (const vs of this.progress.values()) for (const v of vs) if (v.kind === 'end') out.push(v.message ?? '');
    return out;
  }

  // writeRaw sends bytes as they are, between two messages.
  writeRaw(s) {
    return new Promise((resolve, reject) => this.proc.stdin.write(s, (err) => (err ? reject(err) : resolve())));
  }

  async shutdown() {
    await this.conn.sendRequest('shutdown');
    await this.conn.sendNotification('exit');
    const res = await this.exited;
    this.conn.dispose();
    return res;
  }

  // kill ends a session a failed test left running.
  kill() {
    if (this.proc && this.proc.exitCode === null) this.proc.kill('SIGKILL');
    this.conn?.dispose();
  }
}

export function defaultCapabilities() {
  return {
    window: { workDoneProgress: true, showDocument: { support: false } },
    workspace: {
      applyEdit: true,
      configuration: true,
      workspaceFolders: true,
      workspaceEdit: { documentChanges: true, resourceOperations: ['create'] },
      didChangeWatchedFiles: { dynamicRegistration: true },
      codeLens: { refreshSupport: true },
    },
    textDocument: {
      synchronization: { didSave: true, dynamicRegistration: false },
      publishDiagnostics: { relatedInformation: true, codeDescriptionSupport: true, dataSupport: true },
      codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } }, dataSupport: true },
      hover: { contentFormat: ['markdown', 'plaintext'] },
      codeLens: {},
    },
    general: { positionEncodings: ['utf-16'] },
  };
}

// offsetAt converts an LSP position (UTF-16 code units) to a string index;
// JavaScript strings are UTF-16, so columns are string indices.
export function offsetAt(text, pos) {
  let off = 0;
  for (let line = 0; line < pos.line; line++) {
    const nl = text.indexOf('\n', off);
    if (nl < 0) return text.length;
    off = nl + 1;
  }
  return Math.min(off + pos.character, text.length);
}

// positionAt is offsetAt's inverse.
export function positionAt(text, offset) {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

// rangeOf is the range of the first occurrence of needle (after from).
export function rangeOf(text, needle, from = 0) {
  const i = text.indexOf(needle, from);
  if (i < 0) throw new Error(`${JSON.stringify(needle)} not in the text`);
  return { start: positionAt(text, i), end: positionAt(text, i + needle.length) };
}

function applyEdit(text, range, newText) {
  if (!range) return newText;
  return text.slice(0, offsetAt(text, range.start)) + newText + text.slice(offsetAt(text, range.end));
}

// applyWorkspaceEdit does what an editor does with the server's edits:
// create files and insert text.
function applyWorkspaceEdit(edit) {
  for (const ch of edit.documentChanges ?? []) {
    if (ch.kind === 'create') {
      const p = fileURLToPath(ch.uri);
      fs.mkdirSync(path.dirname(p), { recursive: true });
      if (!fs.existsSync(p) || ch.options?.overwrite) fs.writeFileSync(p, '');
    } else if (ch.textDocument) {
      const p = fileURLToPath(ch.textDocument.uri);
      let text = fs.existsSync(p) ? fs.readFileSync(p, 'utf8') : '';
      for (const e of ch.edits) text = applyEdit(text, e.range, e.newText);
      fs.writeFileSync(p, text);
    }
  }
}
