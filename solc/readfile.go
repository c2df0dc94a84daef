package solc

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// Caps on what the driver reads from the workspace. A config file of a
// few KiB is usual and nothing near MaxConfigBytes is a config; generated
// sources of a few MiB exist, and nothing near MaxSourceBytes compiles in
// useful time.
const (
	MaxConfigBytes = 4 << 20  // foundry.toml, remappings.txt, a Hardhat config, package.json
	MaxSourceBytes = 32 << 20 // one .sol source
)

// ErrNotRegular is wrapped by errors about a workspace file the driver
// refuses to read: a device, a FIFO, a socket or a directory (symbolic
// links resolved), or a file over its cap.
var ErrNotRegular = errors.New("refused to read")

// ErrNotSource is ErrNotRegular for sources, kept for callers that test
// for it.
var ErrNotSource = ErrNotRegular

// readSource reads a source file from the workspace (readRegular, capped
// at MaxSourceBytes).
func readSource(path string) ([]byte, error) { return readRegular(path, MaxSourceBytes) }

// readConfig reads a configuration file from the workspace (readRegular,
// capped at MaxConfigBytes).
func readConfig(path string) ([]byte, error) { return readRegular(path, MaxConfigBytes) }

// readRegular is the one way the driver reads a file of the workspace.
// Anything but a regular file (symbolic links resolved) is refused before
// it is opened, so /dev/zero cannot flood memory; the open never blocks,
// and the opened file is checked again, so a FIFO swapped in after the
// check is refused too; and at most max bytes are read.
func readRegular(path string, max int64) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := checkRegular(path, fi, max); err != nil {
		return nil, err
	}
	return readOpened(path, max)
}

// readHead reads at most the first n bytes of a regular file of the
// workspace, whatever its size (a Hardhat build-info names its compiler
// in its first line and goes on for megabytes); it refuses what
// readRegular refuses but size.
func readHead(path string, n int64) ([]byte, error) {
	const anySize = 1<<63 - 1
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := checkRegular(path, fi, anySize); err != nil {
		return nil, err
	}
	f, err := openNonblocking(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err = f.Stat(); err != nil {
		return nil, err
	}
	if err := checkRegular(path, fi, anySize); err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(f, n))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return data, nil
}

// readOpened opens path without blocking (O_NONBLOCK where there is one),
// refuses it unless fstat says it is a regular file of at most max bytes,
// and reads at most max bytes.
func readOpened(path string, max int64) ([]byte, error) {
	f, err := openNonblocking(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if err := checkRegular(path, fi, max); err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	if int64(len(data)) > max {
		return nil, tooLarge(path, max)
	}
	return data, nil
}

func checkRegular(path string, fi os.FileInfo, max int64) error {
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("%s: %w: not a regular file (%s)", path, ErrNotRegular, fileKind(fi.Mode()))
	}
	if fi.Size() > max {
		return tooLarge(path, max)
	}
	return nil
}

func tooLarge(path string, max int64) error {
	return fmt.Errorf("%s: %w: larger than %d MiB", path, ErrNotRegular, max>>20)
}

// fileKind names a non-regular file's type for messages.
func fileKind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&os.ModeNamedPipe != 0:
		return "a FIFO"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeCharDevice != 0:
		return "a character device"
	case m&os.ModeDevice != 0:
		return "a device"
	}
	return "mode " + m.String()
}
