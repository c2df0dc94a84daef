package lsp

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/foresight-sol/foresight/engine"
	"go.lsp.dev/protocol"
)

// logCampaign writes one human line per campaign to the client's log
// (VS Code's Output channel): what was fuzzed and how, for how long,
// the lines reached, the findings and what was skipped and why. The raw
// fields stay in the server's log.
func (s *server) logCampaign(root, how string, rep *engine.Report) {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: fuzzed %s for %s: %s", filepath.Base(root), how, rep.Elapsed.Round(time.Millisecond), plural(int(rep.Execs), "exec"))
	if rep.Lines > 0 {
		fmt.Fprintf(&b, ", %d/%d lines reached", rep.LinesCovered, rep.Lines)
	}
	fmt.Fprintf(&b, ", %s", plural(len(rep.Findings), "finding"))
	if rep.Contracts == 0 {
		fmt.Fprintf(&b, "; not fuzzed: %s", rep.NotFuzzed())
	}
	for _, sk := range rep.Skipped {
		fmt.Fprintf(&b, "; skipped %s: %s", sk.Contract, sk.Reason)
	}
	s.logMessage(protocol.MessageTypeInfo, b.String())
}
