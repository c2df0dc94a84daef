package engine

import (
	"context"
	"path/filepath"
	"reflect"
	"testing"
)

// TestValuesFromEarlierCalls fuzzes a coordinator whose every function but
// createSubscription reverts unless given the keccak-hashed id it
// returned: the assertion behind a valid id is found only when values an
// earlier call returned become arguments of later ones (neither fixture's
// is found at these seeds and budgets without them); and a registry whose
// assertion needs a string literal of the source as the argument.
func TestValuesFromEarlierCalls(t *testing.T) {
	for _, tt := range []struct {
		file  string
		execs uint64
		want  string
	}{
		{"coordinator.sol", 30_000, "assert-failure@44"},
		{"roles.sol", 5_000, "assert-failure@14"},
	} {
		t.Run(tt.file, func(t *testing.T) {
			bs := compile(t, filepath.Join("testdata", "earlier", tt.file))
			rep, err := Fuzz(context.Background(), bs, Options{Settings: Settings{Seed: 1, Execs: tt.execs}})
			if err != nil {
				t.Fatal(err)
			}
			if got := found(rep); !reflect.DeepEqual(got, []string{tt.want}) {
				t.Errorf("findings %v, want [%s]", got, tt.want)
			}
		})
	}
}
