package replay

import (
	"fmt"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/program"
)

// DescribeLog renders a log as "Name(arg, ...)" using the first contract
// ABI that declares its event, or raw topics otherwise.
func DescribeLog(p *program.Program, topics []common.Hash, data []byte) string {
	if len(topics) > 0 {
		for _, c := range p.Contracts {
			ev, err := c.ABI.EventByID(topics[0])
			if err != nil {
				continue
			}
			var parts []string
			ti := 1
			nonIndexed := ev.Inputs.NonIndexed()
			vals, err := calldata.Decode(nonIndexed, data)
			vi := 0
			for _, in := range ev.Inputs {
				if in.Indexed {
					if ti < len(topics) {
						parts = append(parts, topics[ti].Hex())
						ti++
					}
					continue
				}
				if err == nil && vi < len(vals) {
					parts = append(parts, calldata.Format(vals[vi]))
					vi++
				}
			}
			return fmt.Sprintf("%s(%s)", ev.RawName, strings.Join(parts, ", "))
		}
	}
	return fmt.Sprintf("log topics=%v data=0x%x", topics, data)
}
