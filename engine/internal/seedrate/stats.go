package main

import (
	"math"
	"sort"
)

// median returns the median of xs (not empty); it sorts xs.
func median(xs []float64) float64 {
	sort.Float64s(xs)
	n := len(xs)
	if n%2 == 1 {
		return xs[n/2]
	}
	return (xs[n/2-1] + xs[n/2]) / 2
}

// mean returns the mean of xs (not empty).
func mean(xs []float64) float64 {
	var s float64
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// mannWhitney returns the normal approximation of the Mann-Whitney U test
// of a against b, with ties given mid-ranks and the variance corrected for
// them: z > 0 when a's values tend to be larger, and the two-sided p. With
// no spread at all (every value tied) it returns 0 and 1.
func mannWhitney(a, b []float64) (z, p float64) {
	type obs struct {
		v     float64
		fromA bool
	}
	all := make([]obs, 0, len(a)+len(b))
	for _, v := range a {
		all = append(all, obs{v, true})
	}
	for _, v := range b {
		all = append(all, obs{v, false})
	}
	sort.Slice(all, func(i, j int) bool { return all[i].v < all[j].v })
	n1, n2 := float64(len(a)), float64(len(b))
	n := n1 + n2
	var rankA, tieTerm float64
	for i := 0; i < len(all); {
		j := i
		for j < len(all) && all[j].v == all[i].v {
			j++
		}
		mid := float64(i+j+1) / 2 // ranks i+1..j
		for k := i; k < j; k++ {
			if all[k].fromA {
				rankA += mid
			}
		}
		t := float64(j - i)
		tieTerm += t*t*t - t
		i = j
	}
	u := rankA - n1*(n1+1)/2
	variance := n1 * n2 / 12 * ((n + 1) - tieTerm/(n*(n-1)))
	if n1 == 0 || n2 == 0 || variance <= 0 {
		return 0, 1
	}
	z = (u - n1*n2/2) / math.Sqrt(variance)
	return z, math.Erfc(math.Abs(z) / math.Sqrt2)
}
