// The language client: how `foresight lsp` is started and which
// vscode-languageclient options and middleware Foresight uses.
import * as vscode from 'vscode';
import {
  CloseAction,
  ErrorAction,
  LanguageClient,
  LanguageClientOptions,
  RevealOutputChannelOn,
  ServerOptions,
  TransportKind,
} from 'vscode-languageclient/node';
import { connectionErrorAction, section, serverSettings } from './config';
import { StatusItem } from './status';

/** The server's workspace/executeCommand commands (lsp/initialize.go).
 * The client registers them as VS Code commands; the palette commands of
 * package.json have other ids (foresight.fuzzCurrentFile, not
 * foresight.fuzzFile) so that the two never clash. */
export const ServerCommands = {
  replay: 'foresight.replay',
  exportTest: 'foresight.exportFoundryTest',
  fuzzFunction: 'foresight.fuzzFunction',
  fuzzFile: 'foresight.fuzzFile',
  showMutant: 'foresight.showMutant',
  addPropertySkeleton: 'foresight.addPropertySkeleton',
} as const;

/** Sent when the user trusts the workspace (lsp/workspace.go). */
export const grantTrustNotification = 'foresight/didGrantWorkspaceTrust';

/** The "foresight" section as the server reads it. */
export function currentServerSettings(): Record<string, unknown> {
  const cfg = vscode.workspace.getConfiguration(section);
  return serverSettings((key) => cfg.get(key));
}

/** What the client reports to the rest of the extension. */
export interface ClientHooks {
  output: vscode.LogOutputChannel;
  traceOutput: vscode.LogOutputChannel;
  status: StatusItem;
  initializationFailed(message: string): void;
  /** The server exited on its own: restart it or not. */
  closed(): { action: CloseAction; handled: boolean };
  /** A server command ran (from a code action, lens or ourselves). */
  afterServerCommand(command: string, args: unknown[], result: unknown): Promise<void>;
}

export function createClient(command: string, args: string[], hooks: ClientHooks): LanguageClient {
  const serverOptions: ServerOptions = {
    command,
    args,
    transport: TransportKind.stdio,
    options: { cwd: vscode.workspace.workspaceFolders?.[0]?.uri.fsPath },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ scheme: 'file', language: 'solidity' }],
    diagnosticCollectionName: 'foresight',
    outputChannel: hooks.output,
    traceOutputChannel: hooks.traceOutput,
    revealOutputChannelOn: RevealOutputChannelOn.Never,
    // Replays answer JSON and show no popup: we open the trace ourselves.
    // trustedWorkspace: only a trusted workspace may run the compiler its
    // foundry.toml names (docs/security.md); a grant is sent later. It is
    // beside the "foresight" section, not in it, so that a workspace's own
    // settings cannot trust it.
    initializationOptions: () => ({
      foresight: currentServerSettings(),
      replay: { structured: true, quiet: true },
      trustedWorkspace: vscode.workspace.isTrusted,
    }),
    initializationFailedHandler: (error) => {
      hooks.initializationFailed(`Foresight: the language server failed to initialize: ${error?.message ?? error}`);
      return false;
    },
    errorHandler: {
      error: (_error, _message, count) =>
        connectionErrorAction(count) === 'continue' ? { action: ErrorAction.Continue } : { action: ErrorAction.Shutdown },
      closed: () => hooks.closed(),
    },
    middleware: {
      workspace: {
        configuration: (params, token, next) => {
          if (params.items.every((item) => item.section !== section)) {
            return next(params, token);
          }
          return params.items.map((item) =>
            item.section === section ? currentServerSettings() : vscode.workspace.getConfiguration(item.section).get(''),
          );
        },
      },
      // Campaign progress goes to our status item instead of a second,
      // generic window progress; "end" still reaches the client so it
      // releases the token.
      handleWorkDoneProgress: (token, params, next) => {
        hooks.status.progress(String(token), params);
        if (params.kind === 'end') {
          next(token, params);
        }
      },
      executeCommand: async (command, args, next) => {
        const result = await next(command, args);
        await hooks.afterServerCommand(command, args, result);
        return result;
      },
    },
  };
  return new LanguageClient('foresight', 'Foresight', serverOptions, clientOptions);
}
