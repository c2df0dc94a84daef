//go:build !unix

package safefile

// openNoFollow: elsewhere Read relies on its Lstat check alone.
const openNoFollow = 0

// openNonBlock: elsewhere ReadFollow relies on its Stat check alone.
const openNonBlock = 0
