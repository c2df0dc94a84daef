package engine

import (
	"context"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestLegacyInvalidDefaults fuzzes the 0.4 fixture whose INVALIDs stand
// for an assert, an index out of bounds, a division by zero and an enum
// conversion with the default oracles: only the assert is a finding, the
// others are panic kinds that are opt-in (TestOracleFixtures finds them
// with --oracles panics).
func TestLegacyInvalidDefaults(t *testing.T) {
	path := filepath.Join("testdata", "oracles", "invalid04_pos.sol")
	rep, err := Fuzz(context.Background(), compile(t, path), Options{Settings: Settings{Seed: 9, Execs: 20_000}})
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, k := range expected(t, path) {
		if strings.HasPrefix(k, "assert-failure@") {
			want = append(want, k)
		}
	}
	if got := found(rep); len(want) != 1 || !reflect.DeepEqual(got, want) {
		t.Errorf("findings %v, want %v", got, want)
	}
}
