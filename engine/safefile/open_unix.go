//go:build unix

package safefile

import "syscall"

// openNoFollow makes opening a corpus file fail on a symlink and never
// block on a FIFO.
const openNoFollow = syscall.O_NOFOLLOW | syscall.O_NONBLOCK

// openNonBlock makes opening a file named by the user never block on a
// FIFO swapped in after the check.
const openNonBlock = syscall.O_NONBLOCK
