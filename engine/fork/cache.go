package fork

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
)

// This file is the on-disk cache: what a campaign fetched at one block of
// one chain, in CacheDir/CHAINID/BLOCK/state.json, so that the next run at
// that block asks the node nothing. A block's state never changes, so the
// cache needs no invalidation; a development chain restarted with other
// state under the same chain id and block number is the exception
// (docs/cli.md, "Fork mode"). The chain id a URL serves is remembered in
// CacheDir/urls/HASH (a hash of the URL, never the URL, which may hold
// credentials).

// diskState is state.json.
type diskState struct {
	Header   Header                                         `json:"header"`
	Accounts map[common.Address]diskAccount                 `json:"accounts"`
	Code     map[common.Hash]hexutil.Bytes                  `json:"code"`
	Storage  map[common.Address]map[common.Hash]common.Hash `json:"storage"`
}

type diskAccount struct {
	Balance  string      `json:"balance"` // decimal wei
	Nonce    uint64      `json:"nonce"`
	CodeHash common.Hash `json:"codeHash"`
}

// maxCacheFile bounds a state.json read back.
const maxCacheFile = 512 << 20

// stateFile is where the state of block n of chain id is cached.
func stateFile(dir string, id, n uint64) string {
	return filepath.Join(dir, strconv.FormatUint(id, 10), strconv.FormatUint(n, 10), "state.json")
}

func urlFile(dir, rawURL string) string {
	h := sha256.Sum256([]byte(rawURL))
	return filepath.Join(dir, "urls", hex.EncodeToString(h[:16]))
}

// knownChain returns the chain id cached for rawURL.
func knownChain(dir, rawURL string) (uint64, bool) {
	b, err := readCapped(urlFile(dir, rawURL), 64)
	if err != nil {
		return 0, false
	}
	id, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64)
	return id, err == nil
}

func rememberChain(dir, rawURL string, id uint64) error {
	return writeAtomic(urlFile(dir, rawURL), []byte(strconv.FormatUint(id, 10)+"\n"))
}

// loadState reads a cached state; a missing or unreadable file is no
// cache (it is rewritten whole at the end of the campaign).
func loadState(path string) (*diskState, bool) {
	b, err := readCapped(path, maxCacheFile)
	if err != nil {
		return nil, false
	}
	var d diskState
	if json.Unmarshal(b, &d) != nil || d.Header.Number == 0 && d.Header.ChainID == 0 {
		return nil, false
	}
	return &d, true
}

// readCapped reads a regular file of at most limit bytes.
func readCapped(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err == nil && int64(len(b)) > limit {
		err = errors.New(path + ": too large")
	}
	return b, err
}

// writeAtomic writes a file through a temporary file and a rename, so a
// reader never sees half of it.
func writeAtomic(path string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("fork cache: %w", err)
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return fmt.Errorf("fork cache: %w", err)
	}
	_, err = f.Write(b)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("fork cache: %w", err)
	}
	return nil
}

// merge adds what other holds and d lacks (another process that cached
// the same block meanwhile).
func (d *diskState) merge(other *diskState) {
	for a, v := range other.Accounts {
		if _, ok := d.Accounts[a]; !ok {
			d.Accounts[a] = v
		}
	}
	for h, v := range other.Code {
		d.Code[h] = v
	}
	for a, slots := range other.Storage {
		if d.Storage[a] == nil {
			d.Storage[a] = map[common.Hash]common.Hash{}
		}
		for k, v := range slots {
			if _, ok := d.Storage[a][k]; !ok {
				d.Storage[a][k] = v
			}
		}
	}
}
