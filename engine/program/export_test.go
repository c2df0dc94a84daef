package program

// SetParseHook sets the hook every AST parse calls, for the tests of
// package program_test (which import testbuild, which imports program).
func SetParseHook(f func(unit string)) { testHookParse = f }
