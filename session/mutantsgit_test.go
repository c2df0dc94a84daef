package session

import (
	"testing"

	"github.com/foresight-sol/foresight/engine/mutant"
)

// sampleDiff is git diff -U0 of a modified line, two added lines, two
// deleted lines and a deleted file.
const sampleDiff = `diff --git a/src/A.sol b/src/A.sol
index 1..2 100644
--- a/src/A.sol
+++ b/src/A.sol
@@ -3 +3 @@ contract A {
-    uint x;
+    uint y;
@@ -10,0 +11,2 @@ contract A {
+    a;
+    b;
@@ -20,2 +22,0 @@
-    c;
-    d;
diff --git a/gone.sol b/gone.sol
--- a/gone.sol
+++ /dev/null
@@ -1,3 +0,0 @@
`

// TestParseDiff: the new side's changed lines of each file; a deletion
// changes none.
func TestParseDiff(t *testing.T) {
	got := parseDiff([]byte(sampleDiff))
	want := mutant.Lines{{From: 3, To: 3}, {From: 11, To: 12}}
	if len(got) != 1 || len(got["src/A.sol"]) != 2 || got["src/A.sol"][0] != want[0] || got["src/A.sol"][1] != want[1] {
		t.Errorf("parseDiff = %v, want src/A.sol: %v", got, want)
	}
}

// FuzzParseDiff: whatever git (or a broken pipe) prints, parseDiff
// neither panics nor gives a file with no name or a range that is not
// lines 1 and up, first before last.
func FuzzParseDiff(f *testing.F) {
	f.Add([]byte(sampleDiff))
	f.Add([]byte("+++ b/x.sol\n@@ -1 +-5,3 @@\n@@ -1 +3,-9 @@\n@@ -1 +9223372036854775807,2 @@\n@@ -1 +0,0 @@\n"))
	f.Fuzz(func(t *testing.T, diff []byte) {
		for file, ls := range parseDiff(diff) {
			if file == "" {
				t.Fatalf("a file with no name: %v", ls)
			}
			for _, r := range ls {
				if r.From < 1 || r.To < r.From {
					t.Fatalf("%s: range %d-%d", file, r.From, r.To)
				}
			}
		}
	})
}
