package solc

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// MinNodeMajor is the oldest Node.js major version solc-js runs on (solc
// 0.8's package.json: "engines": {"node": ">=12.0.0"}); an older node
// fails at worker.js's or solc-js's syntax before it can answer.
const MinNodeMajor = 12

// ErrNodeTooOld is wrapped by the error for a node older than MinNodeMajor.
var ErrNodeTooOld = errors.New("node is too old for solc-js")

var nodeVersion = regexp.MustCompile(`^v(\d+)\.\d+\.\d+`)

// checkNodeLocked runs `node --version` once per binary (w.mu held) and
// refuses a node older than MinNodeMajor with an error that says so.
func (w *NodeWorker) checkNodeLocked(node string, env []string) error {
	if w.nodeChecked[node] {
		return nil
	}
	r := runProcess(context.Background(), procSpec{path: node, args: []string{"--version"}, env: env, maxOut: maxProbeOutput, maxErr: maxProbeOutput, timeout: probeTimeout})
	if r.err != nil {
		if errors.Is(r.err, errTimedOut) {
			return fmt.Errorf("%s --version: timed out after %s", node, probeTimeout)
		}
		return fmt.Errorf("%s --version: %w", node, r.err)
	}
	out := strings.TrimSpace(string(r.stdout))
	m := nodeVersion.FindStringSubmatch(out)
	if m == nil {
		return fmt.Errorf("%s --version printed %q, not a Node.js version", node, firstMeaningfulLine(out))
	}
	if major, _ := strconv.Atoi(m[1]); major < MinNodeMajor {
		return fmt.Errorf("node %s (%s): %w; install Node.js >= %d or a native solc", m[0], node, ErrNodeTooOld, MinNodeMajor)
	}
	if w.nodeChecked == nil {
		w.nodeChecked = map[string]bool{}
	}
	w.nodeChecked[node] = true
	return nil
}

var errorLine = regexp.MustCompile(`^[A-Za-z.]*(Error|Exception)\b.*:`)

// firstMeaningfulLine picks the line of a dead worker's stderr that says
// why: node's "SyntaxError: ..." or "Error: ..." line, else the first line
// that is not a source excerpt, a caret or a stack frame; at most 300
// bytes.
func firstMeaningfulLine(stderr string) string {
	var first string
	for _, line := range strings.Split(stderr, "\n") {
		line = strings.TrimSpace(line)
		if errorLine.MatchString(line) {
			return clip(line, 300)
		}
		if first == "" && line != "" && !strings.HasPrefix(line, "[eval]") && !strings.HasPrefix(line, "at ") && strings.Trim(line, "^~ ") != "" {
			first = line
		}
	}
	return clip(first, 300)
}

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}
