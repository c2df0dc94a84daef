package session

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseLabels(t *testing.T) {
	src := "contract C {\n  x.send(1); //@finding(SWC-104)\n  // @finding( SWC-107 ) //@finding(SWC-105)\n  //finding(SWC-1)\n}\n"
	got := ParseLabels([]byte(src))
	want := []Label{{"SWC-104", 2}, {"SWC-107", 3}, {"SWC-105", 3}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ParseLabels = %v, want %v", got, want)
	}
}

func FuzzParseLabels(f *testing.F) {
	f.Add([]byte("a //@finding(SWC-104)\n"))
	f.Add([]byte("//@finding(\n)"))
	f.Fuzz(func(t *testing.T, src []byte) {
		lines := strings.Count(string(src), "\n") + 1
		for _, l := range ParseLabels(src) {
			if l.Line < 1 || l.Line > lines || l.Kind == "" || strings.ContainsAny(l.Kind, ") \t") {
				t.Fatalf("bad label %+v", l)
			}
		}
	})
}
