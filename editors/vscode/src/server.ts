// Finds the `foresight` binary: the foresight.path setting, else the one
// bundled in the .vsix for this platform (bin/<platform>-<arch>/), else
// `foresight` on PATH.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';

export class ServerNotFound extends Error {}

export interface ResolvedServer {
  path: string;
  origin: 'setting foresight.path' | 'bundled' | 'PATH';
}

const exe = process.platform === 'win32' ? 'foresight.exe' : 'foresight';

export function resolveServer(context: vscode.ExtensionContext): ResolvedServer {
  const configured = vscode.workspace.getConfiguration('foresight').get<string>('path', '').trim();
  if (configured !== '') {
    const p = expand(configured);
    if (!isFile(p)) {
      throw new ServerNotFound(
        `Foresight: foresight.path is set to "${configured}", but ${p} is not a file. ` +
          'Point it at a foresight binary (go build -o foresight ./cmd/foresight), or clear it to use the bundled one.',
      );
    }
    return { path: p, origin: 'setting foresight.path' };
  }

  const bundled = context.asAbsolutePath(path.join('bin', `${process.platform}-${process.arch}`, exe));
  if (isFile(bundled)) {
    ensureExecutable(bundled);
    return { path: bundled, origin: 'bundled' };
  }

  const onPath = findOnPath(exe);
  if (onPath) {
    return { path: onPath, origin: 'PATH' };
  }
  throw new ServerNotFound(
    `Foresight: no language server found. This extension has no bundled binary for ${process.platform}-${process.arch} ` +
      'and "foresight" is not on PATH. Build it with "go build -o foresight ./cmd/foresight" in the Foresight repository ' +
      'and set foresight.path to it (or put it on PATH).',
  );
}

/** Expands ~ and resolves a relative path against the first workspace folder. */
function expand(p: string): string {
  if (p === '~' || p.startsWith('~/') || p.startsWith('~\\')) {
    p = path.join(os.homedir(), p.slice(1));
  }
  if (!path.isAbsolute(p)) {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    p = path.resolve(folder ?? process.cwd(), p);
  }
  return p;
}

function isFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

/** A .vsix may lose the executable bit on the way; put it back. */
function ensureExecutable(p: string): void {
  if (process.platform === 'win32') {
    return;
  }
  try {
    fs.accessSync(p, fs.constants.X_OK);
  } catch {
    try {
      fs.chmodSync(p, 0o755);
    } catch {
      // the start will fail with a clear error
    }
  }
}

function findOnPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) {
      continue;
    }
    const p = path.join(dir, name);
    if (!isFile(p)) {
      continue;
    }
    if (process.platform === 'win32') {
      return p;
    }
    try {
      fs.accessSync(p, fs.constants.X_OK);
      return p;
    } catch {
      // not executable: keep looking
    }
  }
  return undefined;
}
