// Command mazescore compares a foresight JSON report with a maze's list of
// reachable bug sites and prints how many reachable sites the report found
// in total and within each given number of seconds (scripts/bench-maze):
//
//	mazescore SITES.json REPORT.json [SECONDS...]
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/foresight-sol/foresight/engine/internal/maze"
)

type report struct {
	Findings []struct {
		Kind    string        `json:"kind"`
		Line    int           `json:"line"`
		Elapsed time.Duration `json:"elapsedNs"`
		Execs   uint64        `json:"execs"`
	} `json:"findings"`
}

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: mazescore SITES.json REPORT.json [SECONDS...]")
		os.Exit(2)
	}
	var sites maze.Sites
	var rep report
	for i, v := range []any{&sites, &rep} {
		b, err := os.ReadFile(os.Args[1+i])
		if err == nil {
			err = json.Unmarshal(b, v)
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "mazescore: %s: %v\n", os.Args[1+i], err)
			os.Exit(1)
		}
	}
	reachable := map[int]bool{}
	for _, l := range sites.Reachable {
		reachable[l] = true
	}
	found := map[int]time.Duration{}
	wrong := 0
	for _, f := range rep.Findings {
		if f.Kind != "assert-failure" {
			continue
		}
		if !reachable[f.Line] {
			wrong++ // an unreachable site: the generator or the fuzzer is wrong
			continue
		}
		found[f.Line] = f.Elapsed
	}
	fmt.Printf("%s\tfound %d/%d", sites.Contract, len(found), len(sites.Reachable))
	for _, a := range os.Args[3:] {
		s, err := strconv.Atoi(a)
		if err != nil {
			fmt.Fprintf(os.Stderr, "mazescore: %q: not a number of seconds\n", a)
			os.Exit(2)
		}
		n := 0
		for _, t := range found {
			if t <= time.Duration(s)*time.Second {
				n++
			}
		}
		fmt.Printf("\twithin %ds %d", s, n)
	}
	if wrong > 0 {
		fmt.Printf("\tUNREACHABLE SITES REPORTED %d", wrong)
	}
	fmt.Println()
}
