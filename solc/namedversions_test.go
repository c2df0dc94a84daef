package solc

import (
	"reflect"
	"testing"
)

// The compilations these choices make are checked end to end by
// TestCompilationUnits on testdata/versions/named-*.

func TestRangeVersion(t *testing.T) {
	tests := []struct {
		r, want string
	}{
		{"0.8.19", "0.8.19"}, {"=0.8.19", "0.8.19"}, {"v0.8.19", "0.8.19"},
		{"^0.8.19", "0.8.19"}, {"~0.8.19", "0.8.19"}, {" ^0.4.24 ", "0.4.24"},
		{">=0.8.0 <0.9.0", ""}, {"0.8.x", ""}, {"*", ""}, {"^0.7.0 || ^0.8.0", ""}, {"", ""},
	}
	for _, tt := range tests {
		got, ok := rangeVersion(tt.r)
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("rangeVersion(%q) = %q, %v, want %q", tt.r, got, ok, tt.want)
		}
	}
}

// TestNamedVersions: every source a project names a compiler in counts,
// highest first, each version once; what does not parse names nothing,
// and a peer dependency on solc names nothing (the host picks it).
func TestNamedVersions(t *testing.T) {
	root := writeTree(t, map[string]string{
		"package.json": `{"devDependencies":{"solc":"^0.8.19"}}`,
		"cache/solidity-files-cache.json": `{"_format":"hh-sol-cache-2","files":{
			"/p/contracts/A.sol":{"solcConfig":{"version":"0.8.20"}},
			"/p/contracts/B.sol":{"solcConfig":{"version":"0.6.12"}},
			"/p/contracts/C.sol":{"solcConfig":{"version":"0.8.20"}}}}`,
		"artifacts/build-info/a.json": `{"id":"a","_format":"hh-sol-build-info-1","solcVersion":"0.7.6","input":{}}`,
		"artifacts/build-info/b.json": `{"id":"b","solcVersion":"latest"}`,
		"artifacts/build-info/c.json": `not json at all`,
	})
	got := readNamedVersions(root)
	want := []Version{MustVersion("0.8.20"), MustVersion("0.8.19"), MustVersion("0.7.6"), MustVersion("0.6.12")}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("named %v, want %v", got, want)
	}
	peer := writeTree(t, map[string]string{"package.json": `{"peerDependencies":{"solc":"0.8.19"}}`})
	if got := readNamedVersions(peer); len(got) != 0 {
		t.Errorf("peer dependency: named %v, want none", got)
	}
}

// TestNamedChoice: the highest named version the pragmas allow wins, as a
// native binary of it when there is one, else solc-js; a named version
// that is not at hand (not installed, with installing off) is passed
// over.
func TestNamedChoice(t *testing.T) {
	v := MustVersion
	allows := allowsAll([]Constraint{mustConstraint(">=0.6.0 <0.8.21")})
	natives := []*Native{{Ver: v("0.8.20")}, {Ver: v("0.8.19")}}
	p := &Project{NamedVersions: []Version{v("0.8.30"), v("0.8.19"), v("0.7.6")}}
	ch, ok := namedChoice(p, allows, natives, embeddedVersions())
	if !ok || ch.native == nil || ch.native.Ver != v("0.8.19") {
		t.Errorf("choice %+v, %v: want the native 0.8.19", ch, ok)
	}
	ch, ok = namedChoice(p, allows, nil, embeddedVersions())
	if !ok || ch.native != nil || ch.js != v("0.8.19") {
		t.Errorf("without natives: choice %+v, %v: want solc-js 0.8.19", ch, ok)
	}
	ch, ok = namedChoice(p, allows, nil, []Version{v("0.7.6")})
	if !ok || ch.js != v("0.7.6") {
		t.Errorf("only 0.7.6 installed: choice %+v, %v: want solc-js 0.7.6", ch, ok)
	}
	if ch, ok := namedChoice(&Project{}, allows, natives, embeddedVersions()); ok {
		t.Errorf("nothing named: choice %+v", ch)
	}
}
