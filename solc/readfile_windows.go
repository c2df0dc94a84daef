package solc

import "os"

// openNonblocking opens path for reading. A Windows path does not name a
// FIFO that blocks its open, so there is no flag to add.
func openNonblocking(path string) (*os.File, error) {
	return os.Open(path)
}
