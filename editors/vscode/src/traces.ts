// Replay traces in read-only virtual documents (scheme foresight-trace),
// opened beside the contract. The extension asks the server for structured
// replay results without its popup (initializationOptions.replay) and
// copies each trace to the Foresight output channel itself.
import * as path from 'path';
import * as vscode from 'vscode';
import { ReplayResult, TraceSubject, traceDocument } from './format';

export type { ReplayResult } from './format';

export const traceScheme = 'foresight-trace';

export class TraceDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly registration: vscode.Disposable;
  private seq = 0;

  constructor() {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(traceScheme, this);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '(this replay trace is no longer available; replay the finding again)';
  }

  async show(replay: ReplayResult, source: vscode.Uri | undefined, finding: string | undefined, diag: vscode.Diagnostic | undefined): Promise<void> {
    const subject: TraceSubject = {
      finding,
      file: source ? path.basename(source.fsPath) : 'finding',
      source: source ? vscode.workspace.asRelativePath(source) : undefined,
      diag: diag && {
        line: diag.range.start.line + 1,
        message: diag.message,
        code: typeof diag.code === 'object' ? diag.code.value : diag.code,
      },
    };
    const { name, text } = traceDocument(replay, subject, ++this.seq);
    const uri = vscode.Uri.from({ scheme: traceScheme, path: `/${name}` });
    this.texts.set(uri.toString(), text);
    while (this.texts.size > 50) {
      this.texts.delete(this.texts.keys().next().value as string); // oldest first
    }
    this.changed.fire(uri);
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preview: true, preserveFocus: false });
  }

  dispose(): void {
    this.registration.dispose();
    this.changed.dispose();
    this.texts.clear();
  }
}
