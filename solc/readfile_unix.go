//go:build !windows

package solc

import (
	"os"
	"syscall"
)

// openNonblocking opens path for reading with O_NONBLOCK, so that a FIFO
// without a writer does not block the open (it is then refused by its
// fstat). Regular files ignore the flag.
func openNonblocking(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
