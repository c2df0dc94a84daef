// The extension's reading of its settings, without the vscode module (the
// reader is passed in) so that it is unit tested outside the workbench.
// The keys come from session/settings_list.go by way of settingKeys.ts.
import { serverSettingKeys } from './settingKeys';

/** The configuration section of every Foresight setting. */
export const section = 'foresight';

/** Settings whose change needs a new server process. */
export const restartSettings: readonly string[] = ['foresight.path', 'foresight.serverArgs'];

/** Reads one key of the "foresight" section (WorkspaceConfiguration.get). */
export type SettingReader = (key: string) => unknown;

/** The "foresight" section as the server reads it: the server's keys that
 * have a value, without the extension's own (path, serverArgs, ...). */
export function serverSettings(get: SettingReader): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of serverSettingKeys) {
    const v = get(key);
    if (v !== undefined && v !== null) {
      out[key] = v;
    }
  }
  return out;
}

/** What to do about an error on the connection to the server: go on
 * ('continue') or stop the client ('shutdown'). count is how many writes
 * have failed; it is undefined for an error of the stream itself, such as
 * EPIPE after the server was killed. That one is left to the close
 * handler, which restarts a server that exited: stopping here would make
 * the close look intended, and the server would not be restarted. */
export function connectionErrorAction(count: number | undefined): 'continue' | 'shutdown' {
  return count === undefined || count <= 3 ? 'continue' : 'shutdown';
}

/** What a configuration change asks of the extension. */
export function changeAction(affects: (section: string) => boolean): 'none' | 'restart' | 'notify' {
  if (!affects(section)) {
    return 'none';
  }
  return restartSettings.some((s) => affects(s)) ? 'restart' : 'notify';
}

/** The server's arguments: `lsp` then the user's serverArgs (anything but
 * an array of strings is ignored). */
export function serverArgs(get: SettingReader): string[] {
  const extra = get('serverArgs');
  return ['lsp', ...(Array.isArray(extra) ? extra.filter((a): a is string => typeof a === 'string') : [])];
}
