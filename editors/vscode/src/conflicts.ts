// A one-time notice when another Solidity extension that publishes
// diagnostics is enabled, so that doubled compiler errors are explained.
// The editor is passed in (ConflictHost) so that this runs in unit tests
// without the workbench.

/** Extensions that compile Solidity and report diagnostics of their own. */
export const others = [
  'JuanBlanco.solidity',
  'NomicFoundation.hardhat-solidity',
  'AckeeBlockchain.tools-for-solidity',
  'kanej.solidity-language',
];

/** What the notice needs of the editor. */
export interface ConflictHost {
  /** The foresight.showConflictNotice setting. */
  enabled(): boolean;
  /** The display name of an installed extension, undefined if absent. */
  installed(id: string): string | undefined;
  /** The memento of notices already shown. */
  seen(key: string): boolean;
  markSeen(key: string): Promise<void>;
  ask(message: string, ...actions: string[]): Promise<string | undefined>;
  showExtension(id: string): Promise<void>;
  /** Sets foresight.showConflictNotice to false for the user. */
  turnOff(): Promise<void>;
}

/** Shows the notice for the first conflicting extension not yet told
 * about, and returns its id. */
export async function checkConflicts(host: ConflictHost): Promise<string | undefined> {
  if (!host.enabled()) {
    return undefined;
  }
  for (const id of others) {
    const name = host.installed(id);
    const key = `foresight.conflictNotice.${id.toLowerCase()}`;
    if (name === undefined || host.seen(key)) {
      continue;
    }
    await host.markSeen(key);
    const choice = await host.ask(
      `Foresight: "${name}" is also enabled and compiles Solidity too, so compiler errors may appear twice in the Problems panel. ` +
        'Foresight\'s fuzzing findings have the source "foresight". You can turn off the other extension\'s diagnostics (or disable it for this workspace).',
      'Show Extension',
      "Don't Show Again",
    );
    if (choice === 'Show Extension') {
      await host.showExtension(id);
    } else if (choice === "Don't Show Again") {
      await host.turnOff();
    }
    return id;
  }
  return undefined;
}
