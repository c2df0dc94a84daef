package solc

import (
	"context"
	"testing"

	"github.com/foresight-sol/foresight/internal/fixtures"
)

// BenchmarkCompile compares a cold compile (a new node process that loads
// the compiler) with a warm one (the long-lived worker), in the same run:
//
//	go test -run XXX -bench Compile -count 5 ./solc | benchstat -
func BenchmarkCompile(b *testing.B) {
	for _, mode := range []struct {
		name string
		m    OutputMode
	}{{"full", Full}, {"diagnostics", Diagnostics}} {
		path := fixtures.Example(b, "SequenceFoo.sol")
		p, err := LoadProject(FindRoot(path))
		if err != nil {
			b.Fatal(err)
		}
		units, _, err := p.Sources([]string{path}, nil)
		if err != nil {
			b.Fatal(err)
		}
		in := p.input(units, nil, mode.m, p.Settings, nil)
		tc := NewToolchain(Config{NoNative: true})
		comp, err := tc.Select(context.Background(), []Constraint{mustConstraint("^0.8.0")}, nil)
		tc.Close()
		if err != nil {
			b.Fatal(err)
		}
		js := comp.(*SolcJS)
		b.Run("cold/"+mode.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				w := NewNodeWorker("", nil)
				c := &SolcJS{Ver: js.Ver, Dir: js.Dir, Worker: w}
				if _, err := Compile(context.Background(), c, in); err != nil {
					b.Fatal(err)
				}
				w.Close()
			}
		})
		b.Run("warm/"+mode.name, func(b *testing.B) {
			w := NewNodeWorker("", nil)
			defer w.Close()
			c := &SolcJS{Ver: js.Ver, Dir: js.Dir, Worker: w}
			if _, err := Compile(context.Background(), c, in); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := Compile(context.Background(), c, in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func mustConstraint(s string) Constraint {
	c, err := ParseConstraint(s)
	if err != nil {
		panic(err)
	}
	return c
}
