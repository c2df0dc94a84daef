package solc

// background returns the compiler that runs comp's requests on the
// background worker: a solc-js compiler of the same version and package
// on a second node process, so a long compile (a test suite with
// forge-std, seconds with solc-js) and a short one (the file just saved)
// run side by side instead of one behind the other. A native compiler
// runs each request in its own process already and is returned as it is.
// The two have the same identity: the compile cache answers both.
func (t *Toolchain) background(comp Compiler) Compiler {
	js, ok := comp.(*SolcJS)
	if !ok || js.Worker != t.worker {
		return comp
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if c, ok := t.bgByVer[js.Ver]; ok {
		return c
	}
	if t.bg == nil {
		t.bg = NewNodeWorker("", t.cfg.Log.Named("solcjs-bg"))
		t.bg.resolve = t.nodeCommand
		t.bgByVer = map[Version]*SolcJS{}
	}
	c := *js
	c.Worker = t.bg
	t.bgByVer[js.Ver] = &c
	return &c
}
