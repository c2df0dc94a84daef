package main

import (
	"flag"
	"fmt"
)

// suggestion returns the candidate nearest word by edit distance, for a
// "did you mean" after a mistyped command or flag: "" when none is close
// enough (at most a third of the word's letters, and at least one, differ)
// or two are equally near.
func suggestion(word string, candidates []string) string {
	limit := max(len(word)/3, 1)
	best, bestDist, tie := "", limit+1, false
	for _, c := range candidates {
		d := editDistance(word, c)
		switch {
		case d < bestDist:
			best, bestDist, tie = c, d, false
		case d == bestDist:
			tie = true
		}
	}
	if tie || best == word {
		return ""
	}
	return best
}

// didYouMean is "; did you mean X?" for suggestion's X (written with
// prefix, "--" for a flag), else "".
func didYouMean(word string, candidates []string, prefix string) string {
	if s := suggestion(word, candidates); s != "" {
		return fmt.Sprintf("; did you mean %s%s?", prefix, s)
	}
	return ""
}

// commandNames lists the commands run dispatches, help included.
func commandNames() []string {
	out := []string{"help"}
	for _, c := range commands() {
		out = append(out, c.name)
	}
	return out
}

// flagNames lists the names of fs's flags.
func flagNames(fs *flag.FlagSet) []string {
	var out []string
	fs.VisitAll(func(f *flag.Flag) { out = append(out, f.Name) })
	return out
}

// editDistance is the Damerau-Levenshtein distance of a and b in bytes
// (insertions, deletions, substitutions and swaps of two neighbours):
// "chek" is one from "check", "tiemout" one from "timeout".
func editDistance(a, b string) int {
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
