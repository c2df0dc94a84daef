package program

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/foresight-sol/foresight/solc"
)

// MethodKind says how the fuzzer uses an ABI function.
type MethodKind int

const (
	// Fuzzed methods are called with generated arguments.
	Fuzzed MethodKind = iota
	// Property methods (echidna_*, property_*) take no arguments and return
	// bool; false or a revert is a violation.
	Property
	// Invariant methods (invariant_*) take no arguments; a revert, or false
	// when they return bool, is a violation.
	Invariant
)

// A Method is one ABI function of a contract.
type Method struct {
	abi.Method
	Selector [4]byte
	Kind     MethodKind
	Payable  bool
}

// A Contract is a deployable contract.
type Contract struct {
	Index    int // position in Program.Contracts
	Name     string
	Kind     string // "contract" or "library"
	Build    *solc.Build
	Artifact *solc.Artifact
	ABI      abi.ABI
	// Methods are the fuzzed functions, sorted by signature; Checks are the
	// property and invariant functions.
	Methods []Method
	Checks  []Method
	// Payable reports a receive or payable fallback function: plain ether
	// transfers are then worth fuzzing.
	Payable bool
	// Target reports whether the fuzzer sends transactions to this contract
	// (contracts of the requested files, not libraries or dependencies, not
	// Foundry tests).
	Target bool
	// Root reports a contract defined in a requested file.
	Root bool
	// Inherited reports a contract that another contract of the
	// project's builds derives from: a building block, deployed as part
	// of what inherits it (freezing-ether judges that one instead).
	Inherited bool
	// FoundryTest reports a Foundry test contract with a setUp() (see
	// IsFoundryTest): never fuzzed as a plain contract, since its
	// invariants only hold once setUp() ran.
	FoundryTest bool
	// UserPC[pc] is true when the runtime instruction at pc maps to a user
	// source file (not compiler-generated code, not unmapped).
	UserPC []bool

	asts *buildAST // the build's parsed ASTs, shared by its contracts
}

// A Program is the set of contracts a campaign deploys.
type Program struct {
	Contracts []*Contract
}

// New collects the deployable contracts of builds. Contracts defined in the
// builds' root units are targets; others (imports, libraries) are deployed
// but not fuzzed. Builds with errors are skipped.
func New(builds []*solc.Build) (*Program, error) {
	p := &Program{}
	bases := map[string]bool{} // "unit:name" of every inherited contract
	for _, b := range builds {
		if b.HasErrors() {
			continue
		}
		asts, err := parseBuild(b)
		if err != nil {
			return nil, err
		}
		kinds := contractKinds(asts)
		for k := range inherited(asts) {
			bases[k] = true
		}
		arts, err := b.Artifacts()
		if err != nil {
			return nil, err
		}
		roots := map[string]bool{}
		for _, r := range b.Roots {
			roots[r] = true
		}
		for _, a := range arts {
			kind := kinds[a.Unit+":"+a.Name]
			if a.Abstract || kind == "interface" || len(a.Runtime.Bytes) == 0 {
				continue
			}
			c, err := newContract(b, a, kind)
			if err != nil {
				return nil, err
			}
			c.asts = asts
			c.Root = roots[a.Unit] && kind != "library"
			c.FoundryTest = IsFoundryTest(c.ABI)
			c.Target = c.Root && !c.FoundryTest && (len(c.Methods) > 0 || c.Payable || len(c.Checks) > 0)
			c.Index = len(p.Contracts)
			p.Contracts = append(p.Contracts, c)
		}
	}
	// A unit compiled in several builds has one name in all: a base
	// inherited in one build is a base in all of them.
	for _, c := range p.Contracts {
		c.Inherited = bases[c.Artifact.Unit+":"+c.Name]
	}
	return p, nil
}

func newContract(b *solc.Build, a *solc.Artifact, kind string) (*Contract, error) {
	parsed, err := abi.JSON(bytes.NewReader(a.ABI))
	if err != nil {
		return nil, fmt.Errorf("%s: abi: %w", a.Name, err)
	}
	c := &Contract{Name: a.Name, Kind: kind, Build: b, Artifact: a, ABI: parsed}
	c.Payable = parsed.HasReceive() || (parsed.HasFallback() && parsed.Fallback.IsPayable())
	names := make([]string, 0, len(parsed.Methods))
	for n := range parsed.Methods {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		m := parsed.Methods[n]
		md := Method{Method: m, Payable: m.IsPayable()}
		copy(md.Selector[:], m.ID)
		switch {
		case len(m.Inputs) == 0 && (strings.HasPrefix(m.RawName, "echidna_") || strings.HasPrefix(m.RawName, "property_")) &&
			len(m.Outputs) == 1 && m.Outputs[0].Type.T == abi.BoolTy:
			md.Kind = Property
			c.Checks = append(c.Checks, md)
		case len(m.Inputs) == 0 && strings.HasPrefix(m.RawName, "invariant_"):
			md.Kind = Invariant
			c.Checks = append(c.Checks, md)
		default:
			c.Methods = append(c.Methods, md)
		}
	}
	c.UserPC = make([]bool, len(a.Runtime.Bytes))
	for pc := range c.UserPC {
		if e, ok := a.Runtime.Map.Entry(uint64(pc)); ok {
			_, c.UserPC[pc] = b.Locate(e)
		}
	}
	return c, nil
}

// contractKinds reads contractKind and abstract from the ASTs, keyed by
// "unit:name"; abstract contracts are reported as "abstract".
func contractKinds(asts *buildAST) map[string]string {
	out := map[string]string{}
	for _, u := range asts.units {
		unit := u.name
		if u.outline != nil {
			for _, d := range u.outline.Contracts {
				out[unit+":"+d.Name] = d.Kind // libraries: never abstract
			}
		}
		solc.Walk(u.ast, func(n solc.Node, _ []solc.Node) bool {
			if n.Type() != "ContractDefinition" {
				return true
			}
			kind := n.String("contractKind")
			if n.Bool("abstract") {
				kind = "abstract"
			}
			out[unit+":"+n.String("name")] = kind
			return false
		})
	}
	return out
}

// Locate maps a PC of the contract's runtime code (or creation code, if
// creation is set) to user source.
func (c *Contract) Locate(pc uint64, creation bool) (solc.Location, bool) {
	code := c.Artifact.Runtime
	if creation {
		code = c.Artifact.Creation
	}
	e, ok := code.Map.Entry(pc)
	if !ok {
		return solc.Location{}, false
	}
	return c.Build.Locate(e)
}

// Targets returns the contracts the fuzzer sends transactions to.
func (p *Program) Targets() []*Contract {
	var out []*Contract
	for _, c := range p.Contracts {
		if c.Target {
			out = append(out, c)
		}
	}
	return out
}

// Lookup finds a contract by name.
func (p *Program) Lookup(name string) (*Contract, bool) {
	for _, c := range p.Contracts {
		if c.Name == name {
			return c, true
		}
	}
	return nil, false
}

// A Func is a function definition of a contract, located in user source.
type Func struct {
	solc.Function
	// Location is the range of the function's name (the whole definition
	// if the name is unknown).
	Location solc.Location
}

// Function finds the definition of the named function: in the contract
// itself, else in any contract of the build (an inherited one).
func (c *Contract) Function(name string) (Func, bool) {
	funcs, byName := c.shared().functions(c.Build)
	idx := byName[name]
	for _, i := range idx {
		if funcs[i].Contract == c.Name {
			return funcs[i], true
		}
	}
	if len(idx) > 0 {
		return funcs[idx[0]], true
	}
	return Func{}, false
}

// Functions returns every function definition of the build, located. The
// slice is shared by the build's contracts: callers must not modify it.
func (c *Contract) Functions() []Func {
	funcs, _ := c.shared().functions(c.Build)
	return funcs
}
