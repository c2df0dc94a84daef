package main

import (
	"os"
	"testing"

	"github.com/foresight-sol/foresight/internal/fixtures"
)

// TestMain removes the binary that tests running the real foresight build
// (fixtures.Binary).
func TestMain(m *testing.M) {
	code := m.Run()
	fixtures.RemoveBinary()
	os.Exit(code)
}
