package solc

import (
	"reflect"
	"testing"
)

// TestFoundryFsPermissions reads foundry.toml's fs_permissions: inline
// tables on one line or several, forge's boolean access, a profile's
// list replacing the default's, and forge's default (read out/) when
// foundry.toml names none.
func TestFoundryFsPermissions(t *testing.T) {
	for _, tt := range []struct {
		toml string
		want []FsPermission
	}{
		{"[profile.default]\n", []FsPermission{{Access: "read", Path: "out"}}},
		{"[profile.default]\nfs_permissions = [{ access = \"read-write\", path = \"./\"}]\n",
			[]FsPermission{{Access: "read-write", Path: "./"}}},
		{"[profile.default]\nfs_permissions = [\n  { access = \"read\", path = \"./test/fixtures\" }, # fixtures\n  { path = 'out', access = \"write\" },\n  { access = true, path = \"a\" },\n  { access = \"nonsense\", path = \"b\" },\n  { access = \"read\" },\n]\n",
			[]FsPermission{{Access: "read", Path: "./test/fixtures"}, {Access: "write", Path: "out"}, {Access: "read-write", Path: "a"}, {Access: "none", Path: "b"}}},
		{"[profile.default]\nfs_permissions = []\n", []FsPermission{}},
		{"[profile.default]\nfs_permissions = [{ access = \"read\", path = \"a\"}]\n[profile.ci]\nfs_permissions = [{ access = \"none\", path = \"b\"}]\n",
			[]FsPermission{{Access: "none", Path: "b"}}},
	} {
		t.Setenv("FOUNDRY_PROFILE", "ci")
		root := writeTree(t, map[string]string{"foundry.toml": tt.toml, "src/A.sol": "pragma solidity ^0.8.0;\ncontract A {}\n"})
		p, err := LoadProject(root)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(p.FsPermissions, tt.want) {
			t.Errorf("%q: fs_permissions %+v, want %+v", tt.toml, p.FsPermissions, tt.want)
		}
	}
}
