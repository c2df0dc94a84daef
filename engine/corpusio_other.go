//go:build !unix

package engine

// openNoFollow: elsewhere readRegular relies on its Lstat check alone.
const openNoFollow = 0
