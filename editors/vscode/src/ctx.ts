// The extension's state: its output channels, status item and trace
// documents, and the language client through its life (start, stop,
// restart, crashes, configuration changes, workspace trust).
import * as vscode from 'vscode';
import { CloseAction, LanguageClient, State } from 'vscode-languageclient/node';
import { changeAction, section, serverArgs } from './config';
import { createClient, currentServerSettings, grantTrustNotification } from './client';
import { CoverageDecorations } from './coverage';
import { errorText } from './format';
import { resolveServer, ServerNotFound } from './server';
import { StatusItem } from './status';
import { MutantDocuments } from './mutants';
import { TestExplorer } from './testing';
import { TraceDocuments } from './traces';

export class Ctx {
  readonly output: vscode.LogOutputChannel;
  readonly traceOutput: vscode.LogOutputChannel;
  readonly status: StatusItem;
  readonly traces: TraceDocuments;
  readonly mutants: MutantDocuments;
  readonly coverage: CoverageDecorations;
  readonly tests: TestExplorer;
  client: LanguageClient | undefined;
  /** Set by commands.ts: shows what a server command returned. */
  afterServerCommand: (command: string, args: unknown[], result: unknown) => Promise<void> = async () => {};
  private crashes: number[] = [];
  private stopping = false;

  constructor(readonly context: vscode.ExtensionContext) {
    // vscode-languageclient 10+ writes to log channels (levels, timestamps).
    this.output = vscode.window.createOutputChannel('Foresight', { log: true });
    this.traceOutput = vscode.window.createOutputChannel('Foresight Trace', { log: true });
    this.status = new StatusItem();
    this.traces = new TraceDocuments();
    this.mutants = new MutantDocuments();
    this.coverage = new CoverageDecorations(this.output);
    this.tests = new TestExplorer(context, this.output, this.coverage);
    context.subscriptions.push(
      this.output,
      this.traceOutput,
      this.status,
      this.traces,
      this.mutants,
      this.coverage,
      this.tests,
      vscode.workspace.onDidChangeConfiguration((e) => this.configurationChanged(e)),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.grantTrust()),
    );
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
    const cfg = vscode.workspace.getConfiguration(section);
    const args = serverArgs((key) => cfg.get(key));
    this.output.appendLine(`[foresight] starting ${server.path} ${args.join(' ')} (${server.origin})`);
    const client = createClient(server.path, args, {
      output: this.output,
      traceOutput: this.traceOutput,
      status: this.status,
      initializationFailed: (msg) => {
        this.status.failed('initialization failed', msg);
        void this.errorWithActions(msg);
      },
      closed: () => this.serverClosed(),
      afterServerCommand: (command, args, result) => this.afterServerCommand(command, args, result),
    });
    this.client = client;
    this.status.attach(client);
    this.coverage.attach(client);
    this.tests.attach(client);
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

  async errorWithActions(msg: string): Promise<void> {
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
    switch (changeAction((s) => e.affectsConfiguration(s))) {
      case 'restart':
        await this.restart();
        return;
      case 'notify': {
        const client = this.client;
        if (client?.state === State.Running) {
          await client.sendNotification('workspace/didChangeConfiguration', { settings: { foresight: currentServerSettings() } });
        }
        return;
      }
    }
  }

  /** The running client, or undefined after telling the user why not. */
  runningClient(): LanguageClient | undefined {
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
}
