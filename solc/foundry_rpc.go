package solc

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
)

// RPCEndpoints returns foundry.toml's [rpc_endpoints] table of the project
// at root (alias -> URL, as written: ${VAR} references are the caller's
// to resolve), for the set-ups that fork by alias. A project without
// foundry.toml has none.
func RPCEndpoints(root string) (map[string]string, error) {
	path := filepath.Join(root, "foundry.toml")
	data, err := readConfig(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	doc, err := parseTOML(string(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	out := map[string]string{}
	for k, v := range doc.sub("rpc_endpoints") {
		if t, ok := v.(map[string]any); ok {
			// forge's table form: { endpoint = "...", retries = 3 }
			if v = t["endpoint"]; v == nil {
				v = t["url"]
			}
		}
		out[k], _ = tomlString(v)
	}
	return out, nil
}
