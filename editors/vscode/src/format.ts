// Text the extension shows about findings and replays, without the vscode
// module (paths are made relative by a function passed in), so that it is
// unit tested outside the workbench.

/** foresight.replay's structured result (lsp/execute_command.go
 * replayResult); a server answering text gives only the trace. */
export interface ReplayResult {
  title?: string;
  kind?: string;
  path?: string;
  /** One-based. */
  line?: number;
  reproduced?: boolean;
  trace: string;
}

/** foresight.showMutant's result (lsp/mutants_command.go mutantView). */
export interface MutantView {
  id: string;
  title: string;
  path: string;
  /** One-based. */
  line: number;
  status: string;
  original: string;
  mutated: string;
  /** The changed lines as a unified diff. */
  diff: string;
}

/** A server command's result as a mutant's view, if it is one. */
export function asMutantView(result: unknown): MutantView | undefined {
  const r = result as Partial<MutantView> | null | undefined;
  if (typeof r?.original !== 'string' || typeof r.mutated !== 'string' || typeof r.path !== 'string') {
    return undefined;
  }
  return { id: String(r.id ?? ''), title: String(r.title ?? r.id ?? 'mutant'), path: r.path, line: Number(r.line) || 1, status: String(r.status ?? ''), original: r.original, mutated: r.mutated, diff: String(r.diff ?? '') };
}

/** Makes a path or URI relative to the workspace (asRelativePath). */
export type Relative = (path: string) => string;

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** A server command's result as a replay, if it is one. */
export function asReplay(result: unknown): ReplayResult | undefined {
  if (typeof result === 'string') {
    return { trace: result };
  }
  const r = result as ReplayResult | null | undefined;
  return typeof r?.trace === 'string' ? r : undefined;
}

/** One line about a replay: what reproduced where. */
export function replaySummary(r: ReplayResult, relative: Relative): string {
  if (r.reproduced === undefined) {
    return 'replayed';
  }
  const where = r.path ? ` at ${relative(r.path)}${r.line ? `:${r.line}` : ''}` : '';
  return r.reproduced ? `${r.title ?? r.kind ?? 'the finding'} reproduced${where}` : `the finding did not reproduce${where} (the code changed?)`;
}

/** What the trace document of a replay shows about its finding. */
export interface TraceSubject {
  /** The finding id. */
  finding?: string;
  /** The contract's base name. */
  file: string;
  /** The contract, relative to the workspace. */
  source?: string;
  /** The finding's diagnostic: one-based line, message and code. */
  diag?: { line: number; message: string; code?: string | number };
}

/** The trace document's name and text: a header, then the trace. */
export function traceDocument(replay: ReplayResult, s: TraceSubject, seq: number): { name: string; text: string } {
  const line = s.diag ? s.diag.line : replay.line;
  const where = line ? `${s.file}:${line}` : s.file;
  const header = [
    `Foresight replay of ${s.finding ? `finding ${s.finding}` : 'a finding'}${s.source ? ` in ${s.source}` : ''}`,
    s.diag ? `${s.diag.message}${s.diag.code !== undefined ? ` [${s.diag.code}]` : ''}` : undefined,
    replay.reproduced === undefined
      ? undefined
      : replay.reproduced
        ? `Reproduced: ${replay.title ?? replay.kind ?? 'the finding'} at ${where}`
        : 'Not reproduced: the code changed since the finding?',
    '',
  ].filter((l) => l !== undefined);
  const trace = replay.trace;
  return {
    name: `Replay ${where}${s.finding ? ` (${s.finding})` : ''} #${seq}.log`,
    text: `${header.join('\n')}\n${trace.endsWith('\n') ? trace : trace + '\n'}`,
  };
}

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
