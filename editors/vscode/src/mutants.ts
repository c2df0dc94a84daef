// A mutant shown as a diff (foresight.showMutant on a mutants' hint,
// lsp/mutants_command.go): the file as the server compiled it beside the
// mutant's text, both read-only virtual documents (scheme
// foresight-mutant) opened in VS Code's diff editor. Nothing edits the
// file: a mutant is something to look at, not to apply.
import * as path from 'path';
import * as vscode from 'vscode';
import { asMutantView, MutantView } from './format';

export const mutantScheme = 'foresight-mutant';

export class MutantDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly registration: vscode.Disposable;
  private seq = 0;

  constructor() {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(mutantScheme, this);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '(this mutant is no longer available; show it again from its hint)';
  }

  /** Opens a server result of foresight.showMutant as a diff; false if
   * the result is not one. */
  async show(result: unknown): Promise<boolean> {
    const m: MutantView | undefined = asMutantView(result);
    if (!m) {
      return false;
    }
    const n = ++this.seq;
    // The file's own name keeps Solidity highlighting on both sides.
    const base = path.basename(m.path);
    const left = vscode.Uri.from({ scheme: mutantScheme, path: `/${n}/original/${base}` });
    const right = vscode.Uri.from({ scheme: mutantScheme, path: `/${n}/mutant/${base}` });
    this.texts.set(left.toString(), m.original);
    this.texts.set(right.toString(), m.mutated);
    while (this.texts.size > 40) {
      this.texts.delete(this.texts.keys().next().value as string); // oldest first
    }
    const line = Math.max(0, m.line - 1);
    await vscode.commands.executeCommand('vscode.diff', left, right, `Mutant ${m.title}`, {
      preview: true,
      selection: new vscode.Range(line, 0, line, 0),
    });
    return true;
  }

  dispose(): void {
    this.registration.dispose();
    this.texts.clear();
  }
}
