package lsp

import "github.com/foresight-sol/foresight/session"

// settingSpec is one editor setting: its key, JSON type, default, bounds
// and documentation, defined once for the editor and the command line in
// package session (session.Setting, settings_list.go). `go test ./lsp
// -run TestSettingArtifacts -update` writes from settingSpecs the VS Code
// extension's configuration (package.json), its list of server keys
// (src/settingKeys.ts) and the settings tables of docs/lsp.md,
// editors/README.md and editors/vscode/README.md, and that test fails
// when any of them is stale. Settings' json tags must match the server
// keys.
type settingSpec = session.Setting

// settingSpecs lists the settings in the order editors show them.
var settingSpecs = session.EditorSettings()

// serverSettingKeys are the keys of the settings the server reads.
func serverSettingKeys() []string {
	var keys []string
	for _, sp := range settingSpecs {
		if sp.Editor == "" {
			keys = append(keys, sp.Key)
		}
	}
	return keys
}
