package foundry

import (
	"encoding/hex"
	"fmt"
	"path/filepath"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
)

// renderDeploy writes the exported test's deployments: Foresight's token
// first if a constructor took it (deployed and minted as the campaign
// did), then the contracts in the campaign's deployment order, with `new`
// where that lands them at the campaign's address (deploynew.go), else
// by running their creation code there, each constructor sent the ether
// it was.
func (g *gen) renderDeploy(w func(string, ...any)) {
	if g.setup.HasToken {
		g.renderToken(w)
	}
	// planDeploys (deploynew.go) ordered them and chose which use new.
	for i := range g.deploy {
		t := &g.deploy[i]
		if g.forked(t.d) {
			continue // already on the fork (fork.go)
		}
		if nd, ok := g.news[t.addr]; ok {
			g.renderNew(w, t, nd)
			g.fundAndGrant(w, t)
			continue
		}
		id := g.names[t.d.Unit+":"+t.d.Name]
		code := fmt.Sprintf("type(%s).creationCode", id)
		if g.legacy {
			code = fmt.Sprintf("vm.getCode(%s)", solString(filepath.Base(t.d.Unit)+":"+t.d.Name))
		}
		if len(t.d.CtorArgs) > 0 {
			code = fmt.Sprintf("abi.encodePacked(%s, hex\"%x\")", code, t.d.CtorArgs)
		}
		if len(t.art.Creation.LinkReferences) > 0 {
			w("        // %s links external libraries: forge links them to its own deployments.\n", t.d.Name)
		}
		if !t.d.CtorValue.IsZero() {
			// The ether comes from this contract; the constructor sees
			// DEPLOYER as msg.sender, as in the campaign.
			value := amount(t.d.CtorValue)
			w("        vm.deal(address(this), address(this).balance + %s);\n", value)
			w("        vm.etch(%s, %s);\n", t.addr.Hex(), code)
			w("        vm.prank(DEPLOYER, DEPLOYER);\n")
			w("        (bool created, bytes memory runtime) = %s.call{value: %s}(\"\");\n", t.addr.Hex(), value)
			w("        require(created, \"constructor reverted\");\n")
			w("        vm.etch(%s, runtime);\n", t.addr.Hex())
		} else {
			w("        _deployTo(%s, %s);\n", code, t.addr.Hex())
		}
		g.fundAndGrant(w, t)
	}
}

// fundAndGrant gives a deployed target the funds the campaign's targets
// start with and makes the calls the campaign made right after
// deploying it.
func (g *gen) fundAndGrant(w func(string, ...any), t *deployTarget) {
	if g.targets[t.d.Name] {
		w("        vm.deal(%s, %s.balance + %s); // the funds Foresight's targets start with\n", t.addr.Hex(), t.addr.Hex(), amount(*deploy.TargetFunds))
	}
	g.renderGrants(w, t.d)
}

// renderGrants makes the calls the campaign made right after deploying
// d (funding it with the tokens its constructor took), to the token or a
// contract the test deploys.
func (g *gen) renderGrants(w func(string, ...any), d Deployed) {
	for _, gr := range d.Grants {
		to := gr.To
		deployed := g.setup.HasToken && g.setup.Token == to
		for _, t := range g.deploy {
			deployed = deployed || t.addr == to
		}
		if !deployed {
			continue
		}
		from := gr.From.Hex()
		w("        vm.prank(%s, %s); // funds %s with the token its constructor took\n", from, from, d.Name)
		w("        { (bool granted, ) = %s.call(hex\"%x\"); require(granted, \"grant reverted\"); }\n", to.Hex(), gr.Input)
	}
}

// renderToken deploys Foresight's token where the campaign did, from the
// account that did, and mints what the campaign minted.
func (g *gen) renderToken(w func(string, ...any)) {
	token := g.setup.Token.Hex()
	from := deploy.TokenDeployer.Hex()
	w("        // Foresight's ERC-20 token, which a constructor took.\n")
	w("        vm.etch(%s, hex\"%s\");\n", token, hex.EncodeToString(deploy.TokenCreation()))
	w("        vm.prank(%s, %s);\n", from, from)
	w("        (bool tokenOk, bytes memory tokenRuntime) = %s.call(\"\");\n", token)
	w("        require(tokenOk, \"token constructor reverted\");\n")
	w("        vm.etch(%s, tokenRuntime);\n", token)
	holders := []common.Address{chain.Deployer}
	for i := 0; i < chain.DefaultSenders; i++ {
		holders = append(holders, chain.SenderAddress(i))
	}
	for _, h := range holders {
		w("        vm.prank(%s);\n", from)
		w("        (tokenOk, ) = %s.call(abi.encodeWithSignature(\"mint(address,uint256)\", %s, %s));\n", token, h.Hex(), deploy.TokenMint.String())
	}
}
