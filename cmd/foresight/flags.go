package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

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

// flagExit is the exit code for a flag parsing error: 0 for -h, which
// printed the usage on request, 2 otherwise.
func flagExit(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	return exitUsage
}

// compilerFlags are the flags every compiling command shares.
type compilerFlags struct {
	solcPath, solcVersion string
	noInstall             bool
	timeout               time.Duration
	verbose               bool
}

func (c *compilerFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&c.solcPath, "solc", "", "path of a solc binary to use for every file")
	fs.StringVar(&c.solcVersion, "solc-version", "", "solc version to use for every file (native if installed, else solc-js)")
	fs.BoolVar(&c.noInstall, "no-install", false, "never install solc-js packages; use only installed compilers")
	fs.DurationVar(&c.timeout, "compile-timeout", solc.DefaultTimeout, "time limit for one compiler run")
	fs.BoolVar(&c.verbose, "v", false, "verbose logging to stderr")
}

func (c *compilerFlags) toolchain(stderr io.Writer, log *zap.Logger) *solc.Toolchain {
	return solc.NewToolchain(solc.Config{
		SolcPath:    c.solcPath,
		SolcVersion: c.solcVersion,
		NoInstall:   c.noInstall,
		Timeout:     c.timeout,
		Log:         log,
		Notify:      func(msg string) { fmt.Fprintf(stderr, "foresight: %s\n", msg) },
	})
}

func newLogger(stderr io.Writer, verbose bool) *zap.Logger {
	level := zapcore.WarnLevel
	if verbose {
		level = zapcore.DebugLevel
	}
	enc := zap.NewDevelopmentEncoderConfig()
	core := zapcore.NewCore(zapcore.NewConsoleEncoder(enc), zapcore.AddSync(stderr), level)
	return zap.New(core)
}
