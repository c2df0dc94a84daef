package deploy

import "errors"

// The deployment's failures callers tell apart with errors.Is: the
// engine names a skipped contract's reason by them (report.SkipReason),
// never by the wording, which names contracts and libraries.
var (
	// ErrConstructorFailed: the constructor failed for every input the
	// search tried (the wrapped error says how the last one did).
	ErrConstructorFailed = errors.New("constructor failed")
	// ErrLibraryMissing: a library the contract links is not in the
	// build or could not be deployed.
	ErrLibraryMissing = errors.New("libraries it links could not be deployed")
)

// libraryError is a Link failure in its own words: it is
// ErrLibraryMissing.
type libraryError string

func (e libraryError) Error() string { return string(e) }

// Is makes errors.Is(err, ErrLibraryMissing) hold.
func (libraryError) Is(target error) bool { return target == ErrLibraryMissing }
