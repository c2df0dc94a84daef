// The status bar item: the server's state, the campaign in progress (from
// the server's $/progress work-done reports) and the number of findings
// (diagnostics with source "foresight"). Clicking it shows the findings.
import * as vscode from 'vscode';
import { LanguageClient, State } from 'vscode-languageclient/node';
import type { WorkDoneProgressBegin, WorkDoneProgressEnd, WorkDoneProgressReport } from 'vscode-languageclient/node';

type Phase = 'starting' | 'running' | 'failed';

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
  private noteText = '';
  private findings = 0;

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
        }
        this.active.set(token, a);
        break;
      }
      case 'end':
        this.active.delete(token);
        this.lastEnd = p.message ?? '';
        break;
    }
    this.noteText = '';
    this.render();
  }

  private countFindings(): void {
    let n = 0;
    for (const [, diags] of vscode.languages.getDiagnostics()) {
      for (const d of diags) {
        if (d.source === 'foresight') {
          n++;
        }
      }
    }
    if (n !== this.findings) {
      this.findings = n;
      this.render();
    }
  }

  private render(): void {
    const count = `${this.findings} finding${this.findings === 1 ? '' : 's'}`;
    const tip = new vscode.MarkdownString(undefined, true);
    this.item.backgroundColor = undefined;
    this.item.command = 'foresight.showFindings';
    if (this.phase === 'failed') {
      this.item.text = `$(error) Foresight: ${this.failure}`;
      this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.errorBackground');
      this.item.command = 'foresight.restartServer';
      tip.appendText(`${this.server}\n\nClick to restart the server.`);
    } else if (this.phase === 'starting') {
      this.item.text = '$(sync~spin) Foresight: starting';
      tip.appendText('Starting the Foresight language server…');
    } else {
      const running = [...this.active.values()].pop();
      if (running) {
        this.item.text = `$(sync~spin) Foresight: ${shorten(running.message || running.title)}`;
        tip.appendText(`${running.message}\n\n`);
      } else if (this.noteText) {
        this.item.text = `$(sync~spin) Foresight: ${shorten(this.noteText)}`;
      } else {
        this.item.text = `${this.findings > 0 ? '$(bug)' : '$(check)'} Foresight: ${count}`;
        if (this.lastEnd) {
          tip.appendText(`Last run: ${this.lastEnd}\n\n`);
        }
      }
      tip.appendText(`${count}. Server: ${this.server}\n\nClick to show the findings.`);
    }
    this.item.tooltip = tip;
    this.item.accessibilityInformation = { label: this.item.text.replace(/\$\([^)]*\)\s*/g, '') };
  }

  dispose(): void {
    this.clientDisposable?.dispose();
    for (const d of this.disposables) {
      d.dispose();
    }
  }
}

function shorten(s: string): string {
  return s.length > 60 ? `${s.slice(0, 59)}…` : s;
}
