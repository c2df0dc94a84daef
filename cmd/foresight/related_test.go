package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestRelatedInDependency checks how the text and SARIF outputs show a
// finding whose assert fails inside a node_modules library: at the user's
// call (Halver.sol:11), with the library's line as a via note and a SARIF
// related location, both relative to the project root (%SRCROOT%).
func TestRelatedInDependency(t *testing.T) {
	path := filepath.Join("..", "..", "engine", "testdata", "deps", "src", "Halver.sol")
	code, out, _ := foresight(t, "fuzz", path, "--execs", "5000", "--seed", "1", "--workers", "1", "--timeout", "0")
	if code != exitFindings || !strings.Contains(out, "Halver.sol:11:16: error: Assertion failed") ||
		!strings.Contains(out, "\n    via ") || !strings.Contains(out, "node_modules/@acme/math/MathLib.sol:8:9: here, inside MathLib.half, called from the finding's line\n") {
		t.Errorf("fuzz: exit %d, output:\n%s", code, out)
	}
	// The project's folder as %SRCROOT%, not this repository's top level.
	testdata, err := filepath.Abs(filepath.Join("..", "..", "engine", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("GIT_CEILING_DIRECTORIES", testdata)
	code, out, _ = foresight(t, "fuzz", path, "--execs", "5000", "--seed", "1", "--workers", "1", "--timeout", "0", "--format", "sarif")
	type loc struct {
		PhysicalLocation struct {
			ArtifactLocation struct {
				URI       string `json:"uri"`
				URIBaseID string `json:"uriBaseId"`
			} `json:"artifactLocation"`
			Region struct {
				StartLine int `json:"startLine"`
			} `json:"region"`
		} `json:"physicalLocation"`
		Message struct {
			Text string `json:"text"`
		} `json:"message"`
	}
	var doc struct {
		Runs []struct {
			Results []struct {
				Locations []loc `json:"locations"`
				Related   []loc `json:"relatedLocations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != exitFindings || len(doc.Runs) != 1 || len(doc.Runs[0].Results) != 1 {
		t.Fatalf("sarif: exit %d, %v\n%s", code, err, out)
	}
	r := doc.Runs[0].Results[0]
	if len(r.Locations) != 1 || r.Locations[0].PhysicalLocation.Region.StartLine != 11 || r.Locations[0].PhysicalLocation.ArtifactLocation.URI != "src/Halver.sol" || r.Locations[0].PhysicalLocation.ArtifactLocation.URIBaseID != sarifSrcRoot {
		t.Errorf("sarif locations = %+v", r.Locations)
	}
	if len(r.Related) != 1 || r.Related[0].PhysicalLocation.Region.StartLine != 8 ||
		r.Related[0].PhysicalLocation.ArtifactLocation.URI != "node_modules/@acme/math/MathLib.sol" || !strings.Contains(r.Related[0].Message.Text, "MathLib.half") {
		t.Errorf("sarif relatedLocations = %+v", r.Related)
	}
}
