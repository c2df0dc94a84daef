package trace

import "github.com/holiman/uint256"

// This file follows block.timestamp, block.number, blockhash and
// block.prevrandao through memory into
// keccak256, the usual way of turning them into "random" numbers
// (SWC-120: keccak256(abi.encodePacked(block.timestamp, msg.sender)) % 2
// deciding a payment). A word stored to memory keeps its label at its
// offset until a word without one is stored there; a hash of a range that
// holds a labelled word carries the label.

// maxMemTaints bounds the labelled memory words a frame remembers.
const maxMemTaints = 4

// memLabels are the labels followed through memory.
const memLabels = blockLabels

type memTaint struct {
	off   uint64
	label Label
}

// mstore notes a word stored at off with label l (0: none).
func (f *frame) mstore(off *uint256.Int, l Label) {
	if !off.IsUint64() {
		return
	}
	o := off.Uint64()
	for i := 0; i < f.nMem; i++ {
		if f.mem[i].off == o {
			if l&memLabels == 0 {
				f.nMem--
				f.mem[i] = f.mem[f.nMem]
			} else {
				f.mem[i].label = l & memLabels
			}
			return
		}
	}
	if l&memLabels != 0 && f.nMem < maxMemTaints {
		f.mem[f.nMem] = memTaint{o, l & memLabels}
		f.nMem++
	}
}

// hashed returns the labels of the words in memory range [off, off+size).
func (f *frame) hashed(off, size *uint256.Int) Label {
	if !off.IsUint64() || !size.IsUint64() {
		return 0
	}
	start, end := off.Uint64(), off.Uint64()+size.Uint64()
	var l Label
	for i := 0; i < f.nMem; i++ {
		if m := f.mem[i]; m.off < end && m.off+32 > start {
			l |= m.label
		}
	}
	return l
}
