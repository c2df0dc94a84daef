package solc

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// MaxSourceBytes bounds one source file read from disk. Generated sources
// of a few MiB exist; nothing near this size compiles in useful time.
const MaxSourceBytes = 32 << 20

// ErrNotSource is wrapped by errors about a path that cannot be a source
// file: a device, a FIFO, a directory, or a file over MaxSourceBytes.
var ErrNotSource = errors.New("not a source file")

// readSource reads a source file from disk. Anything but a regular file is
// refused before it is opened, so /dev/zero cannot flood memory and a
// FIFO cannot block the compile, and the read is capped.
func readSource(path string) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: %w: not a regular file", path, ErrNotSource)
	}
	if fi.Size() > MaxSourceBytes {
		return nil, fmt.Errorf("%s: %w: %d bytes, over %d", path, ErrNotSource, fi.Size(), MaxSourceBytes)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxSourceBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxSourceBytes {
		return nil, fmt.Errorf("%s: %w: over %d bytes", path, ErrNotSource, MaxSourceBytes)
	}
	return data, nil
}
