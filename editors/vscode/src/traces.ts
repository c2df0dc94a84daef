// Replay traces in read-only virtual documents (scheme foresight-trace),
// opened beside the contract. The server also logs each trace to the
// Foresight output channel (window/logMessage).
import * as path from 'path';
import * as vscode from 'vscode';

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

  async show(trace: string, source: vscode.Uri | undefined, finding: string | undefined, diag: vscode.Diagnostic | undefined): Promise<void> {
    const file = source ? path.basename(source.fsPath) : 'finding';
    const where = diag ? `${file}:${diag.range.start.line + 1}` : file;
    const uri = vscode.Uri.from({ scheme: traceScheme, path: `/Replay ${where}${finding ? ` (${finding})` : ''} #${++this.seq}.log` });
    const header = [
      `Foresight replay of ${finding ? `finding ${finding}` : 'a finding'}${source ? ` in ${vscode.workspace.asRelativePath(source)}` : ''}`,
      diag ? `${diag.message}${diag.code !== undefined ? ` [${typeof diag.code === 'object' ? diag.code.value : diag.code}]` : ''}` : undefined,
      '',
    ].filter((l) => l !== undefined);
    this.texts.set(uri.toString(), `${header.join('\n')}\n${trace.endsWith('\n') ? trace : trace + '\n'}`);
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
