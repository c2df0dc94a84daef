package main

import (
	"context"
	"errors"
	"flag"
	"io"
	"os"

	"github.com/foresight-sol/foresight/internal/logclip"
	"github.com/foresight-sol/foresight/lsp"
	"github.com/foresight-sol/foresight/solc"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

// runLSP serves the Language Server Protocol on stdin and stdout. Logs go
// to stderr or --log-file, never to stdout, which carries the protocol.
func runLSP(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("lsp", flag.ContinueOnError)
	logFile := fs.String("log-file", "", "write the log to this `file` instead of stderr")
	verbose := fs.Bool("v", false, "log in detail (debug level)")
	noInstall := fs.Bool("no-install", false, "never download compilers; use only those already installed")
	fs.Bool("stdio", true, "serve on stdin and stdout (the only transport; accepted for editors that pass it)")
	if _, code, ok := parseCommand("lsp", fs, args, stdout, stderr); !ok {
		return code
	}
	var logOut io.Writer = stderr
	if *logFile != "" {
		f, err := os.OpenFile(*logFile, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			cliError(stderr, "lsp", err)
			return exitUsage
		}
		defer f.Close()
		logOut = f
	}
	level := zapcore.InfoLevel
	if *verbose {
		level = zapcore.DebugLevel
	}
	log := zap.New(logclip.Core(zapcore.NewCore(zapcore.NewConsoleEncoder(zap.NewDevelopmentEncoderConfig()), zapcore.AddSync(logOut), level)))
	defer log.Sync()

	err := lsp.Serve(ctx, stdio{}, lsp.Options{
		Log:      log,
		Version:  version,
		Compiler: solc.Config{NoInstall: *noInstall, CompileCache: true},
	})
	if err != nil {
		log.Info("lsp ended", zap.Error(err))
		return 1
	}
	return exitOK
}

// stdio is the protocol's connection: stdin and stdout.
type stdio struct{}

func (stdio) Read(p []byte) (int, error)  { return os.Stdin.Read(p) }
func (stdio) Write(p []byte) (int, error) { return os.Stdout.Write(p) }

func (stdio) Close() error {
	return errors.Join(os.Stdin.Close(), os.Stdout.Close())
}
