package deploy

import (
	"encoding/hex"
	"os"
	"path/filepath"
	"testing"

	"github.com/foresight-sol/foresight/engine/internal/testbuild"
	"github.com/foresight-sol/foresight/engine/program"
)

// TestTokenBytecodeMatchesSource recompiles the shipped token's source
// with the compiler and settings of its foundry.toml: the bytecode in
// token.go is exactly what that source compiles to. Run with
// FORESIGHT_PRINT_TOKEN=1 to print the bytecode after changing the source.
func TestTokenBytecodeMatchesSource(t *testing.T) {
	root := filepath.Join("testdata", "token")
	prog, err := program.New(testbuild.CompileIn(t, root, filepath.Join("src", "ForesightToken.sol")))
	if err != nil {
		t.Fatal(err)
	}
	c, ok := prog.Lookup("ForesightToken")
	if !ok {
		t.Fatal("no ForesightToken in the build")
	}
	got := hex.EncodeToString(c.Artifact.Creation.Bytes)
	if os.Getenv("FORESIGHT_PRINT_TOKEN") != "" {
		t.Log(got)
	}
	if got != tokenCreationHex {
		t.Fatalf("token.go's bytecode is not what testdata/token compiles to (%d vs %d hex digits); update tokenCreationHex", len(tokenCreationHex), len(got))
	}
}
