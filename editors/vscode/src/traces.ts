// Replay traces in read-only virtual documents (scheme foresight-trace),
// opened beside the contract. The extension asks the server for structured
// replay results without its popup (initializationOptions.replay) and
// copies each trace to the Foresight output channel itself.
import * as path from 'path';
import * as vscode from 'vscode';

export const traceScheme = 'foresight-trace';

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
    const trace = replay.trace;
    const file = source ? path.basename(source.fsPath) : 'finding';
    const line = diag ? diag.range.start.line + 1 : replay.line;
    const where = line ? `${file}:${line}` : file;
    const uri = vscode.Uri.from({ scheme: traceScheme, path: `/Replay ${where}${finding ? ` (${finding})` : ''} #${++this.seq}.log` });
    const header = [
      `Foresight replay of ${finding ? `finding ${finding}` : 'a finding'}${source ? ` in ${vscode.workspace.asRelativePath(source)}` : ''}`,
      diag ? `${diag.message}${diag.code !== undefined ? ` [${typeof diag.code === 'object' ? diag.code.value : diag.code}]` : ''}` : undefined,
      replay.reproduced === undefined
        ? undefined
        : replay.reproduced
          ? `Reproduced: ${replay.title ?? replay.kind ?? 'the finding'} at ${where}`
          : 'Not reproduced: the code changed since the finding?',
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
