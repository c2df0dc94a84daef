package engine

import (
	"encoding/hex"

	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/report"
)

// grantsOf records a deployment's grants in a report (replay.Plan reads
// them back).
func grantsOf(gs []deploy.Grant) []report.Grant {
	var out []report.Grant
	for _, g := range gs {
		out = append(out, report.Grant{From: g.From.Hex(), To: g.To.Hex(), Input: "0x" + hex.EncodeToString(g.Input)})
	}
	return out
}
