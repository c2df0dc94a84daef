// Package notices carries THIRD_PARTY_NOTICES into the binary, for
// `foresight version --licenses`. The file here is a copy of the one at the
// repository root (go:embed cannot reach a parent directory); scripts/notices
// writes both and the package's test fails when they differ or when the
// modules the binary links have changed.
package notices

import _ "embed"

//go:embed THIRD_PARTY_NOTICES
var text string

// Text returns the third-party notices: every module linked into the
// binary, its licence and the licence texts.
func Text() string { return text }
