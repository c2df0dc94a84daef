package solc

import (
	"reflect"
	"testing"
)

func TestScanDirectives(t *testing.T) {
	src := `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
pragma experimental ABIEncoderV2;
/* import "commented.sol"; pragma solidity 0.1.0; */
// import "line-comment.sol";
import "./A.sol";
import './B.sol' as B;
import * as C from "lib/C.sol";
import {D, E as F} from "@oz/D.sol";
import
  "multi\"line.sol";
pragma solidity >=0.4.22   <0.9.0 ;
contract X { string s = "import \"no.sol\";"; }
`
	d := ScanDirectives([]byte(src))
	wantPragmas := []string{"^0.8.0", ">=0.4.22   <0.9.0"}
	wantImports := []string{"./A.sol", "./B.sol", "lib/C.sol", "@oz/D.sol", `multi"line.sol`}
	if !reflect.DeepEqual(d.Pragmas, wantPragmas) {
		t.Errorf("pragmas = %q, want %q", d.Pragmas, wantPragmas)
	}
	if !reflect.DeepEqual(d.Imports, wantImports) {
		t.Errorf("imports = %q, want %q", d.Imports, wantImports)
	}
	if got := src[d.PragmaSpans[0][0]:d.PragmaSpans[0][1]]; got != "pragma solidity ^0.8.0;" {
		t.Errorf("first pragma span = %q", got)
	}
	wantSpans := []string{`"./A.sol"`, `'./B.sol'`, `"lib/C.sol"`, `"@oz/D.sol"`, `"multi\"line.sol"`}
	for i, sp := range d.ImportSpans {
		if i < len(wantSpans) && src[sp[0]:sp[1]] != wantSpans[i] {
			t.Errorf("import span %d = %q, want %q", i, src[sp[0]:sp[1]], wantSpans[i])
		}
	}
	if len(d.ImportSpans) != len(wantSpans) {
		t.Errorf("%d import spans, want %d", len(d.ImportSpans), len(wantSpans))
	}
}

func TestScanDirectivesUnfinished(t *testing.T) {
	for _, src := range []string{"pragma solidity ^0.8", "import \"a.sol", "/* never closed", "import", "pragma", "\"", "pragma solidity"} {
		ScanDirectives([]byte(src)) // must not panic or hang
	}
}

func FuzzScanDirectives(f *testing.F) {
	f.Add([]byte("pragma solidity ^0.8.0;\nimport \"./a.sol\";"))
	f.Add([]byte("/* */ // \n import {a} from 'b'; pragma solidity 0.4.26"))
	f.Fuzz(func(t *testing.T, src []byte) {
		d := ScanDirectives(src)
		if len(d.Pragmas) != len(d.PragmaSpans) {
			t.Fatalf("%d pragmas but %d spans", len(d.Pragmas), len(d.PragmaSpans))
		}
		for _, sp := range d.PragmaSpans {
			if sp[0] < 0 || sp[1] > len(src) || sp[0] > sp[1] {
				t.Fatalf("span %v out of range for %d bytes", sp, len(src))
			}
		}
		if len(d.Imports) != len(d.ImportSpans) {
			t.Fatalf("%d imports but %d spans", len(d.Imports), len(d.ImportSpans))
		}
		for _, sp := range d.ImportSpans {
			if sp[0] < 0 || sp[1] > len(src) || sp[0] >= sp[1] || (src[sp[0]] != '"' && src[sp[0]] != '\'') {
				t.Fatalf("import span %v does not start at a quote in %q", sp, src)
			}
		}
	})
}
