package main

import (
	"context"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
)

// buildFlags are the compiler settings and test-chain limits a user may
// give instead of the project's (docs/cli.md, "Build settings").
type buildFlags struct {
	override solc.SettingsOverride
	// gasLimit is --gas-limit: "" for the chain's default, "project" for
	// the project's gas_limit, else a number of gas.
	gasLimit string
}

// setBool sets *dst to a boolean flag's value: a setting the user gave
// (nil is "as the project says").
func setBool(dst **bool) func(string) error {
	return func(v string) error {
		on, err := strconv.ParseBool(v)
		if err != nil {
			return fmt.Errorf("want true or false")
		}
		*dst = &on
		return nil
	}
}

func (b *buildFlags) register(fs *flag.FlagSet) {
	fs.BoolFunc("optimize", setting("", "optimize").Usage, setBool(&b.override.Optimizer))
	funcSetting(fs, "", "optimizer-runs", func(v string) error {
		runsMax := *setting("", "optimizer-runs").Maximum
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil || float64(n) > runsMax {
			return fmt.Errorf("want a whole number of runs up to %s", session.Number(runsMax))
		}
		runs := int(n)
		b.override.OptimizerRuns = &runs
		return nil
	})
	fs.BoolFunc("via-ir", setting("", "via-ir").Usage, setBool(&b.override.ViaIR))
	funcSetting(fs, "", "evm-version", func(v string) error {
		if err := solc.CheckEVMVersion(v); err != nil {
			return err
		}
		b.override.EVMVersion = v
		return nil
	})
	fs.Func("gas-limit", fmt.Sprintf("gas per transaction: a `number`, or \"project\" for the project's gas_limit (default %d, which keeps gas-hungry loops from slowing the campaign)", session.DefaultGasLimit), func(v string) error {
		if v != "project" {
			n, err := strconv.ParseUint(strings.ReplaceAll(v, "_", ""), 10, 64)
			if err != nil || n < 21_000 {
				return fmt.Errorf("want \"project\" or a number of gas of at least 21000")
			}
		}
		b.gasLimit = v
		return nil
	})
}

// applyGasLimit sets the per-transaction gas limit of the builds'
// projects as --gas-limit says, and returns a line for the user when a
// project's own gas_limit is left unused ("" otherwise).
func (b *buildFlags) applyGasLimit(builds []*solc.Build) string {
	note := ""
	for _, bd := range builds {
		p := bd.Project
		if p == nil {
			continue
		}
		switch b.gasLimit {
		case "":
			if g := p.Limits.ProjectGasLimit; g > 0 && g != session.DefaultGasLimit {
				note = fmt.Sprintf("the project's gas_limit (%d) is not used: fuzzing with %d gas per transaction keeps gas-hungry code from slowing the campaign (--gas-limit project uses it)", g, session.DefaultGasLimit)
			}
		case "project":
			p.Limits.GasLimit = p.Limits.ProjectGasLimit
		default:
			n, _ := strconv.ParseUint(strings.ReplaceAll(b.gasLimit, "_", ""), 10, 64)
			p.Limits.GasLimit = n
		}
	}
	return note
}

// compile is compilePaths with the builds' gas limit set as --gas-limit
// says (replay must run findings with the gas their campaign had).
func (c *compilerFlags) compile(ctx context.Context, tc *solc.Toolchain, paths []string) ([]*solc.Build, error) {
	builds, err := compilePaths(ctx, tc, paths)
	if err == nil {
		c.build.applyGasLimit(builds)
	}
	return builds, err
}
