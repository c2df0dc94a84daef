package trace

// bucket maps a hit count to one of AFL's eight hit-count classes (1, 2, 3,
// 4-7, 8-15, 16-31, 32-127, 128+) as a bit, so loops that run a few more
// times do not count as new behaviour but a different order of magnitude
// does.
func bucket(n uint32) uint8 {
	switch {
	case n == 0:
		return 0
	case n <= 3:
		return 1 << (n - 1)
	case n <= 7:
		return 1 << 3
	case n <= 15:
		return 1 << 4
	case n <= 31:
		return 1 << 5
	case n <= 127:
		return 1 << 6
	default:
		return 1 << 7
	}
}

func mix(x uint64) uint64 {
	// splitmix64's finaliser.
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// PathID identifies the current transaction's path: the set of branch edges
// it took with their hit-count classes. Summing mixed terms makes it
// independent of the order edges were first taken.
func (t *Tracer) PathID() uint64 {
	var h uint64 = 0x9e3779b97f4a7c15
	for _, e := range t.touched {
		h += mix(uint64(e)<<8 | uint64(bucket(t.counts[e])))
	}
	return h
}

// MergeCoverage adds the current transaction's (edge, hit class) pairs to
// seen (one byte of class bits per edge) and returns how many were new;
// its edges' hits go to the totals EdgeHits reads, its JUMPDESTs' to
// DestHits'.
func (t *Tracer) MergeCoverage(seen []uint8) int {
	if t.edgeHits == nil {
		t.edgeHits = make([]uint64, len(t.counts)) // once per tracer
	}
	t.mergeDests()
	n := 0
	for _, e := range t.touched {
		t.edgeHits[e] += uint64(t.counts[e])
		b := bucket(t.counts[e])
		if seen[e]&b == 0 {
			seen[e] |= b
			n++
		}
	}
	return n
}

// NewCoverage reports how many of the current transaction's (edge, hit
// class) pairs are missing from seen, without changing it.
func (t *Tracer) NewCoverage(seen []uint8) int {
	n := 0
	for _, e := range t.touched {
		if seen[e]&bucket(t.counts[e]) == 0 {
			n++
		}
	}
	return n
}

// NewEdge returns an edge the current transaction took that seen holds
// no class of (one never taken), or -1.
func (t *Tracer) NewEdge(seen []uint8) int32 {
	for _, e := range t.touched {
		if seen[e] == 0 {
			return e
		}
	}
	return -1
}

// EdgeHits returns how often edge e was taken over the transactions
// whose coverage MergeCoverage merged.
func (t *Tracer) EdgeHits(e int32) uint64 {
	if t.edgeHits == nil {
		return 0
	}
	return t.edgeHits[e]
}
