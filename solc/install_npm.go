package solc

import (
	"cmp"
	"fmt"
	"os"
	"regexp"
	"strings"
	"time"
)

// DefaultInstallTimeout bounds one npm install of a solc-js release (a
// package of 5-10 MB): generous on a slow link, and a registry that
// accepts connections and never answers cannot hold a compile forever.
const DefaultInstallTimeout = 5 * time.Minute

// npmFetchArgs bound each of npm's requests, so a silent registry fails
// npm itself well before the install's deadline: one minute a request and
// one retry, soon after.
var npmFetchArgs = []string{"--fetch-timeout=60000", "--fetch-retries=1", "--fetch-retry-mintimeout=2000", "--fetch-retry-maxtimeout=10000"}

// npmFailure is the one line that says why `npm install solc@v` failed:
// npm's error code and first summary line (its stack and hints stay in
// npm's log and Foresight's), the registry when npm named it, and where
// npm's full log is.
func npmFailure(v Version, out string, timedOut bool, timeout time.Duration) error {
	code, summary, registry, logPath := parseNPMOutput(out)
	if registry == "" {
		registry = os.Getenv("npm_config_registry")
	}
	where := "npm's output is in Foresight's log"
	if logPath != "" {
		where = "see " + logPath
	}
	if timedOut {
		reg := "the registry"
		if registry != "" {
			reg = "registry " + registry
		}
		return fmt.Errorf("installing solc %s from npm timed out after %s (%s not answering?); %s", v, timeout, reg, where)
	}
	what := summary
	if code != "" && !strings.Contains(summary, code) {
		what = code + ": " + summary
	} else if summary == "" {
		what = cmp.Or(code, "npm exited with an error")
	}
	hint := ""
	if registry != "" && networkCode.MatchString(code+" "+summary) {
		hint = fmt.Sprintf(" (registry %s unreachable?)", registry)
	}
	return fmt.Errorf("installing solc %s from npm failed: %s%s; %s", v, what, hint, where)
}

var (
	npmPrefix   = regexp.MustCompile(`^npm (ERR!|error|warn|WARN)\s?`)
	npmRequest  = regexp.MustCompile(`request to (https?://[^/\s]+/)\S* failed`)
	npmLog      = regexp.MustCompile(`A complete log of this run can be found in:?\s*(\S+)`)
	networkCode = regexp.MustCompile(`ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|ERR_SOCKET_TIMEOUT|network`)
	// npmDetail: lines of npm's report that are not its summary: the
	// fields it lists, the stack, the dumped error object, hints.
	npmDetail = regexp.MustCompile(`^(code|syscall|errno|path|dest|type|signal|command|cwd)\s|^\s|^at\s|^[{}]|^If you are behind a proxy|^A complete log|^Log files were not written`)
)

// parseNPMOutput finds, in what `npm install` printed, its error code, its
// first summary line, the registry it failed to reach and its log file.
func parseNPMOutput(out string) (code, summary, registry, logPath string) {
	for _, raw := range strings.Split(out, "\n") {
		if m := npmLog.FindStringSubmatch(raw); m != nil {
			logPath = m[1]
		}
		if m := npmRequest.FindStringSubmatch(raw); m != nil && registry == "" {
			registry = m[1]
		}
		if !npmPrefix.MatchString(raw) {
			continue
		}
		line := npmPrefix.ReplaceAllString(raw, "")
		if rest, ok := strings.CutPrefix(line, "code "); ok && code == "" {
			code = strings.TrimSpace(rest)
			continue
		}
		if summary == "" && strings.TrimSpace(line) != "" && !npmDetail.MatchString(line) && !strings.HasPrefix(raw, "npm warn") && !strings.HasPrefix(raw, "npm WARN") {
			summary = strings.TrimSpace(strings.TrimPrefix(line, "FetchError: "))
		}
	}
	if len(summary) > 300 {
		summary = summary[:300] + "…"
	}
	return code, summary, registry, logPath
}
