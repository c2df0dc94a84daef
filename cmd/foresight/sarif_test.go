package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/internal/fixtures"
)

// sarifDoc is what the tests read of a SARIF log.
type sarifDoc struct {
	Runs []struct {
		OriginalURIBaseIDs map[string]struct {
			URI string `json:"uri"`
		} `json:"originalUriBaseIds"`
		Tool struct {
			Driver struct {
				Rules []struct {
					ID               string       `json:"id"`
					Name             string       `json:"name"`
					ShortDescription sarifMessage `json:"shortDescription"`
					FullDescription  sarifMessage `json:"fullDescription"`
					Help             sarifMessage `json:"help"`
					HelpURI          string       `json:"helpUri"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		Results []struct {
			RuleID    string          `json:"ruleId"`
			Locations []sarifLocation `json:"locations"`
			CodeFlows []struct {
				ThreadFlows []struct {
					Locations []struct {
						Location sarifLocation `json:"location"`
					} `json:"locations"`
				} `json:"threadFlows"`
			} `json:"codeFlows"`
			PartialFingerprints map[string]string `json:"partialFingerprints"`
			Properties          struct {
				Calls []json.RawMessage `json:"calls"`
			} `json:"properties"`
		} `json:"results"`
	} `json:"runs"`
}

// runSARIF fuzzes path and returns the SARIF log, written to dir/out.sarif.
func runSARIF(t *testing.T, path string) (sarifDoc, string) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "out.sarif")
	code, _, stderr := foresight(t, "fuzz", path, "--execs", "5000", "--seed", "1", "--workers", "1", "--timeout", "0", "--format", "sarif", "-o", out)
	if code != exitFindings {
		t.Fatalf("fuzz %s: exit %d\n%s", path, code, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var doc sarifDoc
	if err := json.Unmarshal(data, &doc); err != nil || len(doc.Runs) != 1 {
		t.Fatalf("sarif: %v\n%s", err, data)
	}
	return doc, out
}

// TestSARIFForCodeScanning: the SARIF of an example names its file
// relative to %SRCROOT% (the project root, given as a file: URI), its
// rules carry the kind's record's descriptions, help and a link, each
// result has a code flow with one location per transaction and a
// fingerprint, and the log validates against the SARIF 2.1.0 schema
// (node and npm: skipped without them, except in CI).
func TestSARIFForCodeScanning(t *testing.T) {
	path := fixtures.Example(t, "TwoObjectives.sol")
	// The example's own folder as %SRCROOT%: not this repository's
	// top level (TestSARIFMonorepo checks that).
	t.Setenv("GIT_CEILING_DIRECTORIES", filepath.Dir(filepath.Dir(path)))
	doc, file := runSARIF(t, path)
	run := doc.Runs[0]
	if base := run.OriginalURIBaseIDs[sarifSrcRoot].URI; base != fileURI(filepath.Dir(path), true) {
		t.Errorf("originalUriBaseIds = %+v, want %s at %s", run.OriginalURIBaseIDs, sarifSrcRoot, filepath.Dir(path))
	}
	if len(run.Results) == 0 {
		t.Fatal("no results")
	}
	for _, r := range run.Results {
		if len(r.Locations) != 1 || r.Locations[0].PhysicalLocation == nil ||
			r.Locations[0].PhysicalLocation.ArtifactLocation != (sarifArtifact{URI: "TwoObjectives.sol", URIBaseID: sarifSrcRoot}) {
			t.Errorf("%s: locations %+v, want TwoObjectives.sol under %s", r.RuleID, r.Locations, sarifSrcRoot)
		}
		if len(r.CodeFlows) != 1 || len(r.CodeFlows[0].ThreadFlows) != 1 || len(r.CodeFlows[0].ThreadFlows[0].Locations) != len(r.Properties.Calls) {
			t.Errorf("%s: codeFlows %+v, want one thread flow with a location per call (%d)", r.RuleID, r.CodeFlows, len(r.Properties.Calls))
		} else {
			steps := r.CodeFlows[0].ThreadFlows[0].Locations
			last := steps[len(steps)-1].Location
			if last.Message == nil || !strings.Contains(last.Message.Text, "from user ") || !strings.Contains(last.Message.Text, "TwoObjectives.foo(") ||
				last.PhysicalLocation == nil || last.PhysicalLocation.Region.StartLine != r.Locations[0].PhysicalLocation.Region.StartLine {
				t.Errorf("%s: last flow step %+v, want the call with its sender at the finding", r.RuleID, last)
			}
		}
		if !regexp.MustCompile(`^[0-9a-f]{32}(:\d+)?$`).MatchString(r.PartialFingerprints[fingerprintKey]) {
			t.Errorf("%s: partialFingerprints %v", r.RuleID, r.PartialFingerprints)
		}
	}
	spec := finding.Describe(finding.AssertFailure)
	rules := run.Tool.Driver.Rules
	if len(rules) != 1 || rules[0].ID != string(finding.AssertFailure) || rules[0].ShortDescription.Text != spec.Title || rules[0].FullDescription.Text != spec.Why ||
		!strings.Contains(rules[0].Help.Text, spec.Fix) || !strings.Contains(rules[0].Help.Markdown, "**What to do.**") ||
		rules[0].HelpURI != oraclesDoc+"#assert-failure-assertion-failed" || rules[0].Name != "AssertionFailed" {
		t.Errorf("rules = %+v", rules)
	}
	validateSARIF(t, file)
}

// validateSARIF checks file against the SARIF 2.1.0 JSON schema with
// testdata/sarif/validate.js (npm ci installs the schema's package).
func validateSARIF(t *testing.T, file string) {
	t.Helper()
	node, err := exec.LookPath("node")
	if _, errNpm := exec.LookPath("npm"); err != nil || errNpm != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("node or npm is not installed")
		}
		t.Skip("node or npm is not installed")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	dir, err := filepath.Abs(filepath.Join("testdata", "sarif"))
	if err != nil {
		t.Fatal(err)
	}
	npm := exec.CommandContext(ctx, "npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error")
	npm.Dir = dir
	if out, err := npm.CombinedOutput(); err != nil {
		t.Fatalf("npm ci in %s: %v\n%s", dir, err, out)
	}
	out, err := exec.CommandContext(ctx, node, filepath.Join(dir, "validate.js"), file).CombinedOutput()
	if err != nil {
		t.Fatalf("schema validation: %v\n%s", err, out)
	}
	t.Logf("%s", out)
}

// TestSARIFFingerprintKeptByEditAbove: lines added above a finding move
// it but keep its fingerprint (code scanning keeps the alert), while a
// change of the finding's own line changes it.
func TestSARIFFingerprintKeptByEditAbove(t *testing.T) {
	const src = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Edited {
    uint256 public total;
%s    function add(uint256 x) public {
        total += x;
        %s
    }
}
`
	dir := t.TempDir()
	path := filepath.Join(dir, "Edited.sol")
	fingerprint := func(above, line string) (string, int) {
		t.Helper()
		if err := os.WriteFile(path, []byte(strings.ReplaceAll(strings.Replace(strings.Replace(src, "%s", above, 1), "%s", line, 1), "\r", "")), 0o644); err != nil {
			t.Fatal(err)
		}
		doc, _ := runSARIF(t, path)
		r := doc.Runs[0].Results
		if len(r) != 1 || len(r[0].Locations) != 1 || r[0].Locations[0].PhysicalLocation == nil {
			t.Fatalf("results %+v, want one at the assert", r)
		}
		return r[0].PartialFingerprints[fingerprintKey], r[0].Locations[0].PhysicalLocation.Region.StartLine
	}
	before, line := fingerprint("", "assert(total != 42);")
	above := "    // A new function above the finding.\n    function reset() public {\n        total = 0;\n    }\n\n"
	after, moved := fingerprint(above, "assert(total != 42);")
	if before == "" || after != before || moved != line+5 {
		t.Errorf("edit above: fingerprint %q at line %d, then %q at line %d; want the same fingerprint 5 lines lower", before, line, after, moved)
	}
	changed, _ := fingerprint(above, "assert(42 != total);")
	if changed == before {
		t.Errorf("the finding's line changed but its fingerprint %q did not", changed)
	}
}

// TestOraclesAnchors: every kind's helpUri anchor is a heading of
// docs/oracles.md, so the link lands on the kind's explanation.
func TestOraclesAnchors(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(fixtures.RepoRoot(), "docs", "oracles.md"))
	if err != nil {
		t.Fatal(err)
	}
	anchors := map[string]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		if h, ok := strings.CutPrefix(line, "### "); ok {
			anchors[githubAnchor(h)] = true
		}
	}
	for _, k := range finding.Kinds() {
		s := finding.Describe(k)
		if a := oraclesAnchor(k, s.Title); !anchors[a] {
			t.Errorf("%s: anchor %q is no heading of docs/oracles.md", k, a)
		}
	}
	if a := githubAnchor("`SWC-107`: reentrancy: a reentrant call reads"); a != "swc-107-reentrancy-a-reentrant-call-reads" {
		t.Errorf("githubAnchor = %q", a)
	}
}
