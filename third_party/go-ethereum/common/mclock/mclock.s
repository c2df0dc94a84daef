// This file exists in order to be able to use go:linkname.
