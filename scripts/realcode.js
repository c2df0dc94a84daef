// The runner behind scripts/score-realcode (docs/realworld.md, "Precision
// and recall on real code"): real contracts from npm (pinned in
// testdata/realcode/npm) fuzzed as published, every finding looked up in
// testdata/realcode/verdicts.json (true or false, judged by reading the
// code), then mutated by scripts/mutate.js (one injected bug per mutant)
// and fuzzed again: a mutant counts as found when a finding of its kind is
// reported at its line. Prints a table per kind and the lists behind it;
// exits 1 when a finding has no verdict.
//
//   node scripts/realcode.js CACHE FORESIGHT [--jobs N] [--execs N] [--only pristine|mutants] [--files SUBSTRING] [--kinds SWC-104,...] [--skip-equivalent] [PROJECT...]
"use strict";
const fs = require("fs");
const path = require("path");
const { spawn } = require("child_process");
const { mutants } = require("./mutate.js");

const repo = path.resolve(__dirname, "..");
const config = JSON.parse(fs.readFileSync(path.join(repo, "testdata", "realcode", "config.json"), "utf8"));
const verdicts = JSON.parse(fs.readFileSync(path.join(repo, "testdata", "realcode", "verdicts.json"), "utf8"));

async function main(argv) {
	const [cache, bin, ...rest] = argv;
	const opt = { jobs: 2, execs: config.execs, only: "", files: "", kinds: [], skipEquivalent: false };
	const names = [];
	for (let i = 0; i < rest.length; i++) {
		if (rest[i] === "--jobs") opt.jobs = Number(rest[++i]);
		else if (rest[i] === "--execs") opt.execs = Number(rest[++i]);
		else if (rest[i] === "--only") opt.only = rest[++i];
		else if (rest[i] === "--files") opt.files = rest[++i];
		else if (rest[i] === "--kinds" || rest[i] === "--kind") opt.kinds = rest[++i].split(",");
		else if (rest[i] === "--skip-equivalent") opt.skipEquivalent = true;
		else names.push(rest[i]);
	}
	const projects = config.projects.filter((p) => names.length === 0 || names.includes(p.name));
	const runs = [];
	for (const p of projects) {
		const dir = layout(p, cache);
		const files = solFiles(dir, p.skip || []);
		// As published, the project is fuzzed in one campaign (one compile)
		// with the budget of one file times the number of files.
		if (opt.only !== "mutants") runs.push({ project: p, dir, file: "contracts", execs: p.execs || opt.execs * files.length, nfiles: files.length, mutant: null });
		if (opt.only === "pristine") continue;
		for (const file of files) {
			// --files keeps the mutants of the files whose path contains it.
			if (opt.files && !file.includes(opt.files)) continue;
			const text = fs.readFileSync(path.join(dir, file), "utf8");
			// A mutant is fuzzed with the package's mocks that import its
			// file (up to 3): they make its abstract contracts deployable.
			const paths = [file, ...files.filter((f) => f.includes("/mocks/") && imports(dir, f).includes(file)).slice(0, 3)];
			// --kinds keeps the mutants of those finding kinds only (--kind is
			// the same); --skip-equivalent leaves out the mutants judged
			// equivalent (they count only when found).
			for (const m of mutants(file, text)) {
				if (opt.kinds.length > 0 && !opt.kinds.includes(m.kind)) continue;
				if (opt.skipEquivalent && verdicts.equivalent[`${p.name} ${file}:${m.line} ${m.id}`]) continue;
				runs.push({ project: p, dir, file, paths, execs: opt.execs * paths.length, mutant: m });
			}
		}
	}
	const t0 = Date.now();
	await pool(runs, opt.jobs, (r) => fuzz(r, path.resolve(bin), opt.execs, cache));
	const seconds = (Date.now() - t0) / 1000;
	const bad = report(runs, opt, seconds);
	return bad ? 1 : 0;
}

// layout copies a package's contracts into the cache as a project (a
// package.json marks its root).
function layout(p, cache) {
	const dir = path.join(cache, "projects", p.name);
	fs.rmSync(dir, { recursive: true, force: true });
	fs.mkdirSync(dir, { recursive: true });
	fs.cpSync(path.join(cache, "npm", "node_modules", p.package, p.dir), path.join(dir, "contracts"), { recursive: true, dereference: true });
	fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: p.name, private: true }) + "\n");
	return dir;
}

// solFiles lists a project's .sol files (relative), sorted, without the
// folders skip names.
function solFiles(dir, skip) {
	const out = [];
	const walk = (d) => {
		for (const e of fs.readdirSync(path.join(dir, d), { withFileTypes: true })) {
			const rel = path.join(d, e.name);
			if (skip.some((s) => rel.startsWith(s))) continue;
			if (e.isDirectory()) walk(rel);
			else if (rel.endsWith(".sol")) out.push(rel);
		}
	};
	walk("contracts");
	return out.sort();
}

// imports returns the project files a file imports (relative paths).
function imports(dir, file) {
	const text = fs.readFileSync(path.join(dir, file), "utf8");
	const out = [];
	const re = /^\s*import\s+(?:[^"';]*\sfrom\s+)?["']([^"']+)["']/gm;
	let m;
	while ((m = re.exec(text))) if (m[1].startsWith(".")) out.push(path.join(path.dirname(file), m[1]));
	return out;
}

// pool runs fn over items, n at a time.
async function pool(items, n, fn) {
	let next = 0;
	const one = async () => {
		while (next < items.length) await fn(items[next++]);
	};
	await Promise.all(Array.from({ length: n }, one));
}

// fuzz runs foresight on one file (a mutant in its own copy of the
// project) and records the findings as "file:line" per kind.
function fuzz(r, bin, execs, cache) {
	let dir = r.dir;
	if (r.mutant) {
		dir = path.join(cache, "mutants", `${r.project.name}-${r.file.replace(/[/.]/g, "_")}-${r.mutant.line}-${r.mutant.id}`);
		fs.rmSync(dir, { recursive: true, force: true });
		fs.cpSync(r.dir, dir, { recursive: true });
		fs.writeFileSync(path.join(dir, r.file), r.mutant.text);
	}
	const args = ["fuzz", "--format", "json", "--seed", String(config.seed), "--execs", String(r.execs || execs), "--timeout", "0", "--compile-timeout", "20m", "--workers", "1", "--oracles", r.mutant && r.mutant.oracles ? `${config.oracles},${r.mutant.oracles}` : config.oracles, ...(r.paths || [r.file])];
	return new Promise((resolve) => {
		const child = spawn(bin, args, { cwd: dir });
		let out = "";
		let err = "";
		child.stdout.on("data", (d) => (out += d));
		child.stderr.on("data", (d) => (err += d));
		child.on("close", (code) => {
			r.code = code;
			try {
				const rep = JSON.parse(out);
				r.findings = rep.findings.map((x) => ({ kind: x.kind, contract: x.contract, at: `${x.path ? path.relative(dir, path.resolve(rep.root || dir, x.path)) : x.unit}:${x.line}`, message: x.message }));
				r.fuzzed = (rep.contracts || []).filter((c) => c.fuzzed).map((c) => c.name);
			} catch (e) {
				if (code === 2 && err.includes("no contract with callable functions")) {
					r.findings = [];
					r.fuzzed = [];
					return done();
				}
				r.findings = null;
				r.error = err.split("\n").filter((l) => l.includes("error")).slice(0, 3).join("; ") || `exit ${code}`;
			}
			done();
		});
		const done = () => {
			if (r.mutant) {
				r.found = (r.findings || []).some((f) => f.kind === r.mutant.kind && f.at === `${r.file}:${r.mutant.line}`);
				if (!r.found) fs.writeFileSync(path.join(dir, "findings.json"), JSON.stringify(r.findings, null, 1));
				else fs.rmSync(dir, { recursive: true, force: true });
			}
			process.stderr.write(r.mutant ? (r.found ? "+" : "-") : ".");
			resolve();
		};
	});
}

// report prints the per-kind table and the lists behind it; it returns
// true when a pristine finding has no verdict.
function report(runs, opt, seconds) {
	const kinds = {};
	const row = (k) => (kinds[k] = kinds[k] || { tp: 0, fp: 0, unjudged: 0, found: 0, injected: 0, equivalent: 0 });
	const lines = { pristine: [], missed: [], found: [], equivalent: [], errors: [] };
	let fuzzed = 0;
	let files = 0;
	for (const r of runs) {
		const where = `${r.project.name} ${r.file}`;
		if (!r.mutant) files += r.nfiles || 0;
		if (r.findings === null) {
			lines.errors.push(`${where}${r.mutant ? ` (${r.mutant.id}@${r.mutant.line})` : ""}: ${r.error}`);
			continue;
		}
		if (!r.mutant) {
			fuzzed += r.fuzzed.length;
			for (const f of r.findings) {
				const key = `${r.project.name} ${f.at} ${f.kind}`;
				const v = verdicts.pristine[key];
				const k = row(f.kind);
				if (!v) k.unjudged++;
				else if (v.verdict === "true") k.tp++;
				else k.fp++;
				lines.pristine.push(`${v ? v.verdict.toUpperCase() : "UNJUDGED"} ${key} (${f.contract}): ${v ? v.why : f.message}`);
			}
			continue;
		}
		const m = r.mutant;
		const key = `${r.project.name} ${r.file}:${m.line} ${m.id}`;
		const eq = verdicts.equivalent[key];
		const k = row(m.kind);
		if (eq && !r.found) {
			k.equivalent++;
			lines.equivalent.push(`${key}: ${m.what}: ${eq}`);
			continue;
		}
		k.injected++;
		if (r.found) k.found++;
		const others = r.findings.filter((f) => !(f.kind === m.kind && f.at === `${r.file}:${m.line}`)).map((f) => `${f.kind}@${f.at}`);
		// A mutant whose campaign deployed nothing callable (an abstract
		// contract without a mock) could not be found by any oracle.
		const unfuzzed = r.fuzzed.length === 0 ? " [no contract fuzzed]" : "";
		(r.found ? lines.found : lines.missed).push(`${key} (${m.function}): ${m.what}${others.length ? `; also ${others.join(", ")}` : ""}${unfuzzed}`);
	}
	console.log(`\nrealcode: seed ${config.seed}, ${opt.execs} executions per file, oracles default + ${config.oracles}; ${files} files (${fuzzed} contracts fuzzed, one campaign per project as published), ${runs.filter((r) => r.mutant).length} mutants; ${seconds.toFixed(0)} s wall with ${opt.jobs} jobs\n`);
	console.log("| kind | pristine true | pristine false | precision | mutants found / injected | recall | equivalent mutants (not counted) |");
	console.log("|---|---|---|---|---|---|---|");
	let unjudged = 0;
	for (const k of Object.keys(kinds).sort()) {
		const x = kinds[k];
		unjudged += x.unjudged;
		const prec = x.tp + x.fp > 0 ? `${Math.round((100 * x.tp) / (x.tp + x.fp))} %` : "-";
		const rec = x.injected > 0 ? `${Math.round((100 * x.found) / x.injected)} %` : "-";
		console.log(`| ${k} | ${x.tp} | ${x.fp}${x.unjudged ? ` (+${x.unjudged} unjudged)` : ""} | ${prec} | ${x.found} / ${x.injected} | ${rec} | ${x.equivalent} |`);
	}
	for (const [title, l] of Object.entries(lines)) {
		if (l.length === 0) continue;
		console.log(`\n${title}:`);
		for (const s of l) console.log(`  ${s}`);
	}
	if (unjudged > 0) console.log(`\nrealcode: ${unjudged} finding(s) without a verdict in testdata/realcode/verdicts.json`);
	return unjudged > 0;
}

main(process.argv.slice(2)).then(
	(code) => process.exit(code),
	(e) => {
		console.error(e);
		process.exit(2);
	},
);
