package replay

import (
	"testing"

	"github.com/foresight-sol/foresight/solc"
)

// TestChainVersion: the chain follows the project's EVM version exactly
// (the attacker contracts run on all of them); without one, or with a name
// solc does not know, it runs the newest rules.
func TestChainVersion(t *testing.T) {
	build := func(v string) []*solc.Build {
		return []*solc.Build{{Project: &solc.Project{Settings: solc.Settings{EVMVersion: v}}}}
	}
	for _, tt := range []struct{ project, want string }{
		{"", ""}, {"homestead", "homestead"}, {"byzantium", "byzantium"}, {"paris", "paris"}, {"shanghai", "shanghai"}, {"cancun", "cancun"}, {"prague", "prague"}, {"osaka", "osaka"}, {"nonsense", ""},
	} {
		if got := ChainVersion(build(tt.project)); got != tt.want {
			t.Errorf("project %q: chain %q, want %q", tt.project, got, tt.want)
		}
	}
	if got := ChainVersion([]*solc.Build{{}}); got != "" {
		t.Errorf("no project: chain %q, want the newest", got)
	}
}
