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
