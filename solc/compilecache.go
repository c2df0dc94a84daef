package solc

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"time"

	"go.uber.org/zap"
)

// DefaultCompileCacheSize bounds the compile cache on disk; the least
// recently used entries go first beyond it.
const DefaultCompileCacheSize = 512 << 20

// compileCacheMagic opens every entry; the format's version is in it.
const compileCacheMagic = "foresight-compile-cache 1\n"

// A compileCache keeps compiler outputs on disk, in CacheDir/compile, by
// the SHA-256 of the compiler's identity and the exact standard-JSON
// input: the editor and the command line share it, so a unit unchanged
// since the last save (or the last run) is not compiled again. Entries
// are written atomically (a temporary file renamed); an entry that does
// not check out (its key, its payload's hash, its JSON) is ignored and
// replaced, never trusted. A hit touches the entry's time, and writes
// evict the least recently used beyond max bytes.
type compileCache struct {
	dir string
	max int64
	log *zap.Logger

	mu sync.Mutex // guards the fields below; one eviction at a time
	// total is the bytes on disk as of the last walk plus what this
	// process wrote since; walks counts puts. The folder is walked only
	// when total passes max, or every rewalkEvery puts (other processes
	// write too), not on every write.
	total  int64
	puts   int
	walked bool
}

// rewalkEvery is how many writes may pass between two walks of the cache.
const rewalkEvery = 64

// newCompileCache returns the cache under cacheDir, or nil when it is off
// (FORESIGHT_COMPILE_CACHE=off turns it off for a process).
func newCompileCache(cfg Config) *compileCache {
	if !cfg.CompileCache || os.Getenv("FORESIGHT_COMPILE_CACHE") == "off" {
		return nil
	}
	max := cfg.CompileCacheSize
	if max <= 0 {
		max = DefaultCompileCacheSize
	}
	return &compileCache{dir: filepath.Join(cfg.CacheDir, "compile"), max: max, log: cfg.Log}
}

// compilerIdentity names the compiler a cached output came from: a
// binary by path, size and modification time (a binary replaced under
// the same name is another compiler); a solc-js package by its folder and
// its package.json's. "" for a compiler Foresight cannot identify, which
// is not cached.
func compilerIdentity(c Compiler) string {
	stamp := func(p string) string {
		st, err := os.Stat(p)
		if err != nil {
			return ""
		}
		return fmt.Sprintf("%s\x00%d\x00%d", p, st.Size(), st.ModTime().UnixNano())
	}
	var id string
	switch c := c.(type) {
	case *Native:
		id = stamp(c.Path)
	case *SolcJS:
		id = stamp(filepath.Join(c.Dir, "node_modules", "solc", "package.json"))
	}
	if id == "" {
		return ""
	}
	return c.String() + "\x00" + c.Version().String() + "\x00" + id
}

// key is the entry's name: the hash of the compiler's identity and input.
func cacheKey(identity string, input []byte) [32]byte {
	h := sha256.New()
	h.Write([]byte(identity))
	h.Write([]byte{0})
	h.Write(input)
	var k [32]byte
	h.Sum(k[:0])
	return k
}

func (cc *compileCache) path(k [32]byte) string {
	name := hex.EncodeToString(k[:])
	return filepath.Join(cc.dir, name[:2], name+".gz")
}

// get returns the output stored under k, or nil. An entry that fails a
// check is removed, so the compile that follows replaces it.
func (cc *compileCache) get(k [32]byte, name string) *Output {
	p := cc.path(k)
	data, err := os.ReadFile(p)
	if err != nil {
		return nil
	}
	out, err := decodeEntry(k, name, data)
	if err != nil {
		cc.log.Warn("compile cache: ignoring a bad entry", zap.String("path", p), zap.Error(err))
		_ = os.Remove(p)
		return nil
	}
	now := time.Now()
	_ = os.Chtimes(p, now, now) // least recently used goes first
	return out
}

// decodeEntry checks and decodes one entry: magic, key, the payload's
// hash, then the gzip'd standard JSON.
func decodeEntry(k [32]byte, name string, data []byte) (*Output, error) {
	rest, ok := bytes.CutPrefix(data, []byte(compileCacheMagic))
	if !ok || len(rest) < 64 {
		return nil, fmt.Errorf("not an entry")
	}
	if !bytes.Equal(rest[:32], k[:]) {
		return nil, fmt.Errorf("key mismatch")
	}
	payload := rest[64:]
	if sum := sha256.Sum256(payload); !bytes.Equal(rest[32:64], sum[:]) {
		return nil, fmt.Errorf("payload hash mismatch")
	}
	zr, err := gzip.NewReader(bytes.NewReader(payload))
	if err != nil {
		return nil, fmt.Errorf("gzip: %w", err)
	}
	raw, err := io.ReadAll(io.LimitReader(zr, MaxCompilerOutput+1))
	if err != nil {
		return nil, fmt.Errorf("gzip: %w", err)
	}
	if len(raw) > MaxCompilerOutput || !json.Valid(raw) {
		return nil, fmt.Errorf("payload is not standard JSON")
	}
	return decodeOutput(name, raw)
}

// put stores raw (the compiler's standard-JSON output) under k, then
// evicts beyond the bound. Failures only cost the next compile.
func (cc *compileCache) put(k [32]byte, raw []byte) {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
	zw.Write(raw)
	if err := zw.Close(); err != nil {
		return
	}
	sum := sha256.Sum256(buf.Bytes())
	entry := make([]byte, 0, len(compileCacheMagic)+64+buf.Len())
	entry = append(append(append(append(entry, compileCacheMagic...), k[:]...), sum[:]...), buf.Bytes()...)
	p := cc.path(k)
	if err := writeAtomic(p, entry); err != nil {
		cc.log.Warn("compile cache: not stored", zap.String("path", p), zap.Error(err))
		return
	}
	cc.evict(int64(len(entry)))
}

// writeAtomic writes data to p through a temporary file in its folder,
// renamed over p, so a reader sees the old entry or the whole new one.
func writeAtomic(p string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(p), ".tmp-*")
	if err != nil {
		return err
	}
	_, werr := f.Write(data)
	cerr := f.Close()
	if werr != nil || cerr != nil {
		_ = os.Remove(f.Name())
		return fmt.Errorf("write %s: %w", f.Name(), firstErr(werr, cerr))
	}
	if err := os.Rename(f.Name(), p); err != nil {
		_ = os.Remove(f.Name())
		return err
	}
	return nil
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// evict counts the added bytes just written and, when a walk is due,
// removes the least recently used entries (by modification time, which a
// hit touches) until the cache holds at most max bytes, and temporary
// files a killed writer left behind an hour ago.
func (cc *compileCache) evict(added int64) {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	cc.total += added
	cc.puts++
	if cc.walked && cc.total <= cc.max && cc.puts%rewalkEvery != 0 {
		return
	}
	cc.walked = true
	type entry struct {
		path string
		size int64
		mod  time.Time
	}
	var entries []entry
	var total int64
	_ = filepath.WalkDir(cc.dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return nil
		}
		if filepath.Base(p)[0] == '.' {
			if time.Since(info.ModTime()) > time.Hour {
				_ = os.Remove(p)
			}
			return nil
		}
		entries = append(entries, entry{p, info.Size(), info.ModTime()})
		total += info.Size()
		return nil
	})
	cc.total = total
	if total <= cc.max {
		return
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].mod.Before(entries[j].mod) })
	for _, e := range entries {
		if total <= cc.max {
			break
		}
		if os.Remove(e.path) == nil {
			total -= e.size
		}
	}
	cc.total = total
}

// compile is Compile through the cache: a hit returns the stored output,
// a miss runs c and stores what it answered. A nil cache, or a compiler
// without an identity, compiles.
func (cc *compileCache) compile(ctx context.Context, c Compiler, in *Input) (*Output, bool, error) {
	id := ""
	if cc != nil {
		id = compilerIdentity(c)
	}
	if id == "" {
		out, err := Compile(ctx, c, in)
		return out, false, err
	}
	data, err := json.Marshal(in)
	if err != nil {
		return nil, false, fmt.Errorf("encode standard json: %w", err)
	}
	k := cacheKey(id, data)
	if out := cc.get(k, c.String()); out != nil {
		return out, true, nil
	}
	raw, err := c.CompileJSON(ctx, data)
	if err != nil {
		return nil, false, err
	}
	out, err := decodeOutput(c.String(), raw)
	if err != nil {
		return nil, false, err
	}
	if i := bytes.IndexByte(raw, '{'); i > 0 {
		raw = raw[i:]
	}
	cc.put(k, raw)
	return out, false, nil
}
