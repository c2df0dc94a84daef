package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"debug/buildinfo"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"strings"
)

// readArchive returns the regular files of a .tar.gz or .zip archive by
// name; the files must sit at its top level, where users find them.
func readArchive(name string) (map[string][]byte, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{}
	add := func(n string, r io.Reader) error {
		if path.Dir(n) != "." {
			return fmt.Errorf("%s: %s is not at the top level", name, n)
		}
		b, err := io.ReadAll(r)
		files[n] = b
		return err
	}
	if strings.HasSuffix(name, ".zip") {
		zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		for _, f := range zr.File {
			if f.FileInfo().IsDir() {
				continue
			}
			rc, err := f.Open()
			if err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			err = add(f.Name, rc)
			rc.Close()
			if err != nil {
				return nil, err
			}
		}
		return files, nil
	}
	gz, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return files, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if h.Typeflag != tar.TypeReg {
			continue
		}
		if err := add(h.Name, tr); err != nil {
			return nil, err
		}
	}
}

// checkSBOM checks that the CycloneDX JSON SBOM at name lists every
// module the binary bin links, as its Go build information records it (a
// module replaced by a local copy under the copy's path, as
// cyclonedx-gomod names it).
func checkSBOM(name, bin string) error {
	b, err := os.ReadFile(name)
	if err != nil {
		return fmt.Errorf("no SBOM: %w", err)
	}
	var bom struct {
		BOMFormat  string `json:"bomFormat"`
		Components []struct {
			Name, Version string
		} `json:"components"`
	}
	if err := json.Unmarshal(b, &bom); err != nil || bom.BOMFormat != "CycloneDX" {
		return fmt.Errorf("%s: not a CycloneDX JSON SBOM (%v)", name, err)
	}
	listed := map[string]bool{}
	for _, c := range bom.Components {
		listed[c.Name+" "+c.Version] = true
	}
	bi, err := buildinfo.ReadFile(bin)
	if err != nil {
		return fmt.Errorf("%s: %w", bin, err)
	}
	var missing []string
	for _, d := range bi.Deps {
		if d.Replace != nil {
			d = d.Replace
		}
		if !listed[d.Path+" "+d.Version] {
			missing = append(missing, d.Path+" "+d.Version)
		}
	}
	if len(missing) > 0 || len(bi.Deps) == 0 {
		return fmt.Errorf("%s: lacks components %s of the %d the binary links", name, strings.Join(missing, ", "), len(bi.Deps))
	}
	return nil
}
