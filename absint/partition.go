package absint

import (
	"sort"
	"strconv"
	"strings"

	"github.com/floatsym/floatsym/ir"
)

// Trace and value partitioning (Mauborgne & Rival, ESOP 2005; Astrée's
// partitioning directives, Eva's slevel/split): a state may be a finite
// disjunction of parts, each labelled by a token — the values that
// selected integers took where the state was split. Its meaning is the
// union of its parts. Parts are transferred separately, joined only with
// the part of the same token, and merged (joined) where their token ends:
//
//   - at a loop head, by the value of each integer that decides a branch
//     of the loop body (a cell loaded, or a phi register, compared by an
//     icmp or switched on, where both ways stay in the loop): the value a
//     counter had at the head (loops/accum_reset's count) selects which
//     formula the body applies, and a relation between the sum and the
//     count lost by one joined state holds per count value;
//   - at an fptosi/fptoui in a loop body, by the integer part of its
//     operand, whose range each part refines to the conversion's
//     preimage of one integer (interp_table: x in [k, k+1) per k, so that
//     t = x − k is exact per part and the table reads are single cells);
//   - at a read of a read-only table at a variable index in a loop body,
//     by the index's value (each part reads one exact entry).
//
// A split at a loop head lasts for the loop: its component is dropped
// (its parts merged) when the state re-enters that head (where the head
// splits again) or leaves the loop. A split in a body likewise ends at
// the loop's head or exit. Budgets: a state holds at most MaxParts
// parts (a split that would make more is not made; a head key whose
// range exceeds it is given up for the analysis, its parts merged), and
// partitioned transfers may take PartSteps steps, past which every state
// is joined into one. Every merge is a join, and a split enumerates every
// value of the key's sound interval, so the result stays sound whatever
// the budgets cut.

// comp is one component of a part's token: a split site and its value.
type comp struct {
	site int32
	val  int64
}

// part is one disjunct of a partitioned state (s has no parts itself).
type part struct {
	tok []comp // sorted by site
	s   *state
}

// tokKey is a token's canonical text (map key and sort order).
func tokKey(tok []comp) string {
	var b strings.Builder
	for i, c := range tok {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(int(c.site)))
		b.WriteByte('=')
		b.WriteString(strconv.FormatInt(c.val, 10))
	}
	return b.String()
}

// withComps is tok with the components of more added (more's sites are
// distinct from tok's: a site splits a state once).
func withComps(tok, more []comp) []comp {
	if len(more) == 0 {
		return tok
	}
	r := make([]comp, 0, len(tok)+len(more))
	r = append(append(r, tok...), more...)
	sort.Slice(r, func(i, j int) bool { return r[i].site < r[j].site })
	out := r[:0]
	for _, c := range r {
		if len(out) > 0 && out[len(out)-1].site == c.site {
			continue // the same site twice: keep the first value (never happens)
		}
		out = append(out, c)
	}
	return out
}

// partsOf is s's disjuncts: its parts, or s itself with the empty token.
func partsOf(s *state) []part {
	if s.parts != nil {
		return s.parts
	}
	return []part{{s: s}}
}

// flat is s with its parts joined (its summary); nil stays nil.
func (a *Analyzer) flat(s *state) *state {
	if s == nil || s.parts == nil {
		return s
	}
	r := *s
	r.parts = nil
	return &r
}

// mkParts builds the state of the disjuncts ps: parts with one token are
// joined, a state of more than MaxParts parts is joined into one, and a
// single part without token is a plain state. The summary (the state's
// own registers and memory) is the join of the parts, so that code that
// reads a state as one (the filter domain, invariants) sees a sound
// value.
func (a *Analyzer) mkParts(ps []part) (*state, error) {
	byKey := map[string]*part{}
	var keys []string
	for _, p := range ps {
		if p.s == nil {
			continue
		}
		k := tokKey(p.tok)
		if q, ok := byKey[k]; ok {
			j, err := a.join(q.s, p.s, false)
			if err != nil {
				return nil, err
			}
			q.s = j
			continue
		}
		p := p
		byKey[k] = &p
		keys = append(keys, k)
	}
	if len(keys) == 0 {
		return nil, nil
	}
	sort.Strings(keys)
	if len(keys) == 1 && keys[0] == "" {
		return byKey[""].s, nil
	}
	var sum *state
	for _, k := range keys {
		var err error
		if sum, err = a.join(sum, byKey[k].s, false); err != nil {
			return nil, err
		}
	}
	if a.part.off || len(keys) > a.part.max {
		return sum, nil
	}
	if sum == byKey[keys[0]].s {
		sum = sum.clone()
	}
	sum.parts = make([]part, len(keys))
	for i, k := range keys {
		sum.parts[i] = *byKey[k]
	}
	if len(keys) > a.part.peak {
		a.part.peak = len(keys)
	}
	return sum, nil
}

// normParts drops from s's tokens the components of sites given up.
func (a *Analyzer) normParts(s *state) []part {
	ps := partsOf(s)
	var out []part
	for _, p := range ps {
		tok := p.tok
		for _, c := range p.tok {
			if a.part.sites[c.site].disabled {
				tok = nil
				for _, c := range p.tok {
					if !a.part.sites[c.site].disabled {
						tok = append(tok, c)
					}
				}
				break
			}
		}
		out = append(out, part{tok: tok, s: p.s})
	}
	return out
}

// joinParts joins (or widens) two states of which one at least is
// partitioned: part by part for equal tokens.
func (a *Analyzer) joinParts(x, y *state, widen bool) (*state, error) {
	if a.part == nil || a.part.off {
		return a.join(a.flat(x), a.flat(y), widen)
	}
	m := map[string]part{}
	var keys []string
	add := func(ps []part, second bool) error {
		for _, p := range ps {
			k := tokKey(p.tok)
			q, ok := m[k]
			if !ok {
				m[k] = p
				keys = append(keys, k)
				continue
			}
			var j *state
			var err error
			if second {
				j, err = a.join(q.s, p.s, widen)
			} else {
				j, err = a.join(q.s, p.s, false)
			}
			if err != nil {
				return err
			}
			m[k] = part{tok: q.tok, s: j}
		}
		return nil
	}
	if err := add(a.normParts(x), false); err != nil {
		return nil, err
	}
	if err := add(a.normParts(y), true); err != nil {
		return nil, err
	}
	if len(keys) > a.part.max {
		return a.join(a.flat(x), a.flat(y), widen)
	}
	ps := make([]part, 0, len(keys))
	for _, k := range keys {
		ps = append(ps, m[k])
	}
	return a.mkParts(ps)
}

// leqParts reports x ⊑ y when one at least is partitioned: every part of
// x is below y's part of the same token or y's untokened part (a
// sufficient condition: y's meaning is the union of its parts, not their
// join).
func (a *Analyzer) leqParts(x, y *state) (bool, error) {
	if x == nil {
		return true, nil
	}
	if y == nil {
		return false, nil
	}
	ys := map[string]*state{}
	for _, p := range a.normParts(y) {
		k := tokKey(p.tok)
		if q, ok := ys[k]; ok {
			j, err := a.join(q, p.s, false)
			if err != nil {
				return false, err
			}
			ys[k] = j
			continue
		}
		ys[k] = p.s
	}
	for _, p := range a.normParts(x) {
		ok := false
		for _, k := range []string{tokKey(p.tok), ""} {
			q := ys[k]
			if q == nil {
				continue
			}
			le, err := a.leq(p.s, q)
			if err != nil {
				return false, err
			}
			if le {
				ok = true
				break
			}
		}
		if !ok {
			return false, nil
		}
	}
	return true, nil
}

// rekey prepares the state s leaving for block to of f: components whose
// split ends there are dropped (their parts merge) and, when to is a
// loop head with keys, every part is split by their values.
func (a *Analyzer) rekey(f *ir.Function, to int, s *state) (*state, error) {
	if s == nil {
		return nil, nil
	}
	if a.part.off {
		return a.flat(s), nil
	}
	pl := a.plan(f)
	keys := pl.heads[to]
	if s.parts == nil && len(keys) == 0 {
		return s, nil
	}
	var ps []part
	for _, p := range a.normParts(s) {
		var tok []comp
		for _, c := range p.tok {
			st := a.part.sites[c.site]
			if st.scope >= 0 && (st.scope == to || !pl.loops[st.scope][to]) {
				continue
			}
			if st.kind == pkHead {
				// A head key labels a part by its current value, so that
				// the join points of the body keep apart the paths that
				// changed it (the reset and the increment of a counter).
				if v, ok := a.keyValue(p.s, st); ok {
					if x, single := v.Single(); single {
						c.val = x
					}
				}
			}
			tok = append(tok, c)
		}
		ps = append(ps, part{tok: tok, s: p.s})
	}
	if len(keys) > 0 {
		var err error
		if ps, err = a.splitHead(ps, keys); err != nil {
			return nil, err
		}
	}
	return a.mkParts(ps)
}

// rekeyFlow rekeys every successor state of block b's flow, and joins the
// parts of the return (a caller sees one state).
func (a *Analyzer) rekeyFlow(f *ir.Function, b int, fl *flow) (*flow, error) {
	insts := f.Blocks[b].Insts
	term := &insts[len(insts)-1]
	for i, e := range term.Succs {
		if i >= len(fl.succ) {
			break
		}
		s, err := a.rekey(f, int(e.Block), fl.succ[i])
		if err != nil {
			return nil, err
		}
		fl.succ[i] = s
	}
	fl.ret = a.flat(fl.ret)
	return fl, nil
}

// splitHead splits every part by the values of the head's keys. A key
// whose values would make more than MaxParts parts is given up (for the
// rest of the analysis: joins then merge the parts it made).
func (a *Analyzer) splitHead(ps []part, keys []*psite) ([]part, error) {
	for _, k := range keys {
		if k.disabled {
			continue
		}
		var next []part
		for _, p := range ps {
			v, ok := a.keyValue(p.s, k)
			if !ok || v.Empty {
				next = append(next, p)
				continue
			}
			if uint64(v.Hi-v.Lo) >= uint64(a.part.max) {
				next = nil
				break
			}
			for x := v.Lo; ; x++ {
				s := p.s
				if v.Lo != v.Hi {
					s = p.s.clone()
					if err := a.setKey(s, k, x); err != nil {
						return nil, err
					}
				}
				next = append(next, part{tok: withComps(p.tok, []comp{{k.id, x}}), s: s})
				if x == v.Hi {
					break
				}
			}
		}
		if next == nil || distinctToks(next) > a.part.max {
			k.disabled = true
			a.part.givenUp++
			continue
		}
		ps = next
	}
	return ps, nil
}

func distinctToks(ps []part) int {
	seen := map[string]bool{}
	for _, p := range ps {
		seen[tokKey(p.tok)] = true
	}
	return len(seen)
}
