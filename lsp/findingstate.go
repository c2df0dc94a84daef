package lsp

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/foresight-sol/foresight/session"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// showRechecked shows what a replay of the project's stored findings on
// its new build changed (session's recheck: which are replayed, the
// replay and the state each is left in, a run a newer one replaced
// dropping its verdicts): the files whose findings changed are
// published, each fixed one said, and a failed replay logged. The editor
// shows each finding as still failing, fixed (it leaves the problems list
// with a message) or stale (its function, contract or set-up is gone).
func (s *server) showRechecked(r session.Replayed) {
	for _, f := range r.Failed {
		s.log.Warn("recheck", zap.String("finding", f.Finding.Key()), zap.Error(f.Err))
	}
	var fixed []string
	for _, f := range r.Fixed {
		fixed = append(fixed, fmt.Sprintf("%s at %s:%d", f.Found.Title, filepath.Base(f.Path), f.Found.Line))
	}
	s.publish(r.Paths...)
	if len(fixed) > 0 {
		msg := "foresight: fixed by the edit (replayed on the new code, no longer fails): " + strings.Join(fixed, "; ")
		s.logMessage(protocol.MessageTypeInfo, msg)
		s.showMessage(protocol.MessageTypeInfo, msg)
	}
	s.refreshCodeLenses()
}
