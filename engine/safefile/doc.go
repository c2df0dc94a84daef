// Package safefile reads and writes files whose paths or contents others
// may control (a shared corpus directory, a report from a CI artifact):
// regular files only, size limits checked before and after opening,
// atomic writes that never overwrite, and confinement to a root with
// every symlink resolved.
//
// # Files
//
//   - `engine/safefile`: file access for paths and contents others control
//     (a shared corpus directory, a report from a CI artifact):
//     `safefile.go` (`Read`, which follows no symlink, and `ReadFollow`, for
//     a path the user named: regular files only, size limits checked before
//     and after opening; `WriteNew`, atomic writes that never overwrite;
//     `Confine`, `MkdirIn` and `WriteFileIn`, confinement to a root with
//     every symlink resolved); `open_unix.go`/`open_other.go` (the
//     platforms' open flags).
package safefile
