package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSARIFMonorepo: a Foundry project in a repository's contracts/
// folder names its file contracts/src/Bonus.sol under %SRCROOT% = the
// repository's top level, whether Foresight runs from the repository's
// root, from contracts/ or from elsewhere, since code scanning resolves
// relative URIs from the repository's root. Without .git the working
// directory is the base when it holds the project, else the project.
func TestSARIFMonorepo(t *testing.T) {
	for _, tt := range []struct {
		name    string
		git     bool
		wd, arg string // wd relative to the folder holding repo/
		base    string // %SRCROOT%, relative to that folder
		wantURI string
	}{
		{"git, from the root", true, "repo", "contracts", "repo", "contracts/src/Bonus.sol"},
		{"git, from contracts", true, "repo/contracts", "src/Bonus.sol", "repo", "contracts/src/Bonus.sol"},
		{"git, from src", true, "repo/contracts/src", "Bonus.sol", "repo", "contracts/src/Bonus.sol"},
		{"git, from outside", true, ".", "repo/contracts", "repo", "contracts/src/Bonus.sol"},
		{"no git, from the root", false, "repo", "contracts", "repo", "contracts/src/Bonus.sol"},
		{"no git, from contracts", false, "repo/contracts", ".", "repo/contracts", "src/Bonus.sol"},
		{"no git, from src", false, "repo/contracts/src", "Bonus.sol", "repo/contracts", "src/Bonus.sol"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			outer := t.TempDir()
			repo := filepath.Join(outer, "repo")
			if err := os.CopyFS(repo, os.DirFS(filepath.Join("..", "..", "testdata", "ci", "monorepo"))); err != nil {
				t.Fatal(err)
			}
			// No repository above the temporary folder counts.
			t.Setenv("GIT_CEILING_DIRECTORIES", outer)
			if tt.git {
				if err := os.Mkdir(filepath.Join(repo, ".git"), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			t.Chdir(filepath.Join(outer, tt.wd))
			arg := tt.arg
			doc, _ := runSARIF(t, arg)
			run := doc.Runs[0]
			if base := run.OriginalURIBaseIDs[sarifSrcRoot].URI; base != fileURI(filepath.Join(outer, tt.base), true) {
				t.Errorf("%%SRCROOT%% = %s, want %s", base, fileURI(filepath.Join(outer, tt.base), true))
			}
			if len(run.Results) == 0 {
				t.Fatal("no results")
			}
			for _, r := range run.Results {
				if got := r.Locations[0].PhysicalLocation.ArtifactLocation; got != (sarifArtifact{URI: tt.wantURI, URIBaseID: sarifSrcRoot}) {
					t.Errorf("%s: location %+v, want %s under %s", r.RuleID, got, tt.wantURI, sarifSrcRoot)
				}
			}
		})
	}
}
