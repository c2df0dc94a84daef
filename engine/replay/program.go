package replay

import (
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/solc"
)

// Program is program.New with each proxy of the build given the
// functions of the implementation it is deployed pointing at
// (deploy.AddImplementationMethods). Every path that names a call by
// contract and function (fuzzing, replay, minimizing, sharding, export)
// makes its program here, so that a call to the proxy with the
// implementation's function means the same thing in all of them.
func Program(builds []*solc.Build) (*program.Program, error) {
	prog, err := program.New(builds)
	if err != nil {
		return nil, err
	}
	deploy.AddImplementationMethods(prog)
	return prog, nil
}
