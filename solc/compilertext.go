package solc

import "unicode/utf8"

// compilerText is a unit's content as the compiler gets it: each byte of
// invalid UTF-8 (in a comment, where solc accepts any byte) replaced by
// '?'. JSON cannot carry such bytes, so encoding/json would send each as
// U+FFFD, three bytes in solc's offsets for one in the file, and every
// source location after it would point further right than the code it
// names. One byte for one keeps solc's offsets the file's. Invalid UTF-8
// in a string literal is an error for solc either way.
func compilerText(content []byte) string {
	if utf8.Valid(content) {
		return string(content)
	}
	out := make([]byte, 0, len(content))
	for i := 0; i < len(content); {
		r, size := utf8.DecodeRune(content[i:])
		if r == utf8.RuneError && size == 1 {
			out = append(out, '?')
		} else {
			out = append(out, content[i:i+size]...)
		}
		i += size
	}
	return string(out)
}
