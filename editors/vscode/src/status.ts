// The status bar item: the server's state, the campaign in progress (from
// the server's $/progress work-done reports), the number of findings
// (diagnostics with source "foresight") and of contracts not fuzzed (those
// with the code "not-fuzzed"). Clicking it shows the findings.
// What it shows is statusView's (statusView.ts).
import * as vscode from 'vscode';
import { LanguageClient, State } from 'vscode-languageclient/node';
import { Phase, campaignModes, isNotFuzzedCode, statusView } from './statusView';
import type { WorkDoneProgressBegin, WorkDoneProgressEnd, WorkDoneProgressReport } from 'vscode-languageclient/node';


export class StatusItem implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly disposables: vscode.Disposable[] = [];
  private clientDisposable: vscode.Disposable | undefined;
  private phase: Phase = 'starting';
  private server = '';
  private failure = '';
  /** Active progress by token: title and latest message. */
  private readonly active = new Map<string, { title: string; message: string }>();
  private lastEnd = '';
  /** How each active run fuzzed so far, by token; the last ended run's. */
  private readonly modes = new Map<string, string[]>();
  private lastModes: string[] = [];
  private noteText = '';
  private findings = 0;
  private notFuzzed = 0;

  constructor() {
    this.item = vscode.window.createStatusBarItem('foresight.status', vscode.StatusBarAlignment.Left, -100);
    this.item.name = 'Foresight';
    this.disposables.push(
      this.item,
      vscode.languages.onDidChangeDiagnostics(() => this.countFindings()),
    );
    this.countFindings();
    this.item.show();
  }

  attach(client: LanguageClient): void {
    this.clientDisposable?.dispose();
    this.clientDisposable = client.onDidChangeState((e) => {
      if (e.newState === State.Starting) {
        this.starting();
      } else if (e.newState === State.Running && this.phase === 'starting') {
        this.phase = 'running'; // also after an automatic restart
        this.render();
      } else if (e.newState === State.Stopped && this.phase === 'running') {
        this.active.clear();
        this.phase = 'starting';
        this.render();
      }
    });
  }

  starting(): void {
    this.phase = 'starting';
    this.active.clear();
    this.render();
  }

  running(server: string, path: string): void {
    this.phase = 'running';
    this.server = `${server} (${path})`;
    this.render();
  }

  failed(short: string, message: string): void {
    this.phase = 'failed';
    this.failure = short;
    this.server = message;
    this.active.clear();
    this.render();
  }

  /** A short-lived note until the next progress report. */
  note(text: string): void {
    this.noteText = text;
    this.render();
  }

  progress(token: string, p: WorkDoneProgressBegin | WorkDoneProgressReport | WorkDoneProgressEnd): void {
    switch (p.kind) {
      case 'begin':
        this.active.set(token, { title: p.title, message: p.message ?? '' });
        break;
      case 'report': {
        const a = this.active.get(token) ?? { title: 'Foresight', message: '' };
        if (p.message !== undefined) {
          a.message = p.message;
          this.modes.set(token, campaignModes(this.modes.get(token) ?? [], p.message));
        }
        this.active.set(token, a);
        break;
      }
      case 'end':
        this.active.delete(token);
        this.lastEnd = p.message ?? '';
        this.lastModes = this.modes.get(token) ?? [];
        this.modes.delete(token);
        break;
    }
    this.noteText = '';
    this.render();
  }

  private countFindings(): void {
    let n = 0;
    let skipped = 0;
    for (const [, diags] of vscode.languages.getDiagnostics()) {
      for (const d of diags) {
        if (d.source !== 'foresight') {
          continue;
        }
        if (isNotFuzzedCode(d.code)) {
          skipped++;
        } else {
          n++;
        }
      }
    }
    if (n !== this.findings || skipped !== this.notFuzzed) {
      this.findings = n;
      this.notFuzzed = skipped;
      this.render();
    }
  }

  private render(): void {
    const view = statusView({
      phase: this.phase,
      server: this.server,
      failure: this.failure,
      active: [...this.active.values()].pop(),
      lastEnd: this.lastEnd,
      lastModes: this.lastModes,
      note: this.noteText,
      findings: this.findings,
      notFuzzed: this.notFuzzed,
    });
    this.item.text = view.text;
    this.item.command = view.command;
    this.item.backgroundColor = view.error ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
    this.item.tooltip = new vscode.MarkdownString(undefined, true).appendText(view.tooltip);
    this.item.accessibilityInformation = { label: view.label };
  }

  dispose(): void {
    this.clientDisposable?.dispose();
    for (const d of this.disposables) {
      d.dispose();
    }
  }
}
