package solc

import "strings"

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

// parseFsPermissions reads fs_permissions' array of inline tables, as
// written on one line. An entry without a path is dropped.
func parseFsPermissions(raw string) []FsPermission {
	raw = strings.TrimSpace(raw)
	if !strings.HasPrefix(raw, "[") || !strings.HasSuffix(raw, "]") {
		return []FsPermission{}
	}
	out := []FsPermission{}
	for _, item := range splitTOMLArray(raw[1 : len(raw)-1]) {
		item = strings.TrimSpace(item)
		if !strings.HasPrefix(item, "{") || !strings.HasSuffix(item, "}") {
			continue
		}
		var p FsPermission
		for _, kv := range splitTOMLArray(item[1 : len(item)-1]) {
			k, v, ok := strings.Cut(kv, "=")
			if !ok {
				continue
			}
			val, _ := parseTOMLValue(strings.TrimSpace(v))
			switch strings.Trim(strings.TrimSpace(k), `"'`) {
			case "path":
				p.Path = val.str
			case "access":
				p.Access = accessName(strings.TrimSpace(v), val.str)
			}
		}
		if p.Path != "" {
			out = append(out, p)
		}
	}
	return out
}

// accessName normalizes an access value written raw (a string or forge's
// boolean) to "read", "write", "read-write" or "none".
func accessName(raw, str string) string {
	switch {
	case raw == "true" || str == "true" || str == "read-write":
		return "read-write"
	case str == "read" || str == "write":
		return str
	}
	return "none"
}
