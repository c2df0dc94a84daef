// The runner behind scripts/check-realworld (docs/realworld.md): for each
// project in testdata/realworld/expected/*.json it lays the project out in
// the cache, plants its bug, runs `foresight fuzz --format json` with the
// project's fixed seed and execution budget, and compares the report with
// the expected file. Prints one table row per project and, under it, what
// differed; exits 1 on a failure (or a known failure that now passes).
//
//   node scripts/realworld.js CACHE FORESIGHT [--skeleton] [NAME...]
//
// --skeleton prints, per project, what the run gave in the expected file's
// form (to write a new expected file; check every line by hand).
"use strict";
const fs = require("fs");
const path = require("path");
const { spawnSync } = require("child_process");

const repo = path.resolve(__dirname, "..");
const expectedDir = path.join(repo, "testdata", "realworld", "expected");
// The runs are judged on fixed seeds and execution budgets, not on time: a
// large unit compiled with solc-js on a busy machine must not fail on the
// default compile timeout.
const COMPILE_TIMEOUT = "20m";

function main(argv) {
	const [cache, bin, ...rest] = argv;
	const skeleton = rest.includes("--skeleton");
	const names = rest.filter((a) => !a.startsWith("--"));
	let files = fs.readdirSync(expectedDir).filter((f) => f.endsWith(".json")).sort();
	if (names.length > 0) files = files.filter((f) => names.includes(f.replace(/\.json$/, "")));
	const rows = [];
	let bad = 0;
	for (const f of files) {
		const planted = JSON.parse(fs.readFileSync(path.join(expectedDir, f), "utf8"));
		planted.name = f.replace(/\.json$/, "");
		for (const want of variants(planted)) {
			const got = runProject(want, cache, path.resolve(bin));
			if (skeleton) {
				console.log(JSON.stringify(skeletonOf(got), null, 2));
				continue;
			}
			// The other seeds of a finding judged by its rate (rateSeeds).
			const others = rated(want).length > 0 || want.minLinesAtLeast ? (want.rateSeeds || []).filter((sd) => sd !== want.seed).map((sd) => runProject({ ...want, seed: sd }, cache, path.resolve(bin))) : [];
			const res = judge(want, got, others);
			rows.push(res);
			if (res.status !== "OK" && res.status !== "KNOWN-FAIL") bad++;
		}
	}
	if (skeleton) return 0;
	printTable(rows);
	console.log(bad === 0 ? `realworld: OK (${rows.length} runs; KNOWN-FAIL rows are known failures, listed with their reasons)` : `realworld: FAILED (${bad} of ${rows.length} runs)`);
	return bad === 0 ? 0 : 1;
}

// variants are the runs of one project: as planted, and, when a bug is
// planted, the project as published (NAME/pristine), which must give no
// finding at all: the planted line unedited is no false positive either.
// A knownFail finding marked asShipped is a known false alarm on the code
// as published, so the pristine run keeps it; so is a replay failure
// (a pristine run with no finding replays nothing). An optional finding
// (a true bug of the code as shipped that only some runs reach) is
// optional in the pristine run too.
function variants(want) {
	if (!want.plant || want.plant.length === 0) return [want];
	const pristine = { ...want, name: `${want.name}/pristine`, plant: [], findings: (want.findings || []).filter((x) => x.optional), rateSeeds: [] };
	const plantedOnly = (k) => k.key.startsWith("finding ") || k.key === "replay";
	// The pristine run is one seed: its lines floor is that seed's share.
	if (want.minLinesAtLeast) pristine.minLinesAtLeast = Math.ceil(want.minLinesAtLeast / Math.max(1, (want.rateSeeds || []).length));
	pristine.knownFail = (want.knownFail || []).filter((k) => !plantedOnly(k) || k.asShipped);
	return [want, pristine];
}

// rated returns want's findings judged by their rate over rateSeeds
// (atLeast) rather than at the fixed seed alone: a planted bug that every
// build finds at a third of the seeds was, at one seed, a coin flip that
// any change to the engine could turn.
function rated(want) {
	return (want.findings || []).filter((x) => x.atLeast);
}

// runProject lays out, plants and fuzzes one project; it returns what the
// run gave: compiled, contracts, skipped files and findings (paths
// relative to the project), plus stderr for the record.
function runProject(want, cache, bin) {
	const dir = path.join(cache, "projects", want.name.replace("/", "."));
	fs.rmSync(dir, { recursive: true, force: true });
	fs.mkdirSync(dir, { recursive: true });
	for (const l of want.layout) {
		fs.cpSync(source(l.from, cache), path.join(dir, l.to), { recursive: true, dereference: true });
	}
	for (const p of want.plant || []) plant(dir, p);
	const args = ["fuzz", "--format", "json", "--seed", String(want.seed), "--execs", String(want.execs), "--timeout", "0", "--compile-timeout", COMPILE_TIMEOUT, "--workers", "1", ...(want.flags || []), ...want.paths];
	const t0 = Date.now();
	const r = spawnSync(bin, args, { cwd: dir, encoding: "utf8", maxBuffer: 256 << 20 });
	const got = { name: want.name, dir, args, code: r.status, stderr: r.stderr || "", seconds: (Date.now() - t0) / 1000 };
	let rep = null;
	try {
		rep = JSON.parse(r.stdout);
	} catch (e) {
		rep = null;
	}
	// Exit 2 with a report and no compile error is a run that fuzzed
	// nothing (every set-up failed, say): compiled all the same.
	const clean = rep && (rep.compileErrors || []).length === 0 && (rep.notCompiled || []).length === 0;
	got.compiled = r.status === 0 || r.status === 1 || clean ? "yes" : rep && rep.contracts.length > 0 ? "partial" : "no";
	got.compileErrors = rep ? rep.compileErrors || [] : got.stderr.split("\n").filter((l) => / error: /.test(l));
	got.notCompiled = rep ? (rep.notCompiled || []).map((p) => path.relative(dir, p)).sort() : [];
	got.contracts = {};
	got.skippedFiles = [];
	got.findings = [];
	got.setUp = rep ? rep.setUp || "" : "";
	if (!rep) return got;
	got.linePct = rep.lines ? (100 * rep.linesCovered) / rep.lines : 0;
	got.lines = `${got.linePct.toFixed(0)}% of ${rep.lines || 0}`;
	got.replay = replayReport(dir, bin, r.stdout, rep.findings.length);
	for (const c of rep.contracts || []) {
		got.contracts[c.name] = c.fuzzed ? "fuzzed" : c.reason || "";
	}
	// Report paths are relative to the project root (rep.root) unless outside it.
	const abs = (p) => path.resolve(rep.root || dir, p);
	got.skippedFiles = (rep.skippedFiles || []).map((p) => path.relative(dir, abs(p))).sort();
	const at = (x) => `${x.path ? path.relative(dir, abs(x.path)) : x.unit}:${x.line}`;
	got.findings = rep.findings.map((x) => {
		const f = { kind: x.kind, contract: x.contract, at: at(x), mock: !!x.mock };
		if (x.related) f.via = x.related.map(at);
		return f;
	});
	return got;
}

// replayReport writes the run's report into the project and replays it
// from there, as a user with the report would: "-" with no finding, "OK"
// when every finding reproduced as reported, else what replay said.
function replayReport(dir, bin, report, n) {
	if (n === 0) return "-";
	const file = path.join(dir, "foresight-report.json");
	fs.writeFileSync(file, report);
	const r = spawnSync(bin, ["replay", "--compile-timeout", COMPILE_TIMEOUT, "foresight-report.json"], { cwd: dir, encoding: "utf8", maxBuffer: 256 << 20 });
	const m = /replayed (\d+) finding\(s\): \d+ still failing \((\d+) reproduced as reported/.exec(r.stdout || "");
	if (r.status === 1 && m && m[1] === String(n) && m[2] === String(n)) return "OK";
	// The first error line says why (a compiler's note follows it).
	const errs = (r.stderr || "").trim().split("\n");
	const why = errs.find((l) => / error: /.test(l)) || errs.pop() || `exit ${r.status}`;
	return m ? `${m[2]} of ${n} reproduced: ${why}` : `replay failed: ${why}`;
}

// source resolves a layout source: npm:PATH is under the installed
// node_modules, repo:PATH is in this repository.
function source(from, cache) {
	const [kind, p] = [from.slice(0, from.indexOf(":")), from.slice(from.indexOf(":") + 1)];
	if (kind === "npm") return path.join(cache, "npm", "node_modules", p);
	if (kind === "repo") return path.join(repo, p);
	throw new Error(`layout source ${from}: want npm:PATH or repo:PATH`);
}

// plant edits one line of a laid-out file: the line must occur exactly
// once, so an update of the package that moves it fails loudly.
function plant(dir, p) {
	const file = path.join(dir, p.file);
	const text = fs.readFileSync(file, "utf8");
	const n = text.split(p.from).length - 1;
	if (n !== 1) throw new Error(`plant in ${p.file}: ${JSON.stringify(p.from)} occurs ${n} times, want 1`);
	fs.writeFileSync(file, text.replace(p.from, p.to));
}

// judge compares a run with its expected file. Each difference has a key
// ("compile", "contract NAME", "finding KIND FILE:LINE", "file PATH"); a
// key listed in knownFail is a known failure, any other a failure, and a
// knownFail key that no longer differs is a failure too (XPASS: the entry
// is stale).
function judge(want, got, others = []) {
	const diffs = [];
	const wantCompiled = want.compiled === true ? "yes" : want.compiled === false ? "no" : want.compiled;
	const wantNot = [...(want.notCompiled || [])].sort();
	if (got.compiled !== wantCompiled || JSON.stringify(got.notCompiled) !== JSON.stringify(wantNot)) {
		diffs.push({ key: "compile", text: `compiled: ${got.compiled} (not compiled: ${got.notCompiled.join(", ") || "none"}), expected ${wantCompiled} (${wantNot.join(", ") || "none"})${got.compileErrors.length ? "\n      " + got.compileErrors.slice(0, 5).join("\n      ") : ""}` });
	}
	for (const [name, status] of Object.entries(got.contracts)) {
		if (!status) diffs.push({ key: `contract ${name}`, text: `contract ${name} neither fuzzed nor reported with a reason` });
	}
	for (const name of new Set([...Object.keys(want.contracts), ...Object.keys(got.contracts)])) {
		const w = want.contracts[name], g = got.contracts[name];
		if (g === undefined) diffs.push({ key: `contract ${name}`, text: `contract ${name} missing from the report (expected ${w})` });
		else if (w === undefined) diffs.push({ key: `contract ${name}`, text: `contract ${name} not in the expected file (got: ${g})` });
		else if (w === "fuzzed" ? g !== "fuzzed" : g === "fuzzed" || !g.includes(w)) diffs.push({ key: `contract ${name}`, text: `contract ${name}: got "${g}", expected "${w}"` });
	}
	const wantFiles = new Set(want.skippedFiles || []);
	for (const f of got.skippedFiles) if (!wantFiles.has(f)) diffs.push({ key: `file ${f}`, text: `test/script file ${f} left out, not expected` });
	for (const f of wantFiles) if (!got.skippedFiles.includes(f)) diffs.push({ key: `file ${f}`, text: `test/script file ${f} not left out` });
	// A finding's places: where it is expected, and alsoAt, the other
	// functions through which the same bug is reached and may be reported
	// (the token-theft oracle reports at the function called, and a
	// transfer taken through safeTransferFrom or transferFrom is one
	// planted bug).
	const placesOf = (x) => [x.at, ...(x.alsoAt || [])].map((at) => `${x.kind} ${at}`);
	const wantF = (want.findings || []).flatMap(placesOf);
	const gotF = got.findings.map((x) => `${x.kind} ${x.at}`);
	let truePos = 0, falsePos = 0, mocks = 0;
	for (const f of new Set(gotF)) {
		if (wantF.includes(f)) truePos++;
		else if (got.findings.find((y) => `${y.kind} ${y.at}` === f).mock) {
			// A mock's or test helper's finding is reported apart, labelled,
			// and is not the project's (issue 46): not judged here.
			mocks++;
		} else {
			falsePos++;
			const x = got.findings.find((y) => `${y.kind} ${y.at}` === f);
			diffs.push({ key: `finding ${f}`, text: `false positive: ${f} (contract ${x.contract})` });
		}
	}
	// The rate seeds' runs are judged for false positives too: a finding
	// that is false at one seed is false.
	for (const o of others) {
		for (const x of o.findings) {
			const f = `${x.kind} ${x.at}`;
			if (!wantF.includes(f) && !x.mock && !gotF.includes(f)) {
				gotF.push(f);
				falsePos++;
				diffs.push({ key: `finding ${f}`, text: `false positive at seed ${o.args[o.args.indexOf("--seed") + 1]}: ${f} (contract ${x.contract})` });
			}
		}
	}
	// An optional finding is true where it is reported but depends on the
	// run's path (a bug in the code as shipped that few seeds reach): its
	// absence is no failure, and it is not a planted one.
	const required = (want.findings || []).filter((x) => !x.optional);
	const rates = [];
	for (const x of required) {
		const places = placesOf(x);
		if (x.atLeast) {
			// Judged by its rate over the seeds (rateSeeds): found by at
			// least atLeast of the runs, the fixed seed's among them.
			const runs = [got, ...others];
			const found = runs.filter((r) => r.findings.some((y) => places.includes(`${y.kind} ${y.at}`))).length;
			if (found < x.atLeast) diffs.push({ key: `finding ${places[0]}`, text: `missing planted finding: ${places.join(" or ")} found by ${found} of ${runs.length} seeds, expected at least ${x.atLeast}` });
			else rates.push(`rate ${places[0]}: found by ${found} of ${runs.length} seeds (at least ${x.atLeast})`);
			continue;
		}
		if (!places.some((f) => gotF.includes(f))) diffs.push({ key: `finding ${places[0]}`, text: `missing planted finding: ${places.join(" or ")}` });
	}
	// A finding reported at the user's call into a dependency or library
	// names where it happened there (engine Finding.related): `via`.
	for (const w of want.findings || []) {
		const g = got.findings.find((y) => y.kind === w.kind && y.at === w.at);
		const wantVia = JSON.stringify(w.via || []), gotVia = JSON.stringify((g && g.via) || []);
		if (g && wantVia !== gotVia) diffs.push({ key: `via ${w.kind} ${w.at}`, text: `${w.kind} ${w.at}: related ${gotVia}, expected ${wantVia}` });
	}
	// minLines: a floor on the share of reachable source lines run, for a
	// project whose code only runs once its owner configured it.
	// With minLinesAtLeast the floor is judged over the rate's seeds, as a
	// rated finding is: whether one early create succeeds decides half the
	// lines of some projects (Sablier: 35-40 % or 60-80 % on every build
	// measured), so one seed's share was a coin flip; a pristine run (one
	// seed) is held to its share of the seeds, rounded up.
	if (want.minLines && want.minLinesAtLeast) {
		const runs = [got, ...others];
		const above = runs.filter((r) => r.linePct >= want.minLines).length;
		const need = want.minLinesAtLeast;
		const pcts = runs.map((r) => Math.round(r.linePct)).join(", ");
		if (above < need) diffs.push({ key: "lines", text: `lines run: at least ${want.minLines}% at ${above} of ${runs.length} seeds (${pcts}), expected at least ${need}` });
		else rates.push(`lines: at least ${want.minLines}% at ${above} of ${runs.length} seeds (${pcts}; at least ${need})`);
	} else if (want.minLines && !(got.linePct >= want.minLines)) diffs.push({ key: "lines", text: `lines run: ${got.lines || "-"}, expected at least ${want.minLines}%` });
	if (got.replay && got.replay !== "-" && got.replay !== "OK") diffs.push({ key: "replay", text: `replay: ${got.replay}` });
	// A run that fuzzed nothing must not pass for a clean one (issue 29):
	// exit 2 with the reasons, never 0.
	if (got.code === 0 && !Object.values(got.contracts).includes("fuzzed")) diffs.push({ key: "exit", text: "exit 0 although no contract was fuzzed (want exit 2 with the reasons)" });
	const known = new Map((want.knownFail || []).map((k) => [k.key, k.reason]));
	const lines = [...rates];
	let fail = false, knownHit = false;
	for (const d of diffs) {
		if (known.has(d.key)) {
			knownHit = true;
			lines.push(`KNOWN-FAIL ${d.text}\n      why: ${known.get(d.key)}`);
			known.delete(d.key);
		} else {
			fail = true;
			lines.push(`FAIL ${d.text}`);
		}
	}
	for (const [key] of known) {
		fail = true;
		lines.push(`XPASS ${key}: listed in knownFail but passes now; remove the entry`);
	}
	const vals = Object.values(got.contracts);
	const reasons = {};
	for (const v of vals) if (v !== "fuzzed" && v) reasons[v.split(":")[0]] = (reasons[v.split(":")[0]] || 0) + 1;
	return {
		name: want.name,
		source: want.source,
		compiled: got.compiled,
		fuzzed: vals.filter((v) => v === "fuzzed").length,
		skipped: Object.entries(reasons).map(([r, n]) => `${n} ${r}`).join(", ") || "-",
		findings: `${truePos} / ${falsePos}` + (mocks ? ` (+${mocks} mock)` : ""),
		planted: required.length,
		coverage: got.lines || "-",
		replay: got.replay || "-",
		seconds: got.seconds.toFixed(1),
		status: fail ? "FAIL" : knownHit ? "KNOWN-FAIL" : "OK",
		lines,
		setUp: got.setUp,
	};
}

function printTable(rows) {
	const head = ["project", "source", "compiled", "fuzzed", "not fuzzed (reason)", "lines run", "findings true / false", "planted", "replay", "secs", "status"];
	const cells = rows.map((r) => [r.name, r.source, r.compiled, String(r.fuzzed), r.skipped, r.coverage, r.findings, String(r.planted), r.replay, r.seconds, r.status]);
	const w = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
	const line = (c) => c.map((x, i) => x.padEnd(w[i])).join("  ");
	console.log(line(head));
	for (let i = 0; i < rows.length; i++) {
		console.log(line(cells[i]));
		for (const l of rows[i].lines) console.log(`    ${l}`);
	}
}

// skeletonOf renders a run in the expected file's form.
function skeletonOf(got) {
	return {
		name: got.name,
		exit: got.code,
		compileErrors: got.compileErrors,
		notCompiled: got.notCompiled,
		setUp: got.setUp,
		contracts: got.contracts,
		skippedFiles: got.skippedFiles,
		findings: got.findings,
		seconds: got.seconds,
	};
}

try {
	process.exitCode = main(process.argv.slice(2));
} catch (e) {
	console.error(`realworld: ${e.message}`);
	process.exitCode = 2;
}
