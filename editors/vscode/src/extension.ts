// The Foresight extension: starts `foresight lsp` over stdio with
// vscode-languageclient and adds what the protocol alone does not give a
// VS Code user: a status bar item (campaign progress and findings count),
// replay traces in a read-only document, the exported Foundry test opened,
// commands for the palette, and clear errors when the server is missing or
// crashes. The server's protocol is described in docs/lsp.md.
//
// ctx.ts holds the state and the client's life, client.ts the client's
// options, commands.ts the commands, config.ts the settings, status.ts the
// status item, traces.ts the replay documents, coverage.ts the coverage
// bars, testing.ts the Test Explorer and the coverage API, conflicts.ts the notice about other Solidity extensions. config.ts,
// format.ts, statusView.ts, coverageData.ts, testItemsData.ts and
// conflicts.ts do not import
// vscode and are unit tested (src/test).
import * as vscode from 'vscode';
import { registerCommands } from './commands';
import { section } from './config';
import { checkConflicts } from './conflicts';
import { Ctx } from './ctx';

let ctx: Ctx | undefined;

export function activate(context: vscode.ExtensionContext): void {
  ctx = new Ctx(context);
  // Which copy runs (an installed .vsix or a development folder).
  ctx.output.appendLine(`[foresight] extension ${String(context.extension.packageJSON.version)} at ${context.extensionPath}`);
  registerCommands(ctx);
  void checkConflicts({
    enabled: () => vscode.workspace.getConfiguration(section).get<boolean>('showConflictNotice', true),
    installed: (id) => {
      const other = vscode.extensions.getExtension(id);
      return other ? ((other.packageJSON?.displayName as string | undefined) ?? id) : undefined;
    },
    seen: (key) => context.globalState.get<boolean>(key) === true,
    markSeen: async (key) => context.globalState.update(key, true),
    ask: async (message, ...actions) => vscode.window.showInformationMessage(message, ...actions),
    showExtension: async (id) => {
      await vscode.commands.executeCommand('workbench.extensions.search', `@id:${id}`);
    },
    turnOff: async () => vscode.workspace.getConfiguration(section).update('showConflictNotice', false, vscode.ConfigurationTarget.Global),
  });
  // Not awaited: a server that is slow to initialize must not hold up
  // activation (the commands are registered already).
  void ctx.start();
}

export async function deactivate(): Promise<void> {
  await ctx?.stopClient();
  ctx = undefined;
}
