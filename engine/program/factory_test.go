package program_test

import (
	"path/filepath"
	"reflect"
	"sort"
	"testing"

	"github.com/foresight-sol/foresight/engine/internal/testbuild"
	"github.com/foresight-sol/foresight/engine/program"
)

// TestFactoryCalled: the factory of swc112_neg_factory_init.sol creates
// each InitProxy and calls initialize on it in the same function; the
// factory of swc112_pos_factory_noinit.sol calls nothing on the proxies
// it creates, and a contract created in a constructor and never called
// (Logic) has no such function either. A base that declares the
// function the factory calls, and a sibling whose initializer overload
// runs it internally, have it too; a contract with a function of the
// same name and nothing else in common has not.
func TestFactoryCalled(t *testing.T) {
	for _, tt := range []struct {
		file string
		want map[string][]string
	}{
		{"swc112_neg_factory_init.sol", map[string][]string{"InitProxy": {"initialize"}}},
		{"swc112_pos_factory_noinit.sol", map[string][]string{}},
		// The declaration the factory runs, wherever it is carried or run.
		{"swc112_neg_factory_init_base.sol", map[string][]string{
			"AdminProxy": {"initialize"}, "InitProxy": {"initialize"}, "InitAdminProxy": {"initialize"},
		}},
		// The same name in an unrelated contract is not the same function.
		{"swc112_pos_factory_other.sol", map[string][]string{"InitProxy": {"initialize"}}},
	} {
		prog, err := program.New(testbuild.Compile(t, filepath.Join("..", "testdata", "vulns", tt.file)))
		if err != nil {
			t.Fatal(err)
		}
		got := map[string][]string{}
		for _, c := range prog.Contracts {
			for name := range c.FactoryCalled() {
				got[c.Name] = append(got[c.Name], name)
			}
			sort.Strings(got[c.Name])
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: factory-called functions %v, want %v", tt.file, got, tt.want)
		}
	}
}
