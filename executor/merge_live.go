package executor

import "github.com/floatsym/floatsym/ir"

// Register liveness at the merge joins: a register differs between two
// parked states only where it matters if a later instruction reads it
// before redefining it. The classic backward dataflow over fn's blocks
// (bit sets, iterated to the fixed point): live-in(b) = use(b) ∪
// (live-out(b) − def(b)), live-out(b) = ∪ live-in(successors); a phi
// move reads its source at the end of the predecessor and defines its
// destination there. A register defined on one side of a branch and
// read only after being defined again in a later loop iteration is not
// live at the join, so it no longer keeps two states apart.

type regSet []uint64

func newRegSet(n int) regSet    { return make(regSet, (n+63)/64) }
func (s regSet) has(r int) bool { return s[r/64]&(1<<(r%64)) != 0 }
func (s regSet) add(r int)      { s[r/64] |= 1 << (r % 64) }
func (s regSet) orNot(a, b regSet) bool { // s |= a &^ b; reports a change
	ch := false
	for i := range s {
		v := s[i] | (a[i] &^ b[i])
		if v != s[i] {
			s[i], ch = v, true
		}
	}
	return ch
}

// liveIns computes each block's live-in registers.
func liveIns(fn *ir.Function) []regSet {
	nb, nr := len(fn.Blocks), fn.NumRegs
	use, def, in := make([]regSet, nb), make([]regSet, nb), make([]regSet, nb)
	for b := range fn.Blocks {
		u, d := newRegSet(nr), newRegSet(nr)
		read := func(o ir.Operand) {
			if o.IsReg() && int(o) < nr && !d.has(int(o)) {
				u.add(int(o))
			}
		}
		for i := range fn.Blocks[b].Insts {
			in := &fn.Blocks[b].Insts[i]
			read(in.A)
			read(in.B)
			read(in.C)
			for _, a := range in.Args {
				read(a)
			}
			for _, x := range in.Index {
				read(x.Op)
			}
			if in.Dst >= 0 && int(in.Dst) < nr {
				d.add(int(in.Dst))
			}
		}
		ss := succsOf(&fn.Blocks[b])
		for _, ed := range ss {
			for _, mv := range ed.Moves {
				read(mv.Src)
			}
		}
		for _, ed := range ss {
			for _, mv := range ed.Moves {
				if mv.Dst >= 0 && int(mv.Dst) < nr {
					d.add(int(mv.Dst))
				}
			}
		}
		use[b], def[b], in[b] = u, d, newRegSet(nr)
		copy(in[b], u)
	}
	out := newRegSet(nr)
	for changed := true; changed; {
		changed = false
		for b := nb - 1; b >= 0; b-- {
			clear(out)
			for _, ed := range succsOf(&fn.Blocks[b]) {
				for i, w := range in[ed.Block] {
					out[i] |= w
				}
			}
			if in[b].orNot(out, def[b]) {
				changed = true
			}
		}
	}
	return in
}
