package trace

import (
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// TestStepCalledDirectly checks that the hook go-ethereum calls for every
// opcode is Step's own code, not the wrapper Go generates for a method
// value (a name ending in -fm), which costs a second call per opcode.
func TestStepCalledDirectly(t *testing.T) {
	tr := New([]*Code{NewCode(allocLoop, nil)})
	fn := runtime.FuncForPC(reflect.ValueOf(tr.Step).Pointer())
	if fn == nil {
		t.Fatal("no function for Tracer.Step")
	}
	if name := fn.Name(); strings.HasSuffix(name, "-fm") {
		t.Errorf("Tracer.Step is %s, a method value's wrapper", name)
	}
}
