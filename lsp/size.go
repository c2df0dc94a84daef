package lsp

import (
	"fmt"

	"go.lsp.dev/protocol"
)

// maxDocument is the largest open document the server compiles (4 MiB,
// docs/lsp.md): larger buffers get a diagnostic instead, since solc's
// time and memory grow with them and no contract is that large.
const maxDocument = 4 << 20

// sizeCode is the diagnostic code of a document over maxDocument.
const sizeCode = "foresight-too-large"

// checkSizeLocked records whether a document is over maxDocument and
// reports whether that changed (its diagnostics must be published).
func (s *server) checkSizeLocked(path string, size int) bool {
	old := s.tooLarge[path]
	if size > maxDocument {
		s.tooLarge[path] = size
		return old != size
	}
	delete(s.tooLarge, path)
	return old != 0
}

// sizeDiagnosticLocked is the diagnostic of a document over maxDocument,
// if it is.
func (s *server) sizeDiagnosticLocked(path string) []protocol.Diagnostic {
	size := s.tooLarge[path]
	if size == 0 {
		return nil
	}
	return []protocol.Diagnostic{{
		Severity: protocol.DiagnosticSeverityError,
		Source:   sourceFindings,
		Code:     sizeCode,
		Message: fmt.Sprintf("this document is %.1f MiB, over Foresight's limit of %d MiB: it is not compiled or fuzzed until it is smaller",
			float64(size)/(1<<20), maxDocument>>20),
	}}
}
