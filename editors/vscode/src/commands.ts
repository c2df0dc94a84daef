// The palette and menu commands, and what the extension shows after a
// server command (a replay trace, the exported Foundry test).
import * as vscode from 'vscode';
import { CodeActionRequest, CodeLensRequest, ExecuteCommandRequest, LanguageClient } from 'vscode-languageclient/node';
import type { Command as LspCommand, CodeAction as LspCodeAction, CodeLens as LspCodeLens } from 'vscode-languageclient/node';
import { ServerCommands } from './client';
import { Ctx } from './ctx';
import { asReplay, errorText, plural, replaySummary } from './format';
import { isNotFuzzedCode } from './statusView';

/** The diagnostics source of findings; compiler messages use "solc". */
export const findingSource = 'foresight';

/** Registers the commands of package.json and shows server command
 * results through ctx. */
export function registerCommands(ctx: Ctx): void {
  const commands = new Commands(ctx);
  ctx.afterServerCommand = (command, args, result) => commands.afterServerCommand(command, args, result);
  const cmd = (id: string, fn: (...args: never[]) => unknown) =>
    ctx.context.subscriptions.push(vscode.commands.registerCommand(id, fn));
  cmd('foresight.fuzzCurrentFile', () => commands.fuzzFile());
  cmd('foresight.fuzzFunctionAtCursor', () => commands.fuzzFunctionAtCursor());
  cmd('foresight.replayFinding', (d?: vscode.Diagnostic, uri?: vscode.Uri) => commands.findingCommand(ServerCommands.replay, d, uri));
  cmd('foresight.copyFoundryTest', (d?: vscode.Diagnostic, uri?: vscode.Uri) => commands.findingCommand(ServerCommands.exportTest, d, uri));
  cmd('foresight.showFindings', () => commands.showFindings());
  cmd('foresight.restartServer', () => ctx.restart());
  cmd('foresight.showOutput', () => ctx.output.show(true));
}

class Commands {
  constructor(private readonly ctx: Ctx) {}

  /** Shows what a server command returned: the replay trace in a
   * read-only document, the exported test in an editor. */
  async afterServerCommand(command: string, args: unknown[], result: unknown): Promise<void> {
    const arg = (args?.[0] ?? {}) as { uri?: string; finding?: string; function?: string };
    const replay = asReplay(result);
    if (command === ServerCommands.replay && replay) {
      const diag = arg.uri && arg.finding ? findDiagnostic(vscode.Uri.parse(arg.uri), arg.finding) : undefined;
      const source = arg.uri ? vscode.Uri.parse(arg.uri) : replay.path ? vscode.Uri.file(replay.path) : undefined;
      this.ctx.output.appendLine(`[foresight] replay of ${arg.finding ?? 'a finding'}: ${replaySummary(replay, (p) => vscode.workspace.asRelativePath(p))}\n${replay.trace}`);
      await this.ctx.traces.show(replay, source, arg.finding, diag);
    } else if (command === ServerCommands.exportTest && typeof result === 'string' && result !== '') {
      const uri = vscode.Uri.file(result);
      const doc = await vscode.workspace.openTextDocument(uri);
      if (doc.isDirty) {
        await doc.save(); // a workspace edit leaves the new file unsaved
      }
      await vscode.window.showTextDocument(doc, { preview: false });
      if (arg.uri && arg.finding) {
        await this.ctx.tests.exported(result, arg.uri, arg.finding); // its Test Explorer item replays the finding
      }
      const rel = vscode.workspace.asRelativePath(uri);
      void vscode.window.showInformationMessage(`Foresight: wrote ${rel}; it fails while the bug is there and passes once it is fixed.`, 'Copy to Clipboard').then(
        async (c) => {
          if (c) {
            await vscode.env.clipboard.writeText(doc.getText());
          }
        },
      );
    } else if (command === ServerCommands.showMutant) {
      await this.ctx.mutants.show(result);
    } else if (command === ServerCommands.addPropertySkeleton && typeof result === 'string' && result !== '') {
      // The stub is an edit of the suite (or a new test file), unsaved:
      // shown where it went, for its author to state the property.
      const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(result));
      const at = doc.getText().lastIndexOf('// TODO: ');
      const editor = await vscode.window.showTextDocument(doc, { preview: false });
      if (at >= 0) {
        const pos = doc.positionAt(at);
        editor.selection = new vscode.Selection(pos, pos);
        editor.revealRange(new vscode.Range(pos, pos), vscode.TextEditorRevealType.InCenter);
      }
    } else if (command === ServerCommands.fuzzFunction && arg.function) {
      this.ctx.status.note(`fuzzing ${arg.function}…`);
    }
  }

  /** Fuzz Current File: the server's foresight.fuzzFile, a campaign on
   * every function of the file's contracts (unsaved changes included). */
  async fuzzFile(): Promise<void> {
    const editor = solidityEditor();
    const client = editor && this.ctx.runningClient();
    if (!editor || !client) {
      return;
    }
    const uri = editor.document.uri;
    try {
      await this.serverCommand(client, ServerCommands.fuzzFile, { uri: client.code2ProtocolConverter.asUri(uri) });
    } catch (err) {
      void vscode.window.showInformationMessage(`Foresight: ${errorText(err)}`);
      return;
    }
    this.ctx.status.note(`fuzzing ${vscode.workspace.asRelativePath(uri)}…`);
  }

  /** Fuzz Function at Cursor: the server's foresight.fuzzFunction at the
   * cursor; outside a public or external function, a pick among the
   * file's "Fuzz" code lenses. */
  async fuzzFunctionAtCursor(): Promise<void> {
    const editor = solidityEditor();
    const client = editor && this.ctx.runningClient();
    if (!editor || !client) {
      return;
    }
    const uri = client.code2ProtocolConverter.asUri(editor.document.uri);
    const position = client.code2ProtocolConverter.asPosition(editor.selection.active);
    let why: string;
    try {
      await this.serverCommand(client, ServerCommands.fuzzFunction, { uri, position });
      this.ctx.status.note(`fuzzing the function at line ${position.line + 1}…`);
      return;
    } catch (err) {
      why = errorText(err);
    }
    const lenses: LspCodeLens[] = (await client.sendRequest(CodeLensRequest.type, { textDocument: { uri } })) ?? [];
    const fuzz = lenses
      .filter((l) => l.command?.command === ServerCommands.fuzzFunction)
      .sort((a, b) => a.range.start.line - b.range.start.line);
    if (fuzz.length === 0) {
      void vscode.window.showInformationMessage(`Foresight: ${why}`);
      return;
    }
    const pick = await vscode.window.showQuickPick(
      fuzz.map((l) => ({ label: functionName(l.command!) ?? 'function', description: `line ${l.range.start.line + 1}`, lens: l })),
      { placeHolder: `${why}: pick a function to fuzz` },
    );
    const lens = pick?.lens;
    if (!lens?.command) {
      return;
    }
    await vscode.commands.executeCommand(lens.command.command, ...(lens.command.arguments ?? []));
  }

  /** Sends a server command directly (workspace/executeCommand); a
   * server error (e.g. no function at the cursor) is thrown. */
  private async serverCommand(client: LanguageClient, command: string, arg: unknown): Promise<unknown> {
    return client.sendRequest(ExecuteCommandRequest.type, { command, arguments: [arg] });
  }

  /** Replay Finding / Export Finding as Foundry Test from the palette: the
   * finding under the cursor, else one picked from all findings. */
  async findingCommand(command: string, diag?: vscode.Diagnostic, uri?: vscode.Uri): Promise<void> {
    const client = this.ctx.runningClient();
    if (!client) {
      return;
    }
    let target: { uri: vscode.Uri; diag: vscode.Diagnostic } | undefined =
      diag instanceof vscode.Diagnostic && uri instanceof vscode.Uri ? { uri, diag } : undefined;
    if (!target) {
      target = await pickFinding(command === ServerCommands.replay ? 'Finding to replay' : 'Finding to export as a Foundry test');
    }
    if (!target) {
      return;
    }
    const id = findingId(target.diag) ?? (await this.findingIdFromServer(client, target.uri, target.diag));
    if (!id) {
      void vscode.window.showWarningMessage('Foresight: this finding is gone (its code changed since); save to fuzz again.');
      return;
    }
    await vscode.commands.executeCommand(command, { uri: client.code2ProtocolConverter.asUri(target.uri), finding: id });
  }

  /** Asks the server's code actions for a finding's id, for diagnostics
   * that lost their data. */
  private async findingIdFromServer(client: LanguageClient, uri: vscode.Uri, diag: vscode.Diagnostic): Promise<string | undefined> {
    const actions = (await client.sendRequest(CodeActionRequest.type, {
      textDocument: { uri: client.code2ProtocolConverter.asUri(uri) },
      range: client.code2ProtocolConverter.asRange(diag.range),
      context: { diagnostics: [] },
    })) as (LspCodeAction | LspCommand)[] | null;
    for (const a of actions ?? []) {
      const cmd = 'command' in a && typeof a.command === 'object' ? a.command : undefined;
      const ds = 'diagnostics' in a ? a.diagnostics : undefined;
      if (cmd?.command === ServerCommands.replay && ds?.[0]?.message === diag.message) {
        return (cmd.arguments?.[0] as { finding?: string })?.finding;
      }
    }
    return undefined;
  }

  async showFindings(): Promise<void> {
    const all = allFindings();
    type Item = vscode.QuickPickItem & { uri?: vscode.Uri; diag?: vscode.Diagnostic; problems?: boolean };
    const items: Item[] = [{ label: '$(list-filter) Open the Problems panel', problems: true }];
    if (all.length > 0) {
      items.push({ label: '', kind: vscode.QuickPickItemKind.Separator });
    }
    for (const { uri, diag } of all) {
      items.push({
        label: `${diag.severity === vscode.DiagnosticSeverity.Error ? '$(error)' : '$(warning)'} ${diag.message}`,
        description: `${vscode.workspace.asRelativePath(uri)}:${diag.range.start.line + 1}`,
        detail: typeof diag.code === 'object' ? String(diag.code.value) : diag.code !== undefined ? String(diag.code) : undefined,
        uri,
        diag,
      });
    }
    const pick = await vscode.window.showQuickPick(items, {
      placeHolder: all.length === 0 ? 'Foresight: no findings' : `Foresight: ${plural(all.length, 'finding')}`,
      matchOnDescription: true,
      matchOnDetail: true,
    });
    if (!pick) {
      return;
    }
    if (pick.problems) {
      await vscode.commands.executeCommand('workbench.actions.view.problems');
      return;
    }
    if (pick.uri && pick.diag) {
      await vscode.window.showTextDocument(pick.uri, { selection: pick.diag.range });
    }
  }
}

/** Every finding diagnostic in the workspace, by file then line. */
export function allFindings(): { uri: vscode.Uri; diag: vscode.Diagnostic }[] {
  const out: { uri: vscode.Uri; diag: vscode.Diagnostic }[] = [];
  for (const [uri, diags] of vscode.languages.getDiagnostics()) {
    for (const diag of diags) {
      if (diag.source === findingSource && !isNotFuzzedCode(diag.code)) {
        out.push({ uri, diag });
      }
    }
  }
  return out.sort((a, b) => a.uri.toString().localeCompare(b.uri.toString()) || a.diag.range.start.line - b.diag.range.start.line);
}

/** The server's finding id, from a diagnostic's data ({"finding": id}). */
function findingId(d: vscode.Diagnostic): string | undefined {
  const data = (d as { data?: { finding?: unknown } }).data;
  return typeof data?.finding === 'string' ? data.finding : undefined;
}

function findDiagnostic(uri: vscode.Uri, id: string): vscode.Diagnostic | undefined {
  return vscode.languages.getDiagnostics(uri).find((d) => d.source === findingSource && findingId(d) === id);
}

async function pickFinding(placeHolder: string): Promise<{ uri: vscode.Uri; diag: vscode.Diagnostic } | undefined> {
  const all = allFindings();
  const editor = vscode.window.activeTextEditor;
  if (editor) {
    const here = all.filter(
      (f) => f.uri.toString() === editor.document.uri.toString() && f.diag.range.start.line <= editor.selection.active.line && editor.selection.active.line <= f.diag.range.end.line,
    );
    if (here.length === 1) {
      return here[0];
    }
  }
  if (all.length === 0) {
    void vscode.window.showInformationMessage('Foresight: no findings. Save a Solidity file to fuzz it.');
    return undefined;
  }
  if (all.length === 1) {
    return all[0];
  }
  const pick = await vscode.window.showQuickPick(
    all.map((f) => ({
      label: f.diag.message,
      description: `${vscode.workspace.asRelativePath(f.uri)}:${f.diag.range.start.line + 1}`,
      f,
    })),
    { placeHolder },
  );
  return pick?.f;
}

function solidityEditor(): vscode.TextEditor | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== 'solidity' || editor.document.uri.scheme !== 'file') {
    void vscode.window.showInformationMessage('Foresight: open a Solidity file first.');
    return undefined;
  }
  return editor;
}

function functionName(cmd: LspCommand): string | undefined {
  const a = cmd.arguments?.[0] as { function?: string } | undefined;
  return a?.function;
}
