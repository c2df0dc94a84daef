package foresight

import (
	"os"
	"path/filepath"
)

func mkdirWrite(p, src string) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, []byte(src), 0o644)
}
