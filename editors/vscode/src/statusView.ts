// What the status bar item shows for a state of the server, its campaigns
// and its findings, without the vscode module, so that it is unit tested
// outside the workbench (status.ts puts it on the item).

export type Phase = 'starting' | 'running' | 'failed';

export interface StatusState {
  phase: Phase;
  /** Running: the server's name and path; failed: the message. */
  server: string;
  /** Failed: a short reason. */
  failure: string;
  /** The latest active campaign progress, if any. */
  active?: { title: string; message: string };
  /** The end message of the last campaign. */
  lastEnd: string;
  /**
   * How the last run fuzzed, from its progress (campaignModes): "directly"
   * and "from VaultTest.setUp()" for each suite.
   */
  lastModes?: string[];
  /** A short-lived note until the next progress report. */
  note: string;
  findings: number;
  /** Contracts the last campaigns did not fuzz (notes with code "not-fuzzed"). */
  notFuzzed?: number;
}

/** The diagnostic code of the server's notes on contracts it did not fuzz. */
export const notFuzzedCode = 'not-fuzzed';

/** Whether a diagnostic code (string, number or {value}) is a not-fuzzed note's. */
export function isNotFuzzedCode(code: unknown): boolean {
  const v = typeof code === 'object' && code !== null ? (code as { value?: unknown }).value : code;
  return v === notFuzzedCode;
}

export interface StatusView {
  text: string;
  /** Plain text of the tooltip (paragraphs separated by blank lines). */
  tooltip: string;
  command: string;
  error: boolean;
  /** The text without codicons, for screen readers. */
  label: string;
}

export function statusView(s: StatusState): StatusView {
  const count = `${s.findings} finding${s.findings === 1 ? '' : 's'}`;
  const skipped = s.notFuzzed ?? 0;
  let text: string;
  let tooltip = '';
  let command = 'foresight.showFindings';
  const error = s.phase === 'failed';
  if (s.phase === 'failed') {
    text = `$(error) Foresight: ${s.failure}`;
    command = 'foresight.restartServer';
    tooltip = `${s.server}\n\nClick to restart the server.`;
  } else if (s.phase === 'starting') {
    text = '$(sync~spin) Foresight: starting';
    tooltip = 'Starting the Foresight language server…';
  } else {
    if (s.active) {
      // The countdown of a time budget first, so that shortening keeps it.
      const [rest, left] = countdownOf(s.active.message || s.active.title);
      text = `$(sync~spin) Foresight: ${left ? `${left} · ` : ''}${shorten(rest)}`;
      tooltip = `${s.active.message}\n\n`;
    } else if (s.note) {
      text = `$(sync~spin) Foresight: ${shorten(s.note)}`;
    } else {
      // Never a bare "0 findings" about contracts that were not fuzzed.
      const icon = s.findings > 0 ? '$(bug)' : skipped ? '$(warning)' : '$(check)';
      text = `${icon} Foresight: ${count}${skipped ? `, ${skipped} not fuzzed` : ''}`;
      if (s.lastEnd) {
        const modes = s.lastModes?.length ? ` (fuzzed ${s.lastModes.join(' and ')})` : '';
        tooltip = `Last run${modes}: ${s.lastEnd}\n\n`;
      }
    }
    if (skipped) {
      tooltip += `${skipped} contract${skipped === 1 ? ' was' : 's were'} not fuzzed: see their diagnostics.\n\n`;
    }
    tooltip += `${count}. Server: ${s.server}\n\nClick to show the findings.`;
  }
  return { text, tooltip, command, error, label: text.replace(/\$\([^)]*\)\s*/g, '') };
}

/**
 * countdownOf splits the countdown the server ends a progress message
 * with when the run has a time budget (", 42s left", ", 2m05s left") off
 * the message: [the message without it, "42s left"], or [message, ''].
 */
export function countdownOf(message: string): [string, string] {
  const m = /, ((?:\d+m)?\d+s) left$/.exec(message);
  return m ? [message.slice(0, m.index), `${m[1]} left`] : [message, ''];
}

export function shorten(s: string): string {
  return s.length > 60 ? `${s.slice(0, 59)}…` : s;
}

/**
 * campaignModes adds what a run's progress message says of how it fuzzes
 * to modes: "fuzzing from C.setUp()" a campaign from that set-up, any
 * other "fuzzing …" the direct campaign ("directly"), each once.
 */
export function campaignModes(modes: string[], message: string): string[] {
  const from = /^fuzzing (from [^ :]+\.setUp\(\))/.exec(message);
  const mode = from ? from[1] : message.startsWith('fuzzing ') ? 'directly' : '';
  return mode && !modes.includes(mode) ? [...modes, mode] : modes;
}
