// Foresight's solc-js worker: keeps each loaded compiler and answers
// standard-JSON requests. Requests arrive on stdin and responses leave on
// file descriptor 3, both framed as a JSON header line followed by exactly
// header.len bytes, so nothing the compiler prints on stdout can corrupt the
// protocol.
'use strict';
const fs = require('fs');
const path = require('path');

console.log = console.error; // keep stray prints off any channel we read
const compilers = new Map();

function load(dir) {
  let c = compilers.get(dir);
  if (!c) {
    let solc;
    try {
      solc = require(path.join(dir, 'node_modules', 'solc'));
    } catch (e) {
      // A package that does not load is a broken install (a truncated
      // soljson.js): Foresight reinstalls it.
      if (e && typeof e === 'object') e.loadFailure = true;
      throw e;
    }
    let fn;
    if (typeof solc.compileStandardWrapper === 'function') {
      fn = solc.compileStandardWrapper.bind(solc); // 0.4.x wrappers
    } else if (typeof solc.compileStandard === 'function' || !/^0\.4\./.test(solc.version())) {
      fn = solc.compile.bind(solc);
    } else {
      // Before 0.4.11 compile() is the legacy call: it returns an object,
      // never standard JSON.
      throw new Error('solc-js ' + solc.version() + ' has no standard-JSON interface (solc 0.4.11 or later has)');
    }
    c = { fn, version: solc.version() };
    compilers.set(dir, c);
  }
  return c;
}

function respond(id, body, error, fatal, load) {
  const buf = Buffer.from(body || '', 'utf8');
  const header = JSON.stringify({ id, len: buf.length, error: error || '', fatal: !!fatal, load: !!load }) + '\n';
  fs.writeSync(3, header);
  let off = 0;
  while (off < buf.length) off += fs.writeSync(3, buf, off, buf.length - off);
}

function handle(header, body) {
  if (header.op === 'ping') return respond(header.id, 'pong'); // liveness, see worker_live.go
  let out, err, fatal = false, compiling = false, loading = false;
  try {
    const c = load(header.dir);
    if (header.op === 'version') {
      out = c.version;
    } else {
      compiling = true;
      out = c.fn(body.toString('utf8'));
      compiling = false;
      if (typeof out !== 'string') throw new Error('the compiler returned ' + typeof out + ', not standard JSON');
    }
  } catch (e) {
    loading = !!(e && e.loadFailure);
    // The error's first line, then two frames, each clipped: a
    // SyntaxError's stack quotes the line of a truncated soljson.js (one
    // line of megabytes), and the header must stay one short line.
    const frames = (e && e.stack) ? String(e.stack).split('\n').filter((l) => /^\s+at /.test(l)).slice(0, 2) : [];
    err = [String(e).split('\n')[0]].concat(frames).map((l) => (l.length > 300 ? l.slice(0, 300) + '...' : l)).join(' | ');
    // Anything thrown out of a compile leaves the module broken: a trap in
    // its WebAssembly (a large source exhausts its memory) corrupts it, and
    // a RangeError (a deep expression exhausts node's stack) unwinds past
    // the compiler's own cleanup, so every later compile fails ("You shall
    // not have another CompilerStack aside me"). The module stays in
    // require's cache, so only a new process helps.
    fatal = compiling || (typeof WebAssembly !== 'undefined' && e instanceof WebAssembly.RuntimeError) || /memory access out of bounds|Aborted\(/.test(err);
  }
  respond(header.id, out, err, fatal, err !== undefined && loading);
}

let pending = Buffer.alloc(0);
let header = null;
process.stdin.on('data', (chunk) => {
  pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
  for (;;) {
    if (!header) {
      const nl = pending.indexOf(10);
      if (nl < 0) return;
      header = JSON.parse(pending.subarray(0, nl).toString('utf8'));
      pending = pending.subarray(nl + 1);
    }
    if (pending.length < header.len) return;
    const body = pending.subarray(0, header.len);
    pending = pending.subarray(header.len);
    const h = header;
    header = null;
    handle(h, body);
  }
});
process.stdin.on('end', () => process.exit(0));
