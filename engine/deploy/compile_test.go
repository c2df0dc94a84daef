package deploy

import "github.com/foresight-sol/foresight/engine/internal/testbuild"

// compile is the engine tests' fixture compiler (engine/internal/testbuild).
var compile = testbuild.Program
