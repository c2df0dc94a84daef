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
// earlier call returned become arguments of later ones.
func TestValuesFromEarlierCalls(t *testing.T) {
	bs := compile(t, filepath.Join("testdata", "earlier", "coordinator.sol"))
	rep, err := Fuzz(context.Background(), bs, Options{Settings: Settings{Seed: 1, Execs: 30_000}})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := found(rep), []string{"assert-failure@44"}; !reflect.DeepEqual(got, want) {
		t.Errorf("findings %v, want %v", got, want)
	}
}
