// The editing soak scripts/soak runs (issue 69): one `foresight lsp`
// process, driven through lsp/testdata/harness/client.mjs, edits
// src/Vault.sol's compound() and saves every few seconds for DURATION,
// counts the work-done progresses (runs) the server begins and ends, and
// samples the server's RSS every 30 s. Usage (scripts/soak sets it up):
//
//	node scripts/soak.mjs PROJECT
//
// Environment: DURATION (30m; s, m or h), SAVE_EVERY (seconds, 5),
// RUN_DEADLINE (seconds a run may stay open after the next save, or after
// the last save at the end, 120), RSS_GROWTH_PCT (50) and RSS_GROWTH_MB
// (32): the limit on RSS growth after minute 5, below.
import fs from 'node:fs';
import path from 'node:path';
import { Session, rangeOf, uriOf } from '../lsp/testdata/harness/client.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function seconds(s) {
  const m = /^(\d+(?:\.\d+)?)(s|m|h)?$/.exec(String(s).trim());
  if (!m) throw new Error(`soak: DURATION ${JSON.stringify(s)}: want e.g. 90s, 30m or 1h`);
  return Number(m[1]) * { s: 1, m: 60, h: 3600 }[m[2] ?? 's'];
}

const root = path.resolve(process.argv[2] ?? '');
const vault = path.join(root, 'src', 'Vault.sol');
const duration = seconds(process.env.DURATION ?? '30m');
const saveEvery = Number(process.env.SAVE_EVERY ?? 5);
const runDeadline = Number(process.env.RUN_DEADLINE ?? 120);
const growthPct = Number(process.env.RSS_GROWTH_PCT ?? 50);
const growthMB = Number(process.env.RSS_GROWTH_MB ?? 32);
const rssEvery = 30;
const rssFile = path.join(process.env.FORESIGHT_HARNESS_OUT ?? root, 'rss.csv');

// One worker, a fixed seed and short campaigns: the saves overlap the
// runs, as a person's do, without taking the machine.
const s = new Session('soak', { settings: { seed: 1, workers: 1, fuzzBudgetSeconds: 3 } });

// kB reads a VmRSS line of /proc/PID/status (0 once the process is gone).
function rssKB(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

// children lists the processes whose parent is pid (the solc-js worker,
// which is restarted under a new pid).
function children(pid) {
  const out = [];
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(d));
    } catch { /* gone meanwhile */ }
  }
  return out;
}

const samples = []; // {min, server, tree} in MB
function sample(t0) {
  const pid = s.proc.pid;
  const server = rssKB(pid);
  const tree = server + children(pid).reduce((a, c) => a + rssKB(c), 0);
  const x = { min: (Date.now() - t0) / 60_000, server: server / 1024, tree: tree / 1024 };
  samples.push(x);
  // Every sample, for the figures of a note: minute, server MB, tree MB.
  fs.appendFileSync(rssFile, `${x.min.toFixed(2)},${x.server.toFixed(1)},${x.tree.toFixed(1)}\n`);
}

// Runs: every progress token the server begins; a run is closed by its end.
const begun = new Map(); // token -> {at, save}
const ended = new Map(); // token -> {at, message}
const saves = []; // times of the saves, in ms
function scanProgress() {
  for (const [tok, vs] of s.progress) {
    if (!begun.has(tok) && vs.some((v) => v.kind === 'begin')) begun.set(tok, { at: Date.now(), save: saves.length });
    const end = vs.find((v) => v.kind === 'end');
    if (end && !ended.has(tok)) ended.set(tok, { at: Date.now(), message: end.message ?? '' });
  }
}

// leftOpen lists the runs still open runDeadline seconds after the save
// that followed the one they belong to.
function leftOpen(now) {
  const out = [];
  for (const [tok, b] of begun) {
    if (ended.has(tok)) continue;
    const next = saves[b.save]; // the save after the one b began under
    if (next !== undefined && now - next > runDeadline * 1000) out.push(tok);
  }
  return out;
}

// The edits, in turn, all in compound(): a constant changed, a require
// added and removed, a compile error made and fixed, an assertion (a
// finding) planted and removed. n makes each text new, so no compile or
// set-up comes from a cache.
const gained = '        uint256 gained = (shares[msg.sender] * (rounds % ';
const bonusLine = '        bonus[msg.sender] += gained;';
const edits = [
  (t, n) => t.replace(/\(rounds % \d+\)/, `(rounds % ${900 + (n % 200)})`),
  (t, n) => t.replace(gained, `        require(rounds < ${10_000 + n}, "vault: rounds");\n${gained}`),
  (t) => t.replace(/ {8}require\(rounds < \d+, "vault: rounds"\);\n/, ''),
  (t) => t.replace(/\) \/ 100;\n/, ') / 100\n'), // Expected ';'
  (t) => t.replace(/\) \/ 100\n/, ') / 100;\n'),
  (t) => t.replace(bonusLine, `        assert(gained <= totalShares);\n${bonusLine}`),
  (t) => t.replace(/ {8}assert\(gained <= totalShares\);\n/, ''),
];

// edit sends the whole compound() function, replaced, as one incremental
// change; then three keystrokes into its nonce comment, as typing does.
async function edit(n) {
  const text = s.text(vault);
  const start = text.indexOf('    function compound(');
  const end = text.indexOf('\n    }\n', start) + 7;
  const fn = text.slice(start, end);
  const next = edits[n % edits.length](fn, n);
  if (next === fn) throw new Error(`soak: edit ${n % edits.length} changed nothing in\n${fn}`);
  await s.change(vault, [{ range: rangeOf(text, fn, start), text: next }]);
  for (let k = 0; k < 3; k++) {
    await sleep(150);
    const t = s.text(vault);
    const r = rangeOf(t, '// soak');
    await s.change(vault, [{ range: { start: r.end, end: r.end }, text: 'x' }]);
  }
}

function at(min) {
  const hit = samples.filter((x) => x.min <= min + 0.26).pop();
  return hit && hit.min >= min - 0.6 ? hit : undefined;
}
const fmt = (x, k) => (x ? `${x[k].toFixed(1)} MB` : '-');

async function main() {
  // A comment at the end of compound(), typed into before each save, with
  // this run's nonce: no text of an earlier soak is in the compile cache.
  const original = fs.readFileSync(vault, 'utf8');
  fs.writeFileSync(vault, original.replace(bonusLine, `${bonusLine} // soak ${Date.now().toString(36)}`));
  s.start();
  s.events.on('change', scanProgress);
  await s.initialize({ rootUri: uriOf(root), workspaceFolders: [{ uri: uriOf(root), name: 'soak' }] });
  await s.initialized();
  const t0 = Date.now();
  sample(t0);
  const timer = setInterval(() => sample(t0), rssEvery * 1000);
  await s.open(vault);
  await s.waitFor('the first run to end', () => ended.size > 0, runDeadline * 1000);
  console.log(`soak: pid ${s.proc.pid}, first run ended after ${((Date.now() - t0) / 1000).toFixed(1)} s; editing for ${duration} s, a save every ${saveEvery} s`);

  const failures = new Set();
  let n = 0;
  let published = 0; // saves answered by a publish of the vault's diagnostics
  while (Date.now() - t0 < duration * 1000) {
    await edit(n);
    const from = s.publishes.length;
    await s.save(vault);
    saves.push(Date.now());
    n++;
    const next = Date.now() + saveEvery * 1000 - 450;
    while (Date.now() < next) {
      await sleep(250);
      for (const tok of leftOpen(Date.now())) failures.add(tok);
    }
    if (s.publishes.slice(from).some((p) => p.uri === uriOf(vault))) published++;
    if (n % 60 === 0) {
      const x = samples[samples.length - 1];
      console.log(`soak: ${(x.min).toFixed(1)} min: ${n} saves, ${begun.size} runs begun, ${ended.size} ended, server RSS ${x.server.toFixed(1)} MB`);
    }
  }
  // The last save's runs: every one must end within the deadline.
  try {
    await s.waitFor('every run to end', () => { scanProgress(); return [...begun.keys()].every((t) => ended.has(t)); }, runDeadline * 1000);
  } catch { /* counted below */ }
  for (const tok of begun.keys()) if (!ended.has(tok)) failures.add(tok);
  clearInterval(timer);
  sample(t0);
  const closedAt = Date.now();
  await Promise.race([s.shutdown(), sleep(15_000)]);
  s.kill();
  report({ n, published, failures, t0, closedAt });
}

function report({ n, published, failures, t0, closedAt }) {
  const open = [...begun.keys()].filter((t) => !ended.has(t));
  const mins = (closedAt - t0) / 60_000;
  console.log(`saves:              ${n} (${published} answered by a publish of the file's diagnostics before the next save)`);
  console.log(`runs started:       ${begun.size}`);
  console.log(`runs closed:        ${ended.size}`);
  console.log(`runs left open:     ${failures.size} (not ended ${runDeadline} s after the next save)${open.length ? `; open at shutdown: ${open.join(', ')}` : ''}`);
  for (const tok of failures) {
    const vs = s.progress.get(tok) ?? [];
    console.log(`  ${tok}: ${vs.map((v) => `${v.kind}:${v.message ?? v.title ?? ''}`).join(' | ')}`);
  }
  const ends = new Map();
  for (const e of ended.values()) {
    const k = e.message.replace(/[0-9][0-9,.]*/g, 'N').slice(0, 70);
    ends.set(k, (ends.get(k) ?? 0) + 1);
  }
  console.log('run end messages (numbers as N):');
  for (const [k, c] of [...ends].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`  ${String(c).padStart(5)}  ${k}`);
  console.log(`RSS (server; server and its solc-js worker) over ${mins.toFixed(1)} min, ${samples.length} samples:`);
  for (const m of [1, 5, 10, 20, 30]) if (m <= mins + 0.3) console.log(`  minute ${String(m).padStart(2)}: ${fmt(at(m), 'server')}; ${fmt(at(m), 'tree')}`);
  const max = (xs, k) => xs.reduce((a, x) => (x[k] > a ? x[k] : a), 0);
  console.log(`  max:       ${max(samples, 'server').toFixed(1)} MB; ${max(samples, 'tree').toFixed(1)} MB`);
  // Growth after minute 5: the highest server RSS after it against the
  // highest of minutes 1 to 5 (the warm-up: compiler loaded, first set-ups
  // built), allowed RSS_GROWTH_PCT % or RSS_GROWTH_MB, whichever is more.
  let grew = false;
  if (mins >= 10) {
    const base = max(samples.filter((x) => x.min >= 0.9 && x.min <= 5.1), 'server');
    const after = max(samples.filter((x) => x.min > 5.1), 'server');
    const limit = Math.max(base * (1 + growthPct / 100), base + growthMB);
    grew = after > limit;
    console.log(`  after minute 5: max ${after.toFixed(1)} MB against ${base.toFixed(1)} MB in minutes 1-5 (limit ${limit.toFixed(1)} MB): ${grew ? 'GREW' : 'flat'}`);
  } else {
    console.log('  (growth after minute 5 is checked only for DURATION of 10m or more)');
  }
  console.log(`server log: ${s.logFile}; RSS samples: ${rssFile}`);
  if (failures.size > 0 || grew) {
    console.log(`soak: FAIL (${failures.size} run(s) left open${grew ? ', RSS grew after minute 5' : ''})`);
    process.exit(1);
  }
  console.log('soak: ok');
}

main().catch((e) => {
  console.error(`soak: ${e.stack ?? e}`);
  s.kill();
  process.exit(2);
});
