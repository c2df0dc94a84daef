package main

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/foresight-sol/foresight/internal/logclip"
	"github.com/foresight-sol/foresight/solc"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

// parseFlags parses flags that may come before or after positional
// arguments ("foresight fuzz A.sol --execs 100").
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if rest[0] == "--" {
			return append(pos, rest[1:]...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// compilerFlags are the flags every compiling command shares.
type compilerFlags struct {
	solcPath, solcVersion string
	noInstall             bool
	timeout               time.Duration
	verbose               bool
	build                 buildFlags
}

func (c *compilerFlags) register(fs *flag.FlagSet) {
	funcSetting(fs, "", "solc", func(v string) error {
		// Native solc runs in an empty working directory of its own, so a
		// relative path must be made absolute here; a bare name stays a
		// PATH lookup.
		c.solcPath = v
		if strings.ContainsRune(v, filepath.Separator) {
			abs, err := filepath.Abs(v)
			if err != nil {
				return fmt.Errorf("resolve %s: %w", v, err)
			}
			c.solcPath = abs
		}
		return nil
	})
	stringSetting(fs, &c.solcVersion, "", "solc-version")
	fs.BoolVar(&c.noInstall, "no-install", false, "never download compilers; use only those already installed")
	durationSetting(fs, &c.timeout, "", "compile-timeout", 0)
	fs.BoolVar(&c.verbose, "v", false, "log what foresight does to stderr, and explain each finding: what was seen, why it is a bug, what to do")
	c.build.register(fs)
}

func (c *compilerFlags) toolchain(stderr io.Writer, log *zap.Logger) *solc.Toolchain {
	c.timeout = clampDuration(stderr, "", "compile-timeout", c.timeout)
	return solc.NewToolchain(solc.Config{
		SolcPath:     c.solcPath,
		SolcVersion:  c.solcVersion,
		NoInstall:    c.noInstall,
		Timeout:      c.timeout,
		Override:     c.build.override,
		CompileCache: true, // shared with the editor (solc/compilecache.go)
		Log:          log,
		Notify:       func(msg string) { fmt.Fprintf(stderr, "foresight: %s\n", msg) },
	})
}

func newLogger(stderr io.Writer, verbose bool) *zap.Logger {
	level := zapcore.WarnLevel
	if verbose {
		level = zapcore.DebugLevel
	}
	enc := zap.NewDevelopmentEncoderConfig()
	core := zapcore.NewCore(zapcore.NewConsoleEncoder(enc), zapcore.AddSync(stderr), level)
	return zap.New(logclip.Core(core))
}
