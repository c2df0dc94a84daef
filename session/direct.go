package session

import (
	"context"
	"errors"
	"slices"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/solc"
)

// ErrNoDirect marks a direct campaign with nothing to call beside suites
// that ran.
var ErrNoDirect = errors.New("no contract outside test code has a function to call")

// Direct runs the direct campaign; when suites run beside it, builds
// whose code outside the tests has nothing to call give an empty report
// that says so (ErrNoDirect) instead of an error.
func Direct(ctx context.Context, builds []*solc.Build, opts engine.Options, suites bool) (*engine.Report, error) {
	if len(builds) == 0 && suites {
		return &engine.Report{Note: ErrNoDirect.Error()}, nil
	}
	rep, err := engine.Fuzz(ctx, builds, opts)
	if suites && errors.Is(err, engine.ErrNoTargets) {
		return &engine.Report{Note: ErrNoDirect.Error()}, nil
	}
	return rep, err
}

// Without returns builds with the files of paths no longer requested
// (their units stay, for what imports them): the direct campaign of a
// compile that also holds suites, which run alone, neither targets nor
// starts from them. A build left with no requested file is dropped.
func Without(builds []*solc.Build, paths []string) []*solc.Build {
	if len(paths) == 0 {
		return builds
	}
	var out []*solc.Build
	for _, b := range builds {
		roots := slices.DeleteFunc(slices.Clone(b.Roots), func(unit string) bool {
			u := b.Units[unit]
			return u != nil && slices.Contains(paths, u.Path)
		})
		if len(roots) == len(b.Roots) {
			out = append(out, b)
			continue
		}
		if len(roots) == 0 {
			continue
		}
		nb := *b
		nb.Roots = roots
		out = append(out, &nb)
	}
	return out
}
