package foundry

// renderTheftBefore records, right before the last call, the token
// balance token-theft's test compares with: balanceOf, as any holder
// reads it.
func (g *gen) renderTheftBefore(w func(string, ...any)) {
	w("        // The token balance the last call moves, before it.\n")
	w("        (bool readBefore, bytes memory tokensBefore) = address(%s).staticcall(abi.encodeWithSignature(\"balanceOf(address)\", address(%s)));\n", g.f.Token.Hex(), g.f.Holder.Hex())
	w("        require(readBefore && tokensBefore.length >= 32, \"balanceOf failed\");\n")
}

// renderTheft asserts token-theft's harm after the last call: the
// victim's balance fell in a call it did not send, or the sender's rose
// out of others' deposits. Fixed, the call reverts or moves nothing.
func (g *gen) renderTheft(w func(string, ...any)) {
	w("        %s\n", g.assertTrue("ok", "the last transaction commits"))
	w("        (bool readAfter, bytes memory tokensAfter) = address(%s).staticcall(abi.encodeWithSignature(\"balanceOf(address)\", address(%s)));\n", g.f.Token.Hex(), g.f.Holder.Hex())
	cmp, msg := ">", "expected the sender's token balance to rise"
	if g.f.TokenFell {
		w("        // The harm: another account's tokens left it, in a call it did not\n")
		w("        // send and had approved no one for.\n")
		cmp, msg = "<", "expected another account's token balance to fall"
	} else {
		w("        // The harm: the sender was paid tokens it never paid for, out of\n")
		w("        // what others deposited.\n")
	}
	w("        bool moved = readAfter && tokensAfter.length >= 32 && abi.decode(tokensAfter, (uint256)) %s abi.decode(tokensBefore, (uint256));\n", cmp)
	w("        %s\n", g.assertTrue("moved", msg))
}
