// Command mazescore compares a foresight JSON report with a maze's list of
// reachable bug sites and prints how many reachable sites the report found
// in total and within each given number of seconds (scripts/bench-maze);
// with a line coverage file, also the cells the campaign reached and the
// deepest of them:
//
//	mazescore [-lcov FILE] SITES.json REPORT.json [SECONDS...]
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/foresight-sol/foresight/engine/finding"
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
	lcov := flag.String("lcov", "", "line coverage of the campaign (lcov `file`)")
	flag.Parse()
	args := flag.Args()
	if len(args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: mazescore [-lcov FILE] SITES.json REPORT.json [SECONDS...]")
		os.Exit(2)
	}
	var sites maze.Sites
	var rep report
	for i, v := range []any{&sites, &rep} {
		b, err := os.ReadFile(args[i])
		if err == nil {
			err = json.Unmarshal(b, v)
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "mazescore: %s: %v\n", args[i], err)
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
		if f.Kind != string(finding.AssertFailure) {
			continue
		}
		if !reachable[f.Line] {
			wrong++ // an unreachable site: the generator or the fuzzer is wrong
			continue
		}
		found[f.Line] = f.Elapsed
	}
	fmt.Printf("%s\tfound %d/%d", sites.Contract, len(found), len(sites.Reachable))
	for _, a := range args[2:] {
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
	if *lcov != "" {
		covered, err := coveredLines(*lcov)
		if err != nil {
			fmt.Fprintf(os.Stderr, "mazescore: %v\n", err)
			os.Exit(1)
		}
		cells := map[int]bool{0: true}
		deepest, total, maxDepth := 0, 1, 0
		for _, mv := range sites.Moves {
			if mv.Depth > 0 && !cells[mv.To] && covered[mv.Line] {
				cells[mv.To] = true
				deepest = max(deepest, mv.Depth)
			}
			maxDepth = max(maxDepth, mv.Depth)
		}
		seen := map[int]bool{0: true}
		for _, mv := range sites.Moves {
			if mv.Depth > 0 && !seen[mv.To] {
				seen[mv.To] = true
				total++
			}
		}
		fmt.Printf("\tcells %d/%d\tdeepest %d/%d", len(cells), total, deepest, maxDepth)
	}
	if wrong > 0 {
		fmt.Printf("\tUNREACHABLE SITES REPORTED %d", wrong)
	}
	fmt.Println()
}

// coveredLines reads the lines an lcov file marks as run (the mazes are
// one file each, so every record is the maze's).
func coveredLines(path string) (map[int]bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return parseLCOV(f)
}

// parseLCOV returns the lines with a positive count in lcov DA records;
// other records and malformed ones are skipped.
func parseLCOV(r io.Reader) (map[int]bool, error) {
	out := map[int]bool{}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line, ok := strings.CutPrefix(sc.Text(), "DA:")
		if !ok {
			continue
		}
		l, n, _ := strings.Cut(line, ",")
		ln, err1 := strconv.Atoi(l)
		hits, err2 := strconv.Atoi(n)
		if err1 == nil && err2 == nil && hits > 0 {
			out[ln] = true
		}
	}
	return out, sc.Err()
}
