package foundry_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/export"
	"github.com/foresight-sol/foresight/engine/internal/testbuild"
)

// misfixedAuction is the refund fixture's Auction with refundAll()
// restricted to its deployer: the finding's call still reverts, but not
// because a recipient failed, and the loop still stops at one.
const misfixedAuction = `// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.0;

contract Auction {
    address private immutable owner = msg.sender;
    address[] private bidders;
    mapping(address => uint256) public deposits;

    function bid() external payable {
        require(msg.value > 0, "no value");
        if (deposits[msg.sender] == 0) {
            bidders.push(msg.sender);
        }
        deposits[msg.sender] += msg.value;
    }

    function refundAll() external {
        require(msg.sender == owner, "only the owner");
        address[] memory list = bidders;
        delete bidders;
        for (uint256 i = 0; i < list.length; i++) {
            uint256 amount = deposits[list[i]];
            deposits[list[i]] = 0;
            (bool ok, ) = payable(list[i]).call{value: amount}("");
            require(ok, "refund failed");
        }
    }
}
`

// TestExportLoopBlockNamesTheCause exports the refund fixture's SWC-113
// finding and runs its regression test on Foresight's cheatcodes: it
// fails on the buggy Auction, and passes on one whose refundAll() reverts
// for another reason (only its owner may call it), since the bug it checks
// for includes the same call paying the other bidder once the rejecting
// one accepts: a revert alone is not the harm.
func TestExportLoopBlockNamesTheCause(t *testing.T) {
	root, files, opts := harmProject(t, filepath.Join(forgeExport, "refund"))
	bs := testbuild.CompileIn(t, root, files...)
	rep, err := engine.Fuzz(context.Background(), bs, opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Findings) != 1 || rep.Findings[0].Kind != "SWC-113" {
		t.Fatalf("findings %+v, want one SWC-113", rep.Findings)
	}
	rel, src, err := export.FoundryTest(rep.Findings[0], rep.Setup, bs)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(src, `bug = bug && (paid);`) {
		t.Errorf("the test asserts no other recipient's payment:\n%s", src)
	}
	writeFile(t, filepath.Join(root, rel), []byte(src))
	tests := []string{rel}
	if fails := runExported(t, root, files, tests); len(fails) != 1 {
		t.Fatalf("the regression test passes on the buggy sources:\n%s", src)
	}
	writeFile(t, filepath.Join(root, "src", "Auction.sol"), []byte(misfixedAuction))
	if fails := runExported(t, root, files, tests); len(fails) != 0 {
		t.Errorf("the regression test fails on an Auction whose refundAll() reverts for another reason: %v\n%s", fails, src)
	}
}
