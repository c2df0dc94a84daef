package solc

import (
	"fmt"
	"strings"
)

// MinStandardJSON is the oldest solc with a standard-JSON interface
// (--standard-json natively, compileStandard in solc-js). Foresight drives
// every compiler through it, so older releases cannot be used at all; their
// solc-js packages (0.4.0-0.4.10) only offer the legacy compile call, whose
// output the worker cannot read.
var MinStandardJSON = Version{0, 4, 11}

// UnsupportedVersionError reports a solc version Foresight cannot drive.
type UnsupportedVersionError struct {
	Version Version
}

func (e *UnsupportedVersionError) Error() string {
	return fmt.Sprintf("solc %s is not supported: Foresight needs solc %s or later (the first release with standard-JSON input, native or solc-js); change the pin or widen the pragma to >=%s",
		e.Version, MinStandardJSON, MinStandardJSON)
}

// embeddedVersions are the solc-js releases Foresight can install and run:
// KnownVersions from MinStandardJSON on.
func embeddedVersions() []Version {
	var out []Version
	for _, v := range KnownVersions() {
		if !v.Less(MinStandardJSON) {
			out = append(out, v)
		}
	}
	return out
}

// tooOldHint explains, for a NoCompilerError, that the pragmas only allow
// releases older than MinStandardJSON.
func tooOldHint(old []Version) string {
	if len(old) == 0 {
		return ""
	}
	vs := make([]string, len(old))
	for i, v := range old {
		vs[i] = v.String()
	}
	return fmt.Sprintf("; the pragmas allow only %s, older than %s, the first solc with standard-JSON input that Foresight needs: widen the pragma to >=%s",
		strings.Join(vs, ", "), MinStandardJSON, MinStandardJSON)
}

// preSolcJSVersions are the releases before the first solc-js package
// (0.1.0-0.3.6): a pragma such as ^0.3.0 allows only these, and gets the
// same widen-the-pragma hint as one that allows only 0.4.0-0.4.10.
func preSolcJSVersions() []Version {
	last := []int{7, 2, 6} // last patch of 0.1 .. 0.3
	var out []Version
	for i, n := range last {
		for p := 0; p <= n; p++ {
			out = append(out, Version{0, 1 + i, p})
		}
	}
	return out
}

// noInstallHint says, when installing was turned off, how to install v.
func noInstallHint(v *Version) string {
	if v == nil {
		return ""
	}
	return fmt.Sprintf("; installing was turned off by --no-install: run without --no-install, or install solc %s with 'foresight solc %s --version'", v, v)
}
