package solc

// An FsPermission is one entry of foundry.toml's fs_permissions:
// `{ access = "read", path = "./" }`.
type FsPermission struct {
	// Access is "read", "write", "read-write" or "none" (forge's boolean
	// spellings true and false read as "read-write" and "none"; anything
	// else as "none").
	Access string
	// Path is as written: relative paths are relative to the project root.
	Path string
}

// CanRead reports whether the permission grants reads.
func (p FsPermission) CanRead() bool { return p.Access == "read" || p.Access == "read-write" }

// defaultFsPermissions is forge's default when foundry.toml names none:
// reading the artifacts folder.
var defaultFsPermissions = []FsPermission{{Access: "read", Path: "out"}}

// parseFsPermissions reads fs_permissions: an array of inline tables
// (`[{ access = "read", path = "./" }]`) or of tables
// (`[[profile.default.fs_permissions]]`). An entry without a path is
// dropped; false when v is not an array of tables.
func parseFsPermissions(v any) ([]FsPermission, bool) {
	var entries []map[string]any
	switch x := v.(type) {
	case []map[string]any:
		entries = x
	case []any:
		for _, e := range x {
			m, ok := e.(map[string]any)
			if !ok {
				return nil, false
			}
			entries = append(entries, m)
		}
	default:
		return nil, false
	}
	out := []FsPermission{}
	for _, e := range entries {
		p := FsPermission{Access: accessName(e["access"])}
		p.Path, _ = tomlString(e["path"])
		if p.Path != "" {
			out = append(out, p)
		}
	}
	return out, true
}

// accessName normalizes an access value (a string or forge's boolean) to
// "read", "write", "read-write" or "none".
func accessName(v any) string {
	switch v {
	case true, "true", "read-write":
		return "read-write"
	case "read", "write":
		return v.(string)
	}
	return "none"
}
