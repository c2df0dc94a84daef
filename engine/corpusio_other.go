//go:build !unix

package engine

// openNoFollow: elsewhere readRegular relies on its Lstat check alone.
const openNoFollow = 0

// openNonBlock: elsewhere ReadReportFile relies on its Stat check alone.
const openNonBlock = 0
