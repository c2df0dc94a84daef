// The server's foresight/coverage notification (docs/lsp.md, "Coverage"),
// read without the vscode module so that it is unit tested outside the
// workbench (src/test/coverageData.test.ts).

/** Lines start..end, zero-based and inclusive, as LSP counts. */
export interface LineSpan {
  start: number;
  end: number;
}

/** A function or modifier of a covered file by its lines (zero-based,
 * inclusive), named "Contract.name". */
export interface FunctionSpan extends LineSpan {
  name: string;
}

/** One file's coverage by the last campaigns of its project's run. */
export interface Coverage {
  uri: string;
  reached: LineSpan[];
  unreached: LineSpan[];
  linesReached: number;
  linesUnreached: number;
  execs: number;
  /** The project's lcov.info, if the server wrote one. */
  lcov?: string;
  /** The file's functions; empty from a server that does not send them. */
  functions: FunctionSpan[];
}

/** maxSpans bounds the spans read from one notification: a file has
 * fewer lines than that, and a bad message cannot make the editor draw
 * millions of decorations. */
export const maxSpans = 100_000;

/** The notification's payload, or undefined if it is not one. */
export function parseCoverage(raw: unknown): Coverage | undefined {
  if (typeof raw !== 'object' || raw === null) {
    return undefined;
  }
  const o = raw as Record<string, unknown>;
  const reached = spans(o.reached);
  const unreached = spans(o.unreached);
  if (typeof o.uri !== 'string' || reached === undefined || unreached === undefined) {
    return undefined;
  }
  return {
    uri: o.uri,
    reached,
    unreached,
    linesReached: count(o.linesReached),
    linesUnreached: count(o.linesUnreached),
    execs: count(o.execs),
    lcov: typeof o.lcov === 'string' && o.lcov !== '' ? o.lcov : undefined,
    functions: functionSpans(o.functions),
  };
}

/** The functions sent, those malformed left out. */
function functionSpans(v: unknown): FunctionSpan[] {
  if (!Array.isArray(v) || v.length > maxSpans) {
    return [];
  }
  const out: FunctionSpan[] = [];
  for (const f of v) {
    const o = f as Partial<FunctionSpan> | null;
    if (typeof o?.name === 'string' && Number.isInteger(o.start) && Number.isInteger(o.end) && (o.start as number) >= 0 && (o.end as number) >= (o.start as number)) {
      out.push({ name: o.name, start: o.start as number, end: o.end as number });
    }
  }
  return out;
}

/** maxLines bounds the statements of one file (no source file has more
 * lines), whatever spans a bad message holds. */
export const maxLines = 1_000_000;

/** A file's coverage as VS Code's coverage API counts it: one statement
 * per line with code (executed 1 when reached, else 0) and one
 * declaration per function, run when one of its lines was reached. */
export interface CoverageDetails {
  statements: { line: number; executed: number }[];
  functions: { name: string; start: number; end: number; executed: boolean }[];
}

export function coverageDetails(c: Coverage): CoverageDetails {
  const statements: { line: number; executed: number }[] = [];
  const reached = new Set<number>();
  for (const s of c.reached) {
    for (let l = s.start; l <= s.end && statements.length < maxLines; l++) {
      statements.push({ line: l, executed: 1 });
      reached.add(l);
    }
  }
  for (const s of c.unreached) {
    for (let l = s.start; l <= s.end && statements.length < maxLines; l++) {
      statements.push({ line: l, executed: 0 });
    }
  }
  statements.sort((a, b) => a.line - b.line);
  const functions = c.functions.map((f) => {
    let executed = false;
    for (let l = f.start; l <= f.end && !executed; l++) {
      executed = reached.has(l);
    }
    return { ...f, executed };
  });
  return { statements, functions };
}

function spans(v: unknown): LineSpan[] | undefined {
  if (!Array.isArray(v) || v.length > maxSpans) {
    return undefined;
  }
  const out: LineSpan[] = [];
  for (const s of v) {
    const start = (s as Partial<LineSpan> | null)?.start;
    const end = (s as Partial<LineSpan> | null)?.end;
    if (!Number.isInteger(start) || !Number.isInteger(end) || (start as number) < 0 || (end as number) < (start as number)) {
      return undefined;
    }
    out.push({ start: start as number, end: end as number });
  }
  return out;
}

function count(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0;
}

/** The hover text of a file's unreached lines. */
export function unreachedHover(c: Coverage): string {
  return `Foresight: no input of the last run reached this line (${c.execs.toLocaleString('en-US')} execs; ` +
    `${c.linesReached} of ${c.linesReached + c.linesUnreached} lines with code reached)`;
}
