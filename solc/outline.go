package solc

// A ContractDef is a contract, interface or library a source unit's AST
// defines, with the places a message about it can point at.
type ContractDef struct {
	Name string
	// Kind is "contract", "interface" or "library"; Abstract marks an
	// abstract contract.
	Kind     string
	Abstract bool
	// Start and End are the byte range of the whole definition; NameStart
	// and NameEnd its name's (-1 when the AST has no nameLocation);
	// CtorStart and CtorEnd its constructor's (-1 when it declares none).
	Start, End         int
	NameStart, NameEnd int
	CtorStart, CtorEnd int
}

// Contracts lists the contracts, interfaces and libraries a source unit's
// AST defines at its top level, in source order.
func Contracts(unit Node) []ContractDef {
	var out []ContractDef
	nodes, _ := unit["nodes"].([]any)
	for _, raw := range nodes {
		m, ok := raw.(map[string]any)
		if !ok || Node(m).Type() != "ContractDefinition" {
			continue
		}
		c := Node(m)
		start, end, _, ok := c.Src()
		if !ok {
			continue
		}
		d := ContractDef{Name: c.String("name"), Kind: c.String("contractKind"), Abstract: c.Bool("abstract"),
			Start: start, End: end, NameStart: -1, NameEnd: -1, CtorStart: -1, CtorEnd: -1}
		if s, e, _, ok := parseSrc(c.String("nameLocation")); ok && e > s {
			d.NameStart, d.NameEnd = s, e
		}
		d.CtorStart, d.CtorEnd = constructorOf(c)
		out = append(out, d)
	}
	return out
}

// constructorOf returns the byte range of a contract's constructor, or
// -1, -1.
func constructorOf(c Node) (int, int) {
	members, _ := c["nodes"].([]any)
	for _, raw := range members {
		m, ok := raw.(map[string]any)
		fn := Node(m)
		if !ok || fn.Type() != "FunctionDefinition" || fn.String("kind") != "constructor" && !fn.Bool("isConstructor") {
			continue
		}
		if start, end, _, ok := fn.Src(); ok {
			return start, end
		}
	}
	return -1, -1
}

// ast decodes the AST of one of b's units; false when the compiler gave
// none or it does not decode.
func (b *Build) ast(unit string) (Node, bool) {
	if b == nil || b.Output == nil {
		return nil, false
	}
	src, ok := b.Output.Sources[unit]
	if !ok {
		return nil, false
	}
	n, err := ParseAST(src.AST)
	return n, err == nil
}

// Outline returns what was read from the text of a unit whose AST the
// compiler was not asked for (astOmitted), when the output has no AST
// for it.
func (b *Build) Outline(unit string) (*TextOutline, bool) {
	if b == nil || b.Output == nil || b.Outlines[unit] == nil {
		return nil, false
	}
	if src, ok := b.Output.Sources[unit]; !ok || len(src.AST) > 0 {
		return nil, false // a compiler that gave the AST anyway: use it
	}
	return b.Outlines[unit], true
}

// Functions lists the functions and modifiers one of b's units defines
// ([Functions], or its outline's), nil when its AST is missing: the one
// way layers above solc read them, so that none decodes the compiler's
// AST itself.
func (b *Build) Functions(unit string) []Function {
	if o, ok := b.Outline(unit); ok {
		id, _ := b.FileID(unit)
		out := make([]Function, len(o.Functions))
		for i, f := range o.Functions {
			f.File = id
			out[i] = f
		}
		return out
	}
	n, ok := b.ast(unit)
	if !ok {
		return nil
	}
	return Functions(n)
}

// Contracts lists the contracts, interfaces and libraries one of b's
// units defines ([Contracts], or its outline's), nil when its AST is
// missing.
func (b *Build) Contracts(unit string) []ContractDef {
	if o, ok := b.Outline(unit); ok {
		return append([]ContractDef(nil), o.Contracts...)
	}
	n, ok := b.ast(unit)
	if !ok {
		return nil
	}
	return Contracts(n)
}
