// The bug injector behind scripts/score-realcode (docs/realworld.md,
// "Precision and recall on real code"): class-specific mutations of real
// Solidity source, each giving one mutant with the finding kind it must
// produce and the line where it must be reported. Text based, line by line
// (the packages measured put one statement on a line); comments and strings
// are blanked before matching, so nothing inside them is mutated.
//
//   mutants(file, text) -> [{op, kind, line, text, what}]
//
// Operators (one edit each, in functions of contracts, never libraries):
//   SWC-104 unchecked-send   require/assert(x.send(v)) -> x.send(v);
//                            x.transfer(v) (ether, one argument) -> x.send(v)
//   SWC-104 unchecked-call   the same payouts -> x.call.value(v)(); (all gas
//                            forwarded, flag ignored)
//   SWC-105 unguard-payout   drop an only* modifier from a function that
//                            pays msg.sender or an address parameter
//   SWC-106 unguard-destruct drop an only* modifier from a function that
//                            self-destructs
//   SWC-101 raw-arithmetic   a.add(b) / a.sub(b) / a.mul(b) -> (a + (b)) ...
//                            (before 0.8 only)
//   SWC-107 update-after-call the storage update just before an ether
//                            payout moves after it, and the payout forwards
//                            all gas (call.value)
//   SWC-105 drop-debit       the `x = 0;` just before a payout (of an
//                            unguarded function) is dropped
//   SWC-120 blockhash-payout a payout of an unguarded function to the
//                            sender (or an address it chose) runs only when
//                            the last block's hash is even
//   SWC-116 timestamp-payout the same with block.timestamp
//   SWC-120 blockhash-require / SWC-116 timestamp-require: the same
//                            condition required (reverting otherwise) in a
//                            require on the payout's line, before it
//
// The other classes (classMutants, at the end of this file):
//   SWC-113 push-loop        a payout to the sender of an unguarded function
//                            becomes a push to every address of the
//                            contract's address[] (the amount split evenly),
//                            one recipient's failure reverting all
//   SWC-114 first-takes-all  a payout to the sender of an unguarded function
//                            pays the contract's whole balance: whoever is
//                            mined first takes the others' share
//   panic-0x32 unchecked-index  require(PARAM < ...) dropped before an
//                            array read indexed by PARAM (reported at the
//                            read; mutant fuzzed with --oracles panics)
//   assert-failure require-assert  the first require of an unguarded,
//                            state-changing function on its parameters or
//                            msg.value becomes an assert (fails on input
//                            the caller chooses)
//   assert-failure assert-event  the same require becomes
//                            `if (!(C)) { emit AssertionFailed(); return; }`
//                            (the event declared on the contract's line)
"use strict";

// blank replaces comments and string literals by spaces (newlines kept),
// so offsets and lines stay those of the original text.
function blank(text) {
	let out = "";
	let i = 0;
	while (i < text.length) {
		const c = text[i];
		const n = text[i + 1];
		if (c === "/" && n === "/") {
			while (i < text.length && text[i] !== "\n") {
				out += " ";
				i++;
			}
		} else if (c === "/" && n === "*") {
			const end = text.indexOf("*/", i + 2);
			const stop = end < 0 ? text.length : end + 2;
			for (; i < stop; i++) out += text[i] === "\n" ? "\n" : " ";
		} else if (c === '"' || c === "'") {
			out += c;
			i++;
			while (i < text.length && text[i] !== c && text[i] !== "\n") {
				if (text[i] === "\\") {
					out += " ";
					i++;
				}
				out += " ";
				i++;
			}
			if (i < text.length) out += text[i++];
		} else {
			out += c;
			i++;
		}
	}
	return out;
}

// closing returns the offset of the bracket closing the one at open.
function closing(code, open) {
	const pairs = { "{": "}", "(": ")", "[": "]" };
	const want = pairs[code[open]];
	let depth = 0;
	for (let i = open; i < code.length; i++) {
		if (code[i] === code[open]) depth++;
		else if (code[i] === want && --depth === 0) return i;
	}
	return -1;
}

// units returns the contracts of a file with their kind and body range.
function units(code) {
	const out = [];
	const re = /\b(contract|library|interface)\s+(\w+)[^{;]*\{/g;
	let m;
	while ((m = re.exec(code))) {
		const open = m.index + m[0].length - 1;
		const close = closing(code, open);
		if (close < 0) break;
		out.push({ kind: m[1], name: m[2], open, close });
		re.lastIndex = close;
	}
	return out;
}

// functions returns the functions of a contract body: name, parameters
// (name -> type), modifiers text (with its offset) and body range.
function functions(code, unit) {
	const out = [];
	const re = /\bfunction\s*(\w*)\s*\(/g;
	re.lastIndex = unit.open;
	let m;
	while ((m = re.exec(code)) && m.index < unit.close) {
		const po = m.index + m[0].length - 1;
		const pc = closing(code, po);
		let i = pc + 1;
		while (i < code.length && code[i] !== "{" && code[i] !== ";") {
			if (code[i] === "(") i = closing(code, i);
			i++;
		}
		if (code[i] !== "{") continue;
		const params = {};
		for (const p of code.slice(po + 1, pc).split(",")) {
			const w = p.trim().split(/\s+/);
			if (w.length >= 2) params[w[w.length - 1]] = w[0];
		}
		const close = closing(code, i);
		out.push({ name: m[1], params, mods: code.slice(pc + 1, i), modsAt: pc + 1, open: i, close });
		re.lastIndex = close;
	}
	return out;
}

// lineAt returns the one-based line of an offset.
function lineAt(text, off) {
	let n = 1;
	for (let i = 0; i < off; i++) if (text[i] === "\n") n++;
	return n;
}

// bodyLines returns the lines of a function body: [{line, start, end, code}].
function bodyLines(text, code, fn) {
	const out = [];
	let start = code.lastIndexOf("\n", fn.open) + 1;
	while (start < fn.close) {
		let end = code.indexOf("\n", start);
		if (end < 0) end = code.length;
		if (start > fn.open) out.push({ line: lineAt(text, start), start, end, code: code.slice(start, end) });
		start = end + 1;
	}
	return out;
}

// payout matches an ether payment on a line: RECIPIENT.transfer(V),
// .send(V) or .call.value(V)(), with a single argument (a token's
// transfer(to, amount) has two).
function payout(line) {
	const m = /([\w.\[\]]+)\.(transfer|send|call\.value)\(/.exec(line);
	if (!m) return null;
	const open = m.index + m[0].length - 1;
	const close = closing(line, open);
	if (close < 0) return null;
	const arg = line.slice(open + 1, close);
	if (topComma(arg)) return null;
	return { to: m[1], how: m[2], arg, at: m.index, end: close + 1 };
}

// topComma reports a comma outside brackets.
function topComma(s) {
	let d = 0;
	for (const c of s) {
		if ("([{".includes(c)) d++;
		else if (")]}".includes(c)) d--;
		else if (c === "," && d === 0) return true;
	}
	return false;
}

// edit returns text with [start, end) replaced.
function edit(text, start, end, by) {
	return text.slice(0, start) + by + text.slice(end);
}

// pre08 reports a pragma that selects a compiler before 0.8.
function pre08(code) {
	const m = /pragma\s+solidity\s+[^;]*?0\.(\d+)/.exec(code);
	return m !== null && Number(m[1]) < 8;
}

// only returns the only* modifiers of a function header with offsets.
function guards(fn) {
	const out = [];
	const re = /\b(only\w*)\b(\s*\([^)]*\))?/g;
	let m;
	while ((m = re.exec(fn.mods))) out.push({ text: m[0], at: fn.modsAt + m.index });
	return out;
}

function mutants(file, text) {
	const code = blank(text);
	const out = [];
	const old = pre08(code);
	const bh = /pragma\s+solidity\s+[^;]*0\.4\./.test(code) ? "block.blockhash" : "blockhash";
	for (const u of units(code)) {
		if (u.kind !== "contract") continue;
		for (const fn of functions(code, u)) {
			const lines = bodyLines(text, code, fn);
			const gs = guards(fn);
			for (const op of [uncheckedSend, unguard, rawArithmetic, updateAfterCall, randomPayout]) {
				for (const m of op({ text, code, fn, lines, gs, old, bh })) out.push({ file, contract: u.name, function: fn.name, ...m });
			}
		}
		for (const m of classMutants({ text, code, u })) out.push({ file, contract: u.name, ...m });
	}
	// Two mutants of one operator on one line are told apart by a number.
	const seen = {};
	for (const m of out) {
		const k = `${m.line} ${m.op}`;
		seen[k] = (seen[k] || 0) + 1;
		m.id = seen[k] > 1 ? `${m.op}#${seen[k]}` : m.op;
	}
	return out;
}

// uncheckedSend: SWC-104.
function uncheckedSend({ text, lines }) {
	const out = [];
	for (const l of lines) {
		const m = /^(\s*)(require|assert)\((.*\.send\(.*\))\);\s*$/.exec(l.code);
		if (m) {
			out.push({ op: "unchecked-send", kind: "SWC-104", line: l.line, what: `${m[2]}(...send) dropped`, text: edit(text, l.start, l.end, `${m[1]}${text.slice(l.start, l.end).trim().replace(/^(require|assert)\((.*)\);$/, "$2;")}`) });
			const p = payout(m[3]);
			if (p) out.push({ op: "unchecked-call", kind: "SWC-104", line: l.line, what: `${m[2]}(...send) -> call.value, flag ignored`, text: edit(text, l.start, l.end, `${m[1]}${p.to}.call.value(${p.arg})();`) });
			continue;
		}
		const p = payout(l.code);
		if (p && p.how === "transfer" && /^\s*$/.test(l.code.slice(0, p.at)) && /^;\s*$/.test(l.code.slice(p.end))) {
			out.push({ op: "unchecked-send", kind: "SWC-104", line: l.line, what: "transfer -> send, flag ignored", text: edit(text, l.start + p.at, l.start + p.end, `${p.to}.send(${p.arg})`) });
			out.push({ op: "unchecked-call", kind: "SWC-104", line: l.line, what: "transfer -> call.value, flag ignored", text: edit(text, l.start + p.at, l.start + p.end, `${p.to}.call.value(${p.arg})()`) });
		}
	}
	return out;
}

// unguard: SWC-105 / SWC-106.
function unguard({ text, fn, lines, gs }) {
	if (gs.length === 0) return [];
	let drop = text;
	for (const g of [...gs].reverse()) drop = edit(drop, g.at, g.at + g.text.length, " ".repeat(g.text.length));
	const what = `${gs.map((g) => g.text).join(" ")} dropped from ${fn.name}`;
	for (const l of lines) {
		if (/\b(selfdestruct|suicide)\s*\(/.test(l.code)) return [{ op: "unguard-destruct", kind: "SWC-106", line: l.line, what, text: drop }];
	}
	for (const l of lines) {
		const p = payout(l.code);
		if (p && (p.to === "msg.sender" || fn.params[p.to] === "address")) return [{ op: "unguard-payout", kind: "SWC-105", line: l.line, what, text: drop }];
	}
	return [];
}

// rawArithmetic: SWC-101, SafeMath calls replaced by the raw operator.
function rawArithmetic({ text, code, lines, old }) {
	// Only where SafeMath is the library in use (Roles has an add too).
	if (!old || !/\busing\s+SafeMath\s+for\b/.test(code)) return [];
	const out = [];
	const ops = { add: "+", sub: "-", mul: "*" };
	for (const l of lines) {
		const re = /(?<![\w.)\]])([A-Za-z_]\w*(?:\[[^\]]*\])*(?:\.\w+)*)\.(add|sub|mul)\(/g;
		let m;
		while ((m = re.exec(l.code))) {
			const open = m.index + m[0].length - 1;
			const close = closing(l.code, open);
			if (close < 0) continue;
			const recv = m[1];
			if (/^(SafeMath|Math)$/.test(recv)) continue;
			const arg = l.code.slice(open + 1, close);
			const by = `(${recv} ${ops[m[2]]} (${arg}))`;
			out.push({ op: "raw-arithmetic", kind: "SWC-101", line: l.line, what: `${recv}.${m[2]}(${arg}) -> ${by}`, text: edit(text, l.start + m.index, l.start + close + 1, by) });
		}
	}
	return out;
}

// updateAfterCall: SWC-107. The line before a payout that writes storage
// (an assignment without a declaration) moves after it; the payout then
// forwards all gas.
function updateAfterCall({ text, lines, gs, old }) {
	if (!old || gs.length > 0) return [];
	const out = [];
	for (let i = 1; i < lines.length; i++) {
		const p = payout(lines[i].code);
		if (!p) continue;
		let j = i - 1;
		while (j >= 0 && /^\s*$/.test(lines[j].code)) j--;
		if (j < 0 || !/^\s*[\w.]+(\[[^\]]*\])*(\.\w+)?\s*(=|\+=|-=)[^=]/.test(lines[j].code)) continue;
		const call = `${p.to}.call.value(${p.arg})()`;
		let stmt = lines[i].code.slice(0, p.at) + call + lines[i].code.slice(p.end);
		if (p.how === "transfer") stmt = lines[i].code.slice(0, p.at) + `require(${call})` + lines[i].code.slice(p.end);
		const upd = text.slice(lines[j].start, lines[j].end);
		const between = text.slice(lines[j].end, lines[i].start);
		const by = stmt + between + upd;
		out.push({ op: "update-after-call", kind: "SWC-107", line: lines[j].line, what: `${upd.trim()} moved after the payout (call.value)`, text: edit(text, lines[j].start, lines[i].end, by) });
		if (/=\s*0\s*;\s*$/.test(lines[j].code)) {
			// The debit dropped: the payee collects again and again.
			out.push({ op: "drop-debit", kind: "SWC-105", line: lines[i].line, what: `${upd.trim()} dropped before the payout`, text: edit(text, lines[j].start, lines[j].end, "") });
		}
	}
	return out;
}

// randomPayout: SWC-120 / SWC-116, a payout of an unguarded function
// made conditional on a block value.
function randomPayout({ text, fn, lines, gs, bh }) {
	if (gs.length > 0) return [];
	const out = [];
	// Only a payout to the sender or an address it chose is a lever for
	// whoever picks the block (a wallet the deployer fixed is not).
	const picked = new Set(["msg.sender"]);
	for (const [name, type] of Object.entries(fn.params)) if (type === "address") picked.add(name);
	for (const l of lines) {
		const a = /^\s*address\s+(\w+)\s*=\s*msg\.sender\s*;/.exec(l.code);
		if (a) picked.add(a[1]);
	}
	for (const l of lines) {
		const p = payout(l.code);
		if (!p || !picked.has(p.to) || !/;\s*$/.test(l.code)) continue;
		const m = /^(\s*)(.*)$/.exec(text.slice(l.start, l.end));
		out.push({ op: "blockhash-payout", kind: "SWC-120", line: l.line, what: "payout only when the last block's hash is even", text: edit(text, l.start, l.end, `${m[1]}if (uint256(${bh}(block.number - 1)) % 2 == 0) ${m[2]}`) });
		out.push({ op: "timestamp-payout", kind: "SWC-116", line: l.line, what: "payout only at even timestamps", text: edit(text, l.start, l.end, `${m[1]}if (block.timestamp % 2 == 0) ${m[2]}`) });
		// The same conditions as a require, which reverts the rest.
		out.push({ op: "blockhash-require", kind: "SWC-120", line: l.line, what: "require(last block's hash even) before the payout", text: edit(text, l.start, l.end, `${m[1]}require(uint256(${bh}(block.number - 1)) % 2 == 0); ${m[2]}`) });
		out.push({ op: "timestamp-require", kind: "SWC-116", line: l.line, what: "require(even timestamp) before the payout", text: edit(text, l.start, l.end, `${m[1]}require(block.timestamp % 2 == 0); ${m[2]}`) });
	}
	return out;
}

// classMutants: the classes beyond payouts and arithmetic (SWC-113,
// SWC-114, panic-0x32, assert-failure), per contract, since some need
// the contract's declarations.
function classMutants({ text, code, u }) {
	if (u.kind !== "contract") return [];
	const out = [];
	// Storage address arrays declared at the contract's top level.
	const arrays = [];
	const body = code.slice(u.open + 1, u.close);
	const ar = /(^|[;{}]\s*)address\s*\[\]\s+(?:(?:public|internal|private)\s+)?(\w+)\s*;/gm;
	let a;
	while ((a = ar.exec(body))) arrays.push(a[2]);
	for (const fn of functions(code, u)) {
		if (fn.name === u.name || /\b(view|constant|pure)\b/.test(fn.mods)) continue;
		const lines = bodyLines(text, code, fn);
		const gs = guards(fn);
		const ctx = { text, code, u, fn, lines, gs, arrays };
		for (const op of [pushLoop, firstTakesAll, requireAssert]) out.push(...op(ctx).map((m) => ({ function: fn.name, ...m })));
	}
	// Index checks live in view getters too, so they are looked for in
	// every function.
	for (const fn of functions(code, u)) {
		out.push(...uncheckedIndex({ text, code, fn, lines: bodyLines(text, code, fn) }).map((m) => ({ function: fn.name, ...m })));
	}
	return out;
}

// senderPayouts returns the payouts of a function to msg.sender (or a
// local copy of it) that stand alone as a statement: {l, p, wrap}, wrap
// being "require"/"assert" around a send, or "" for a bare statement.
function senderPayouts(lines) {
	const me = new Set(["msg.sender"]);
	for (const l of lines) {
		const a = /^\s*address\s+(\w+)\s*=\s*msg\.sender\s*;/.exec(l.code);
		if (a) me.add(a[1]);
	}
	const out = [];
	for (const l of lines) {
		const w = /^\s*(?:(require|assert)\()?/.exec(l.code);
		const p = payout(l.code);
		if (!p || !me.has(p.to) || p.how === "call.value") continue;
		const rest = l.code.slice(p.end);
		if (w[1] ? !/^\);\s*$/.test(rest) : !/^;\s*$/.test(rest)) continue;
		if (!/^\s*$/.test(l.code.slice(w[0].length, p.at))) continue;
		out.push({ l, p, wrap: w[1] || "" });
	}
	return out;
}

// pushLoop: SWC-113. The pull payment of an unguarded function becomes a
// push to every address of the contract's address[] in one loop, each
// paid an even split; one recipient that rejects ether reverts the loop,
// so nobody is paid.
function pushLoop({ text, gs, lines, arrays }) {
	if (gs.length > 0 || arrays.length === 0) return [];
	const arr = arrays[0];
	const out = [];
	for (const { l, p, wrap } of senderPayouts(lines)) {
		const indent = /^\s*/.exec(l.code)[0];
		const pay = `${arr}[i].${p.how}((${p.arg}) / ${arr}.length)`;
		const stmt = wrap ? `${wrap}(${pay});` : `${pay};`;
		out.push({ op: "push-loop", kind: "SWC-113", line: l.line, what: `payout to the sender -> pushed to every ${arr}[i] in a loop`, text: edit(text, l.start, l.end, `${indent}for (uint256 i = 0; i < ${arr}.length; i++) ${stmt}`) });
	}
	return out;
}

// firstTakesAll: SWC-114. The payout to the sender pays the contract's
// whole balance instead of the sender's due: the first of two claimants
// mined takes the second's share too.
function firstTakesAll({ text, gs, lines }) {
	if (gs.length > 0) return [];
	const out = [];
	for (const { l, p } of senderPayouts(lines)) {
		if (/\bbalance\b/.test(p.arg)) continue;
		const open = l.start + p.end - 1 - p.arg.length;
		out.push({ op: "first-takes-all", kind: "SWC-114", line: l.line, what: `${p.to}.${p.how}(${p.arg}) pays the whole balance`, text: edit(text, open, open + p.arg.length, "address(this).balance") });
	}
	return out;
}

// uncheckedIndex: panic-0x32. `require(I < ...)` on a parameter I dropped
// before a read of an array at I: the read runs past the end. Opt-in kind,
// so the mutant is fuzzed with the panics on.
function uncheckedIndex({ text, fn, lines }) {
	const out = [];
	for (let i = 0; i < lines.length; i++) {
		const m = /^\s*require\((\w+)\s*<\s*[^;]*\);\s*$/.exec(lines[i].code);
		if (!m || !fn.params[m[1]]) continue;
		const read = lines.slice(i + 1).find((l) => new RegExp(`\\[\\s*${m[1]}\\s*\\]`).test(l.code));
		if (!read) continue;
		out.push({ op: "unchecked-index", kind: "panic-0x32", oracles: "panics", line: read.line, what: `require(${m[1]} < ...) dropped before the read at ${m[1]}`, text: edit(text, lines[i].start, lines[i].end, "") });
	}
	return out;
}

// requireAssert: assert-failure, as an assert and as the AssertionFailed
// event. The first require of an unguarded, state-changing function whose
// condition is on its parameters or msg.value (no call in it: an assert on
// another contract's answer is no finding) is turned into an assertion;
// a public or external function's caller chooses the input that breaks it.
function requireAssert({ text, u, fn, lines, gs }) {
	// Only where a caller chooses the input: an internal function may see
	// only the constants or the owner's values its callers pass.
	if (gs.length > 0 || /\b(internal|private)\b/.test(fn.mods)) return [];
	for (const l of lines) {
		const m = /^(\s*)require\((.*)\);\s*$/.exec(l.code);
		if (!m) continue;
		const cond = m[2];
		const inputs = Object.keys(fn.params).some((p) => new RegExp(`\\b${p}\\b`).test(cond)) || /\bmsg\.value\b/.test(cond);
		if (!inputs || /\(/.test(cond.replace(/\baddress\(0\)/g, ""))) continue;
		const out = [{ op: "require-assert", kind: "assert-failure", line: l.line, what: `require(${cond}) -> assert`, text: edit(text, l.start, l.end, `${m[1]}assert(${text.slice(l.start, l.end).trim().slice(8, -2)});`) }];
		if (!/\breturns\b/.test(fn.mods)) {
			// Declared on the contract's line, so no line moves.
			const ev = edit(text, u.open + 1, u.open + 1, " event AssertionFailed();");
			const shift = " event AssertionFailed();".length;
			const orig = text.slice(l.start, l.end).trim().slice(8, -2);
			out.push({ op: "assert-event", kind: "assert-failure", line: l.line, what: `require(${cond}) -> emit AssertionFailed()`, text: edit(ev, l.start + shift, l.end + shift, `${m[1]}if (!(${orig})) { emit AssertionFailed(); return; }`) });
		}
		return out;
	}
	return [];
}

module.exports = { mutants, blank };
