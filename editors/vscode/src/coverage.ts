// Coverage in the editor: the lines the last campaigns reached (a green
// bar at their left) and did not reach (a red bar and a hover), from the
// server's foresight/coverage notification (docs/lsp.md, "Coverage";
// coverageData.ts reads it). An edited file's bars go until its next
// campaign: they describe the text that was fuzzed.
import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/node';
import { Coverage, LineSpan, parseCoverage, unreachedHover } from './coverageData';

/** The server's notification and the client capability that asks for it
 * (lsp/coverage.go). */
export const coverageNotification = 'foresight/coverage';
export const coverageCapability = 'foresightCoverage';

/** The palette command that hides and shows the bars. */
export const toggleCoverageCommand = 'foresight.toggleCoverage';

export class CoverageDecorations implements vscode.Disposable {
  private readonly reached = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    borderColor: 'rgba(56, 160, 80, 0.75)',
    borderStyle: 'solid',
    borderWidth: '0 0 0 3px',
    overviewRulerColor: 'rgba(56, 160, 80, 0.6)',
    overviewRulerLane: vscode.OverviewRulerLane.Left,
  });
  private readonly unreached = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    borderColor: 'rgba(220, 70, 60, 0.85)',
    borderStyle: 'solid',
    borderWidth: '0 0 0 3px',
    backgroundColor: 'rgba(220, 70, 60, 0.07)',
    overviewRulerColor: 'rgba(220, 70, 60, 0.8)',
    overviewRulerLane: vscode.OverviewRulerLane.Left,
  });
  /** The last coverage of each file, by URI string. */
  private readonly files = new Map<string, Coverage>();
  private shown = true;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly output: vscode.OutputChannel) {
    this.subscriptions = [
      this.reached,
      this.unreached,
      vscode.window.onDidChangeVisibleTextEditors((editors) => editors.forEach((e) => this.decorate(e))),
      vscode.workspace.onDidChangeTextDocument((e) => this.edited(e)),
      vscode.commands.registerCommand(toggleCoverageCommand, () => this.toggle()),
    ];
  }

  /** Asks client's server for coverage and shows what it sends; call it
   * before client.start(). */
  attach(client: LanguageClient): void {
    client.registerFeature({
      fillClientCapabilities: (caps) => {
        caps.experimental = { ...((caps.experimental as object | undefined) ?? {}), [coverageCapability]: true };
      },
      initialize: () => {},
      getState: () => ({ kind: 'static' }),
      clear: () => this.clear(),
    });
    client.onNotification(coverageNotification, (raw: unknown) => this.received(raw));
  }

  private received(raw: unknown): void {
    const c = parseCoverage(raw);
    if (c === undefined) {
      this.output.appendLine('[foresight] ignored a malformed foresight/coverage notification');
      return;
    }
    const key = vscode.Uri.parse(c.uri).toString();
    if (c.reached.length === 0 && c.unreached.length === 0) {
      this.files.delete(key);
    } else {
      this.files.set(key, c);
    }
    for (const e of vscode.window.visibleTextEditors) {
      if (e.document.uri.toString() === key) {
        this.decorate(e);
      }
    }
  }

  private edited(e: vscode.TextDocumentChangeEvent): void {
    const key = e.document.uri.toString();
    if (e.contentChanges.length === 0 || !this.files.delete(key)) {
      return;
    }
    for (const ed of vscode.window.visibleTextEditors) {
      if (ed.document.uri.toString() === key) {
        this.decorate(ed);
      }
    }
  }

  private decorate(editor: vscode.TextEditor): void {
    const c = this.shown ? this.files.get(editor.document.uri.toString()) : undefined;
    if (c === undefined) {
      editor.setDecorations(this.reached, []);
      editor.setDecorations(this.unreached, []);
      return;
    }
    const hover = new vscode.MarkdownString(unreachedHover(c));
    editor.setDecorations(this.reached, ranges(editor.document, c.reached).map((range) => ({ range })));
    editor.setDecorations(this.unreached, ranges(editor.document, c.unreached).map((range) => ({ range, hoverMessage: hover })));
  }

  /** The last coverage of each file (for the coverage API, testing.ts). */
  all(): Coverage[] {
    return [...this.files.values()];
  }

  private toggle(): void {
    this.shown = !this.shown;
    vscode.window.visibleTextEditors.forEach((e) => this.decorate(e));
    void vscode.window.setStatusBarMessage(this.shown ? 'Foresight: coverage shown' : 'Foresight: coverage hidden', 3000);
  }

  private clear(): void {
    this.files.clear();
    vscode.window.visibleTextEditors.forEach((e) => this.decorate(e));
  }

  dispose(): void {
    this.subscriptions.forEach((d) => d.dispose());
  }
}

/** The spans as whole-line ranges, those past the document's end left out. */
function ranges(doc: vscode.TextDocument, spans: LineSpan[]): vscode.Range[] {
  const out: vscode.Range[] = [];
  for (const s of spans) {
    if (s.start >= doc.lineCount) {
      continue;
    }
    out.push(new vscode.Range(s.start, 0, Math.min(s.end, doc.lineCount - 1), 0));
  }
  return out;
}
