package solc

import "testing"

func TestConstraintAllows(t *testing.T) {
	tests := []struct {
		expr    string
		allow   []string
		deny    []string
		wantErr bool
	}{
		{expr: "^0.8.0", allow: []string{"0.8.0", "0.8.37"}, deny: []string{"0.7.6", "0.9.0"}},
		{expr: "^0.4.24", allow: []string{"0.4.24", "0.4.26"}, deny: []string{"0.4.23", "0.5.0"}},
		{expr: "^0.0.3", allow: []string{"0.0.3"}, deny: []string{"0.0.4"}},
		{expr: "~0.8.1", allow: []string{"0.8.1", "0.8.30"}, deny: []string{"0.8.0", "0.9.0"}},
		{expr: ">=0.4.22 <0.9.0", allow: []string{"0.4.22", "0.8.37"}, deny: []string{"0.4.21", "0.9.0"}},
		{expr: ">= 0.6.0  < 0.8.0", allow: []string{"0.6.0", "0.7.6"}, deny: []string{"0.8.0", "0.5.17"}},
		{expr: "0.8.19", allow: []string{"0.8.19"}, deny: []string{"0.8.18", "0.8.20"}},
		{expr: "=0.7.6", allow: []string{"0.7.6"}, deny: []string{"0.7.5"}},
		{expr: "0.8", allow: []string{"0.8.0", "0.8.37"}, deny: []string{"0.9.0", "0.7.6"}},
		{expr: "0.8.x", allow: []string{"0.8.5"}, deny: []string{"0.9.0"}},
		{expr: "*", allow: []string{"0.4.0", "0.8.37"}},
		{expr: ">0.8.1", allow: []string{"0.8.2"}, deny: []string{"0.8.1"}},
		{expr: ">0.7", allow: []string{"0.8.0"}, deny: []string{"0.7.6"}},
		{expr: "<=0.8.4", allow: []string{"0.8.4"}, deny: []string{"0.8.5"}},
		{expr: "<=0.7", allow: []string{"0.7.6"}, deny: []string{"0.8.0"}},
		{expr: "^0.6.0 || ^0.7.0", allow: []string{"0.6.12", "0.7.6"}, deny: []string{"0.8.0", "0.5.0"}},
		{expr: "0.5.0 - 0.6.2", allow: []string{"0.5.0", "0.6.2"}, deny: []string{"0.6.3"}},
		{expr: "0.5 - 0.6", allow: []string{"0.6.12"}, deny: []string{"0.7.0"}},
		{expr: "^0.8.0-alpha", allow: []string{"0.8.1"}},
		{expr: "", wantErr: true},
		{expr: "abc", wantErr: true},
		{expr: "0.8.1.2", wantErr: true},
	}
	for _, tt := range tests {
		c, err := ParseConstraint(tt.expr)
		if (err != nil) != tt.wantErr {
			t.Errorf("ParseConstraint(%q) error = %v, wantErr %v", tt.expr, err, tt.wantErr)
			continue
		}
		for _, v := range tt.allow {
			if !c.Allows(MustVersion(v)) {
				t.Errorf("%q should allow %s", tt.expr, v)
			}
		}
		for _, v := range tt.deny {
			if c.Allows(MustVersion(v)) {
				t.Errorf("%q should not allow %s", tt.expr, v)
			}
		}
	}
}

func TestParseVersion(t *testing.T) {
	for in, want := range map[string]Version{
		"0.8.19":  {0, 8, 19},
		"v0.4.26": {0, 4, 26},
		"0.8.37+commit.f401782d.Emscripten.clang": {0, 8, 37},
	} {
		got, err := ParseVersion(in)
		if err != nil || got != want {
			t.Errorf("ParseVersion(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "0.8", "a.b.c", "0.8.-1"} {
		if _, err := ParseVersion(bad); err == nil {
			t.Errorf("ParseVersion(%q) succeeded", bad)
		}
	}
}

func FuzzParseConstraint(f *testing.F) {
	for _, s := range []string{"^0.8.0", ">=0.4.22 <0.9.0", "0.5 - 0.6", "^0.6.0 || ^0.7.0", "~0.8.x", "> = <"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseConstraint(s)
		if err != nil {
			return
		}
		// Allows must be total and the text preserved.
		for _, v := range KnownVersions() {
			c.Allows(v)
		}
		if c.String() == "" && len(s) > 0 && s != " " {
			_ = c
		}
	})
}
