package z3

// glibc's roundl and roundevenl for x86_fp80 (sysdeps/ieee754/ldbl-96)
// operate on the integer words of the encoding. For valid operands they
// are IEEE roundToIntegral (ties away, ties to even) and the value
// translation is used; for unnormals (which the x87 rejects, so floorl and
// friends give NaN) they compute what this bit code computes, replayed here
// on the 16-bit sign/exponent se and the significand words i0 (high) and
// i1 (low).

import (
	z3 "github.com/floatsym/floatsym/solver/z3/internal/capi"

	"github.com/floatsym/floatsym/internal/arith"
)

func (t *translator) roundBits80(how arith.Integral, b z3.BV) z3.BV {
	se, i0, i1 := b.Extract(79, 64), b.Extract(63, 32), b.Extract(31, 0)
	exp := b.Extract(78, 64).ZeroExtend(17) // 32 bits
	c32 := func(v uint64) z3.BV { return t.bvc(v, 32) }
	c16 := func(v uint64) z3.BV { return t.bvc(v, 16) }
	signOnly := se.And(c16(0x8000))
	join := func(se, i0, i1 z3.BV) z3.BV { return se.Concat(i0).Concat(i1) }
	carry16 := func(c z3.Bool) z3.BV { return ite(c, c16(1), c16(0)) }
	bias := uint64(0x3fff)

	if how == arith.Round {
		// j0 < 0.
		half := exp.Eq(c32(bias - 1))
		rA := join(signOnly.Or(ite(half, c16(0x3fff), c16(0))), ite(half, c32(0x80000000), c32(0)), c32(0))
		// 0 <= j0 < 31.
		j0 := exp.Sub(c32(bias))
		i := c32(0x7fffffff).URsh(j0)
		integralB := i0.And(i).Or(i1).Eq(c32(0))
		j := i0.Add(c32(0x40000000).URsh(j0))
		rB := join(se.Add(carry16(j.ULT(i0))), j.And(i.Not()).Or(c32(0x80000000)), c32(0))
		rB = ite(integralB, b, rB)
		// 31 <= j0 <= 62.
		iD := c32(0xffffffff).URsh(j0.Sub(c32(31)))
		integralD := i1.And(iD).Eq(c32(0))
		jD := i1.Add(c32(1).Lsh(c32(62).Sub(j0)))
		cy1 := jD.ULT(i1)
		k := i0.Add(c32(1))
		cy2 := k.ULT(i0)
		i0D := ite(cy1, ite(cy2, k.Or(c32(0x80000000)), k), i0)
		rD := join(se.Add(carry16(cy1.And(cy2))), i0D, jD.And(iD.Not()))
		rD = ite(integralD, b, rD)
		return ite(exp.ULT(c32(bias)), rA,
			ite(exp.ULT(c32(bias+31)), rB,
				ite(exp.ULE(c32(bias+62)), rD, b)))
	}

	// roundevenl.
	// bias+32 <= exponent < bias+63: integer bit in the low word.
	intPos := c32(bias + 63).Sub(exp)
	halfBit := c32(1).Lsh(intPos.Sub(c32(1)))
	intBit := c32(1).Lsh(intPos)
	bump := func(cond z3.Bool, lxAdd z3.BV) (z3.BV, z3.BV, z3.BV) {
		lx := i1.Add(lxAdd)
		c := lx.ULT(lxAdd)
		hx1 := i0.Add(c32(1))
		wrap := hx1.Eq(c32(0))
		hx := ite(c, ite(wrap, c32(0x80000000), hx1), i0)
		s := se.Add(carry16(c.And(wrap)))
		return ite(cond, s, se), ite(cond, hx, i0), ite(cond, lx, i1)
	}
	cond2 := i1.And(intBit.Or(halfBit.Sub(c32(1)))).NE(c32(0))
	s2, h2, l2 := bump(cond2, halfBit)
	r2 := join(s2, h2, l2.And(intBit.Sub(c32(1)).Not()))
	// exponent == bias+31: integer bit at the bottom of the high word.
	cond3 := i0.And(c32(1)).Or(i1.And(c32(0x7fffffff))).NE(c32(0))
	s3, h3, _ := bump(cond3, c32(0x80000000))
	r3 := join(s3, h3, c32(0))
	// bias <= exponent < bias+31: integer and half bits in the high word.
	intPos4 := c32(bias + 31).Sub(exp)
	halfBit4 := c32(1).Lsh(intPos4.Sub(c32(1)))
	intBit4 := c32(1).Lsh(intPos4)
	cond4 := i0.And(intBit4.Or(halfBit4.Sub(c32(1)))).Or(i1).NE(c32(0))
	hx4 := i0.Add(halfBit4)
	cy4 := hx4.ULT(halfBit4)
	h4 := ite(cond4, ite(cy4, c32(0x80000000), hx4), i0)
	s4 := ite(cond4, se.Add(carry16(cy4)), se)
	r4 := join(s4, h4.And(intBit4.Sub(c32(1)).Not()), c32(0))
	// (0.5, 1) and below.
	r5 := join(signOnly.Or(c16(0x3fff)), c32(0x80000000), c32(0))
	r6 := join(signOnly, c32(0), c32(0))
	in5 := exp.Eq(c32(bias - 1)).And(i0.UGT(c32(0x80000000)).Or(i1.NE(c32(0))))
	return ite(exp.UGE(c32(bias+63)), b,
		ite(exp.UGE(c32(bias+32)), r2,
			ite(exp.Eq(c32(bias+31)), r3,
				ite(exp.UGE(c32(bias)), r4,
					ite(in5, r5, r6)))))
}
