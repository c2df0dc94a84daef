package trace

import "github.com/holiman/uint256"

// This file follows block.timestamp, block.number, blockhash and
// block.prevrandao through memory into
// keccak256, the usual way of turning them into "random" numbers
// (SWC-120: keccak256(abi.encodePacked(block.timestamp, msg.sender)) % 2
// deciding a payment). A word stored to memory keeps its label at its
// offset until a word without one is stored there; a hash of a range that
// holds a labelled word carries the label.
//
// A result that wrapped (SWC-101) is followed into memory too, but only
// into the input of a call: an amount passed to another contract
// (token.mint(to, tokens), token.transfer(to, amount)) is used as surely
// as one sent with the call. It does not pass into a hash or a word read
// back from memory, where its origin would be lost.

// maxMemTaints bounds the labelled memory words a frame remembers.
const maxMemTaints = 4

// memLabels are the labels followed through memory.
const memLabels = blockLabels | LabelCoin | LabelWrap

type memTaint struct {
	off   uint64
	label Label
	src   uint64 // where a wrapped word was computed (LabelWrap)
}

// mstore notes a word stored at off with label l (0: none), computed at
// src.
func (f *frame) mstore(off *uint256.Int, l Label, src uint64) {
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
				f.mem[i].label, f.mem[i].src = l&memLabels, src
			}
			return
		}
	}
	if l&memLabels != 0 && f.nMem < maxMemTaints {
		f.mem[f.nMem] = memTaint{o, l & memLabels, src}
		f.nMem++
	}
}

// hashed returns the block labels of the words in memory range [off,
// off+size).
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
	return l & blockLabels
}

// wrappedInput returns where a wrapped word in memory range [off,
// off+size) was computed, if one is there.
func (f *frame) wrappedInput(off, size *uint256.Int) (uint64, bool) {
	if !off.IsUint64() || !size.IsUint64() {
		return 0, false
	}
	start, end := off.Uint64(), off.Uint64()+size.Uint64()
	for i := 0; i < f.nMem; i++ {
		if m := f.mem[i]; m.label&LabelWrap != 0 && m.off < end && m.off+32 > start {
			return m.src, true
		}
	}
	return 0, false
}

// memStrip removes label l from the words computed at src.
func (f *frame) memStrip(src uint64, l Label) {
	for i := 0; i < f.nMem; {
		if f.mem[i].src == src {
			f.mem[i].label &^= l
		}
		if f.mem[i].label == 0 {
			f.nMem--
			f.mem[i] = f.mem[f.nMem]
			continue
		}
		i++
	}
}
