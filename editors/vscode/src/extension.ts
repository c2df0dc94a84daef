// The Foresight extension: starts `foresight lsp` over stdio with
// vscode-languageclient and adds what the protocol alone does not give a
// VS Code user: a status bar item (campaign progress and findings count),
// replay traces in a read-only document, the exported Foundry test opened,
// commands for the palette, and clear errors when the server is missing or
// crashes. The server's protocol is described in docs/lsp.md.
import * as vscode from 'vscode';
import {
  CloseAction,
  CodeActionRequest,
  CodeLensRequest,
  ErrorAction,
  ExecuteCommandRequest,
  LanguageClient,
  LanguageClientOptions,
  RevealOutputChannelOn,
  ServerOptions,
  State,
  TransportKind,
} from 'vscode-languageclient/node';
import type {
  Command as LspCommand,
  CodeAction as LspCodeAction,
  CodeLens as LspCodeLens,
  ExecuteCommandOptions,
  ServerCapabilities,
} from 'vscode-languageclient/node';
import { resolveServer, ServerNotFound } from './server';
import { StatusItem } from './status';
import { ReplayResult, TraceDocuments } from './traces';
import { checkConflicts } from './conflicts';

/** The server's workspace/executeCommand commands (lsp/initialize.go). */
export const ServerCommands = {
  replay: 'foresight.replay',
  exportTest: 'foresight.exportFoundryTest',
  fuzzFunction: 'foresight.fuzzFunction',
  fuzzFile: 'foresight.fuzzFile',
} as const;

/** Server commands that share their id with one of our palette commands:
 * the client must not register them again (it would fail to start); we
 * send them with workspace/executeCommand ourselves. */
const paletteServerCommands = new Set<string>([ServerCommands.fuzzFile]);

/** Sent when the user trusts the workspace (lsp/workspace.go). */
const grantTrustNotification = 'foresight/didGrantWorkspaceTrust';

/** The diagnostics source of findings; compiler messages use "solc". */
export const findingSource = 'foresight';

/** The server's settings (lsp/configuration.go Settings). */
const serverSettingKeys = [
  'solcPath',
  'solcVersion',
  'fuzzBudgetSeconds',
  'fuzzExecs',
  'workers',
  'oracles',
  'targeted',
  'maxSequenceLength',
  'seed',
] as const;

/** Settings whose change needs a new server process. */
const restartSettings = ['foresight.path', 'foresight.serverArgs'];

let ext: Extension | undefined;

export function activate(context: vscode.ExtensionContext): void {
  ext = new Extension(context);
  // Not awaited: a server that is slow to initialize must not hold up
  // activation (the commands are registered already).
  void ext.start();
}

export async function deactivate(): Promise<void> {
  await ext?.stopClient();
  ext = undefined;
}

/** The "foresight" section as the server reads it, without our own keys. */
export function serverSettings(): Record<string, unknown> {
  const cfg = vscode.workspace.getConfiguration('foresight');
  const out: Record<string, unknown> = {};
  for (const key of serverSettingKeys) {
    const v = cfg.get(key);
    if (v !== undefined && v !== null) {
      out[key] = v;
    }
  }
  return out;
}

class Extension {
  readonly output: vscode.OutputChannel;
  readonly traceOutput: vscode.OutputChannel;
  readonly status: StatusItem;
  readonly traces: TraceDocuments;
  client: LanguageClient | undefined;
  private crashes: number[] = [];
  private stopping = false;

  constructor(readonly context: vscode.ExtensionContext) {
    this.output = vscode.window.createOutputChannel('Foresight');
    this.traceOutput = vscode.window.createOutputChannel('Foresight Trace');
    this.status = new StatusItem();
    this.traces = new TraceDocuments();
    context.subscriptions.push(this.output, this.traceOutput, this.status, this.traces);

    const cmd = (id: string, fn: (...args: any[]) => unknown) =>
      context.subscriptions.push(vscode.commands.registerCommand(id, fn));
    cmd('foresight.fuzzFile', () => this.fuzzFile());
    cmd('foresight.fuzzFunctionAtCursor', () => this.fuzzFunctionAtCursor());
    cmd('foresight.replayFinding', (d?: vscode.Diagnostic, uri?: vscode.Uri) => this.findingCommand(ServerCommands.replay, d, uri));
    cmd('foresight.copyFoundryTest', (d?: vscode.Diagnostic, uri?: vscode.Uri) => this.findingCommand(ServerCommands.exportTest, d, uri));
    cmd('foresight.showFindings', () => this.showFindings());
    cmd('foresight.restartServer', () => this.restart());
    cmd('foresight.showOutput', () => this.output.show(true));

    context.subscriptions.push(
      vscode.workspace.onDidChangeConfiguration((e) => this.configurationChanged(e)),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.grantTrust()),
    );
    void checkConflicts(context);
  }

  /** Tells the server the user trusted the workspace (Restricted Mode
   * ended): it may now run the compiler the project names. */
  private grantTrust(): void {
    this.output.appendLine('[foresight] workspace trusted');
    if (this.client?.isRunning()) {
      void this.client.sendNotification(grantTrustNotification);
    }
  }

  async start(): Promise<void> {
    this.status.starting();
    let server;
    try {
      server = resolveServer(this.context);
    } catch (err) {
      if (err instanceof ServerNotFound) {
        this.output.appendLine(`[foresight] ${err.message}`);
        this.status.failed('no server binary', err.message);
        void this.errorWithActions(err.message);
        return;
      }
      throw err;
    }
    const args = ['lsp', ...vscode.workspace.getConfiguration('foresight').get<string[]>('serverArgs', [])];
    this.output.appendLine(`[foresight] starting ${server.path} ${args.join(' ')} (${server.origin})`);

    const serverOptions: ServerOptions = {
      command: server.path,
      args,
      transport: TransportKind.stdio,
      options: { cwd: vscode.workspace.workspaceFolders?.[0]?.uri.fsPath },
    };
    const clientOptions: LanguageClientOptions = {
      documentSelector: [{ scheme: 'file', language: 'solidity' }],
      diagnosticCollectionName: 'foresight',
      outputChannel: this.output,
      traceOutputChannel: this.traceOutput,
      revealOutputChannelOn: RevealOutputChannelOn.Never,
      // Replays answer JSON and show no popup: we open the trace ourselves.
      // trustedWorkspace: only a trusted workspace may run the compiler its
      // foundry.toml names (docs/security.md); a grant is sent below.
      initializationOptions: () => ({
        foresight: serverSettings(),
        replay: { structured: true, quiet: true },
        trustedWorkspace: vscode.workspace.isTrusted,
      }),
      initializationFailedHandler: (error) => {
        const msg = `Foresight: the language server failed to initialize: ${error?.message ?? error}`;
        this.status.failed('initialization failed', msg);
        void this.errorWithActions(msg);
        return false;
      },
      errorHandler: {
        error: (_error, _message, count) =>
          count !== undefined && count <= 3 ? { action: ErrorAction.Continue } : { action: ErrorAction.Shutdown },
        closed: () => this.serverClosed(),
      },
      middleware: {
        workspace: {
          configuration: (params, token, next) => {
            if (params.items.every((item) => item.section !== 'foresight')) {
              return next(params, token);
            }
            return params.items.map((item) =>
              item.section === 'foresight' ? serverSettings() : vscode.workspace.getConfiguration(item.section).get(''),
            );
          },
        },
        // Campaign progress goes to our status item instead of a second,
        // generic window progress; "end" still reaches the client so it
        // releases the token.
        handleWorkDoneProgress: (token, params, next) => {
          this.status.progress(String(token), params);
          if (params.kind === 'end') {
            next(token, params);
          }
        },
        executeCommand: async (command, args, next) => {
          const result = await next(command, args);
          await this.afterServerCommand(command, args, result);
          return result;
        },
      },
    };

    const client = new LanguageClient('foresight', 'Foresight', serverOptions, clientOptions);
    skipPaletteCommands(client);
    this.client = client;
    this.status.attach(client);
    try {
      await client.start();
    } catch (err) {
      if (this.client !== client) {
        return;
      }
      const msg = `Foresight: could not start the language server ${server.path}: ${errorText(err)}`;
      this.output.appendLine(`[foresight] ${msg}`);
      this.status.failed('could not start', msg);
      void this.errorWithActions(msg);
      return;
    }
    const info = client.initializeResult?.serverInfo;
    this.output.appendLine(`[foresight] server started: ${info?.name ?? 'foresight'} ${info?.version ?? ''}`.trimEnd());
    this.status.running(`${info?.name ?? 'foresight'} ${info?.version ?? ''}`.trim(), server.path);
  }

  async stopClient(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (!client) {
      return;
    }
    this.stopping = true;
    try {
      if (client.state !== State.Stopped) {
        await client.stop(5000);
      }
    } catch (err) {
      this.output.appendLine(`[foresight] stop: ${errorText(err)}`);
    } finally {
      this.stopping = false;
    }
  }

  async restart(): Promise<void> {
    this.output.appendLine('[foresight] restarting the server');
    this.crashes = [];
    await this.stopClient();
    await this.start();
  }

  /** A server that exits on its own is restarted, up to 4 times in 3 min. */
  private serverClosed(): { action: CloseAction; handled: boolean } {
    if (this.stopping) {
      return { action: CloseAction.DoNotRestart, handled: true };
    }
    const now = Date.now();
    this.crashes = this.crashes.filter((t) => now - t < 3 * 60_000);
    this.crashes.push(now);
    if (this.crashes.length <= 4) {
      this.output.appendLine(`[foresight] the server exited unexpectedly; restarting (${this.crashes.length} of 4)`);
      return { action: CloseAction.Restart, handled: true };
    }
    const msg =
      'Foresight: the language server exited 5 times in 3 minutes and was not restarted. ' +
      'Its last messages are in the Foresight output; check foresight.path and foresight.serverArgs.';
    this.output.appendLine(`[foresight] ${msg}`);
    this.status.failed('server stopped', msg);
    void this.errorWithActions(msg);
    return { action: CloseAction.DoNotRestart, handled: true };
  }

  private async errorWithActions(msg: string): Promise<void> {
    const choice = await vscode.window.showErrorMessage(msg, 'Open Settings', 'Show Output', 'Restart Server');
    if (choice === 'Open Settings') {
      await vscode.commands.executeCommand('workbench.action.openSettings', 'foresight.path');
    } else if (choice === 'Show Output') {
      this.output.show(true);
    } else if (choice === 'Restart Server') {
      await this.restart();
    }
  }

  private async configurationChanged(e: vscode.ConfigurationChangeEvent): Promise<void> {
    if (!e.affectsConfiguration('foresight')) {
      return;
    }
    if (restartSettings.some((s) => e.affectsConfiguration(s))) {
      await this.restart();
      return;
    }
    const client = this.client;
    if (client?.state === State.Running) {
      await client.sendNotification('workspace/didChangeConfiguration', { settings: { foresight: serverSettings() } });
    }
  }

  /** The running client, or undefined after telling the user why not. */
  private runningClient(): LanguageClient | undefined {
    if (this.client?.state === State.Running) {
      return this.client;
    }
    void vscode.window.showWarningMessage('Foresight: the language server is not running.', 'Restart Server', 'Show Output').then((c) => {
      if (c === 'Restart Server') {
        void this.restart();
      } else if (c === 'Show Output') {
        this.output.show(true);
      }
    });
    return undefined;
  }

  /** Shows what a server command returned: the replay trace in a
   * read-only document, the exported test in an editor. */
  private async afterServerCommand(command: string, args: any[], result: unknown): Promise<void> {
    const arg = (args?.[0] ?? {}) as { uri?: string; finding?: string; function?: string };
    const replay: ReplayResult | undefined =
      typeof result === 'string' ? { trace: result } : typeof (result as ReplayResult | null)?.trace === 'string' ? (result as ReplayResult) : undefined;
    if (command === ServerCommands.replay && replay) {
      const diag = arg.uri && arg.finding ? findDiagnostic(vscode.Uri.parse(arg.uri), arg.finding) : undefined;
      const source = arg.uri ? vscode.Uri.parse(arg.uri) : replay.path ? vscode.Uri.file(replay.path) : undefined;
      this.output.appendLine(`[foresight] replay of ${arg.finding ?? 'a finding'}: ${replaySummary(replay)}\n${replay.trace}`);
      await this.traces.show(replay, source, arg.finding, diag);
    } else if (command === ServerCommands.exportTest && typeof result === 'string' && result !== '') {
      const uri = vscode.Uri.file(result);
      const doc = await vscode.workspace.openTextDocument(uri);
      if (doc.isDirty) {
        await doc.save(); // a workspace edit leaves the new file unsaved
      }
      await vscode.window.showTextDocument(doc, { preview: false });
      const rel = vscode.workspace.asRelativePath(uri);
      void vscode.window.showInformationMessage(`Foresight: wrote ${rel}; it passes while the bug is there.`, 'Copy to Clipboard').then(
        async (c) => {
          if (c) {
            await vscode.env.clipboard.writeText(doc.getText());
          }
        },
      );
    } else if (command === ServerCommands.fuzzFunction && arg.function) {
      this.status.note(`fuzzing ${arg.function}…`);
    }
  }

  /** Fuzz Current File: the server's foresight.fuzzFile, a campaign on
   * every function of the file's contracts (unsaved changes included). */
  private async fuzzFile(): Promise<void> {
    const editor = solidityEditor();
    const client = editor && this.runningClient();
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
    this.status.note(`fuzzing ${vscode.workspace.asRelativePath(uri)}…`);
  }

  /** Fuzz Function at Cursor: the server's foresight.fuzzFunction at the
   * cursor; outside a public or external function, a pick among the
   * file's "Fuzz" code lenses. */
  private async fuzzFunctionAtCursor(): Promise<void> {
    const editor = solidityEditor();
    const client = editor && this.runningClient();
    if (!editor || !client) {
      return;
    }
    const uri = client.code2ProtocolConverter.asUri(editor.document.uri);
    const position = client.code2ProtocolConverter.asPosition(editor.selection.active);
    let why: string;
    try {
      await this.serverCommand(client, ServerCommands.fuzzFunction, { uri, position });
      this.status.note(`fuzzing the function at line ${position.line + 1}…`);
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

  /** Replay Finding / Copy Finding as Foundry Test from the palette: the
   * finding under the cursor, else one picked from all findings. */
  private async findingCommand(command: string, diag?: vscode.Diagnostic, uri?: vscode.Uri): Promise<void> {
    const client = this.runningClient();
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

  private async showFindings(): Promise<void> {
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
      if (diag.source === findingSource) {
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

/** Keeps the client from registering the server commands that are also
 * palette commands of ours (see paletteServerCommands). */
function skipPaletteCommands(client: LanguageClient): void {
  const feature = client.getFeature(ExecuteCommandRequest.method);
  const initialize = feature.initialize.bind(feature);
  feature.initialize = (capabilities: ServerCapabilities, documentSelector) => {
    const provider: ExecuteCommandOptions | undefined = capabilities.executeCommandProvider;
    if (provider) {
      capabilities = {
        ...capabilities,
        executeCommandProvider: { ...provider, commands: provider.commands.filter((c) => !paletteServerCommands.has(c)) },
      };
    }
    initialize(capabilities, documentSelector);
  };
}

/** One line about a replay: what reproduced where. */
export function replaySummary(r: ReplayResult): string {
  if (r.reproduced === undefined) {
    return 'replayed';
  }
  const where = r.path ? ` at ${vscode.workspace.asRelativePath(r.path)}${r.line ? `:${r.line}` : ''}` : '';
  return r.reproduced ? `${r.title ?? r.kind ?? 'the finding'} reproduced${where}` : `the finding did not reproduce${where} (the code changed?)`;
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
