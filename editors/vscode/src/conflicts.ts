// A one-time notice when another Solidity extension that publishes
// diagnostics is enabled, so that doubled compiler errors are explained.
import * as vscode from 'vscode';

/** Extensions that compile Solidity and report diagnostics of their own. */
const others = [
  'JuanBlanco.solidity',
  'NomicFoundation.hardhat-solidity',
  'AckeeBlockchain.tools-for-solidity',
  'kanej.solidity-language',
];

export async function checkConflicts(context: vscode.ExtensionContext): Promise<void> {
  if (!vscode.workspace.getConfiguration('foresight').get<boolean>('showConflictNotice', true)) {
    return;
  }
  for (const id of others) {
    const other = vscode.extensions.getExtension(id);
    const key = `foresight.conflictNotice.${id.toLowerCase()}`;
    if (!other || context.globalState.get<boolean>(key)) {
      continue;
    }
    await context.globalState.update(key, true);
    const name = (other.packageJSON?.displayName as string | undefined) ?? id;
    const choice = await vscode.window.showInformationMessage(
      `Foresight: "${name}" is also enabled and compiles Solidity too, so compiler errors may appear twice in the Problems panel. ` +
        'Foresight\'s fuzzing findings have the source "foresight". You can turn off the other extension\'s diagnostics (or disable it for this workspace).',
      'Show Extension',
      "Don't Show Again",
    );
    if (choice === 'Show Extension') {
      await vscode.commands.executeCommand('workbench.extensions.search', `@id:${id}`);
    } else if (choice === "Don't Show Again") {
      await vscode.workspace.getConfiguration('foresight').update('showConflictNotice', false, vscode.ConfigurationTarget.Global);
    }
    return;
  }
}
