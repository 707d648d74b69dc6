// Package scalarize rewrites every vector operation of an LLVM module into
// scalar ones before ir lowers it, so the executor, memory and solver never
// see a vector. A vector value becomes its lanes (one scalar value per
// lane); memory accesses touch the bytes LLVM's x86_64 layout gives the
// vector (<3 x float> stores 12 bytes, <N x i1> is bit-packed); bitcasts
// repack bits little-endian; functions of the program that take or return
// vectors take one parameter per lane and return a literal struct of
// lanes, at the definition and at every call alike; intrinsics on vectors
// become one scalar intrinsic per lane, and reductions follow the order
// LLVM 14's x86_64 back end computes them in (see reduce.go).
//
// The pass works on llir's AST, between parsing and lowering, so that its
// result is LLVM IR again: it can be printed (floatsym run
// --emit-scalarized) and tested on its own.
package scalarize

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/metadata"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// Module rewrites m in place. name is the file name used in messages.
func Module(name string, m *ir.Module) error {
	s := &module{name: name, m: m, funcs: map[string]*ir.Func{}, sigs: map[*ir.Func]*sigChange{}}
	for _, f := range m.Funcs {
		s.funcs[f.Name()] = f
	}
	if err := s.checkLanes(); err != nil {
		return err
	}
	// Signatures first: a call may precede the definition it calls.
	for _, f := range m.Funcs {
		if err := s.changeSig(f); err != nil {
			return err
		}
	}
	for _, f := range m.Funcs {
		if f.Blocks == nil {
			continue
		}
		if err := s.function(f); err != nil {
			return err
		}
	}
	// Vector intrinsic declarations have no callers left.
	kept := m.Funcs[:0]
	for _, f := range m.Funcs {
		if f.Blocks == nil && isIntrinsic(f.Name()) && sigHasVector(f.Sig) {
			continue
		}
		kept = append(kept, f)
	}
	m.Funcs = kept
	return nil
}

type module struct {
	name  string
	m     *ir.Module
	funcs map[string]*ir.Func
	sigs  map[*ir.Func]*sigChange
}

// sigChange records how a function of the program with vectors in its
// signature was expanded.
type sigChange struct {
	params [][]*ir.Param                 // per original parameter: its new parameters (lanes)
	lanes  map[value.Value][]value.Value // original vector parameter -> lanes
	retT   *types.StructType             // flat struct of the return value's leaves, if it has vectors
}

func isIntrinsic(name string) bool { return strings.HasPrefix(name, "llvm.") }

func hasVector(t types.Type) bool {
	switch t := t.(type) {
	case *types.VectorType:
		return true
	case *types.ArrayType:
		return hasVector(t.ElemType)
	case *types.StructType:
		for _, f := range t.Fields {
			if hasVector(f) {
				return true
			}
		}
	}
	return false
}

func sigHasVector(sig *types.FuncType) bool {
	if hasVector(sig.RetType) {
		return true
	}
	for _, p := range sig.Params {
		if hasVector(p) {
			return true
		}
	}
	return false
}

// changeSig expands the vector parameters and return of a function of the
// program (defined or declared) into lanes.
func (s *module) changeSig(f *ir.Func) error {
	if isIntrinsic(f.Name()) || !sigHasVector(f.Sig) {
		return nil
	}
	where := fmt.Sprintf("%s: function @%s", s.name, f.Name())
	sc := &sigChange{lanes: map[value.Value][]value.Value{}}
	var ptypes []types.Type
	var params []*ir.Param
	for i, pt := range f.Sig.Params {
		if !hasVector(pt) {
			var p *ir.Param
			if i < len(f.Params) {
				p = f.Params[i]
			} else {
				p = ir.NewParam("", pt)
			}
			sc.params = append(sc.params, []*ir.Param{p})
			params = append(params, p)
			ptypes = append(ptypes, pt)
			continue
		}
		if _, _, _, err := layout(pt); err != nil && !isVector(pt) {
			return fmt.Errorf("%s: parameter %d: %w", where, i, err)
		}
		var lanes []*ir.Param
		var vals []value.Value
		for _, lt := range leafTypes(pt) {
			p := ir.NewParam("", lt)
			lanes = append(lanes, p)
			vals = append(vals, p)
			params = append(params, p)
			ptypes = append(ptypes, lt)
		}
		sc.params = append(sc.params, lanes)
		if i < len(f.Params) {
			sc.lanes[f.Params[i]] = vals
		}
	}
	ret := f.Sig.RetType
	if hasVector(ret) {
		sc.retT = flatStruct(ret)
		ret = sc.retT
	}
	sig := types.NewFunc(ret, ptypes...)
	sig.Variadic = f.Sig.Variadic
	f.Sig = sig
	f.Typ = types.NewPointer(sig)
	if f.Blocks != nil || len(f.Params) > 0 {
		f.Params = params
	}
	s.sigs[f] = sc
	return nil
}

// fn is the state of one function's rewrite.
type fn struct {
	*module
	f     *ir.Func
	lanes map[value.Value][]value.Value
	repl  map[value.Value]value.Value
	out   []ir.Instruction
	md    ir.Metadata // the !dbg of the instruction being rewritten
	cur   interface{}
	fma   bool // the function's target has FMA: fmuladd is fused
	sse41 bool // the function's target has SSE4.1: llvm.round is inline
	phis  []phiFix
	dummy map[types.Type]value.Value
	entry []ir.Instruction // allocas to put at the top of the entry block
}

// phiFix is a vector phi whose lane phis get their incoming values once
// every block has been rewritten.
type phiFix struct {
	orig  *ir.InstPhi
	lanes []*ir.InstPhi
}

func (s *module) function(f *ir.Func) error {
	c := &fn{module: s, f: f, lanes: map[value.Value][]value.Value{}, repl: map[value.Value]value.Value{},
		fma: hasTargetFeature(f, "+fma"), sse41: hasTargetFeature(f, "+sse4.1"), dummy: map[types.Type]value.Value{}}
	if sc := s.sigs[f]; sc != nil {
		for p, ls := range sc.lanes {
			c.lanes[p] = ls
		}
	}
	for _, b := range rpo(f) {
		if err := c.block(b); err != nil {
			return err
		}
	}
	for _, p := range c.phis {
		for _, inc := range p.orig.Incs {
			ls, err := c.lanesOf(inc.X)
			if err != nil {
				return c.errorf(p.orig, "%v", err)
			}
			for k, lp := range p.lanes {
				lp.Incs = append(lp.Incs, &ir.Incoming{X: ls[k], Pred: inc.Pred})
			}
		}
	}
	// Scalar uses of values that were replaced (extractelement results,
	// reductions, bitcasts of vectors to scalars).
	for _, b := range f.Blocks {
		for _, inst := range b.Insts {
			c.substitute(inst)
		}
		if u, ok := b.Term.(value.User); ok {
			for _, op := range u.Operands() {
				c.subst(op)
			}
		}
	}
	if len(c.entry) > 0 {
		e := f.Blocks[0]
		e.Insts = append(append([]ir.Instruction(nil), c.entry...), e.Insts...)
	}
	return nil
}

func isVector(t types.Type) bool { _, ok := t.(*types.VectorType); return ok }

func hasTargetFeature(f *ir.Func, feat string) bool {
	var attrs []ir.FuncAttribute
	attrs = append(attrs, f.FuncAttrs...)
	for len(attrs) > 0 {
		a := attrs[0]
		attrs = attrs[1:]
		switch a := a.(type) {
		case *ir.AttrGroupDef:
			attrs = append(attrs, a.FuncAttrs...)
		case ir.AttrPair:
			if a.Key == "target-features" {
				for _, x := range strings.Split(a.Value, ",") {
					if x == feat {
						return true
					}
				}
			}
		}
	}
	return false
}

// rpo orders blocks so that every definition is rewritten before its
// uses outside phis: reverse postorder, then unreachable blocks.
func rpo(f *ir.Func) []*ir.Block {
	seen := map[*ir.Block]bool{}
	var post []*ir.Block
	var visit func(b *ir.Block)
	visit = func(b *ir.Block) {
		seen[b] = true
		for _, s := range b.Term.Succs() {
			if !seen[s] {
				visit(s)
			}
		}
		post = append(post, b)
	}
	visit(f.Blocks[0])
	order := make([]*ir.Block, 0, len(f.Blocks))
	for i := len(post) - 1; i >= 0; i-- {
		order = append(order, post[i])
	}
	for _, b := range f.Blocks {
		if !seen[b] {
			order = append(order, b)
		}
	}
	return order
}

func (c *fn) subst(op *value.Value) {
	if a, ok := (*op).(*ir.Arg); ok {
		if r, ok := c.repl[a.Value]; ok {
			a.Value = r
		}
		return
	}
	if r, ok := c.repl[*op]; ok {
		*op = r
	}
}

func (c *fn) substitute(inst ir.Instruction) {
	if u, ok := inst.(value.User); ok {
		for _, op := range u.Operands() {
			c.subst(op)
		}
	}
	if phi, ok := inst.(*ir.InstPhi); ok {
		for _, inc := range phi.Incs {
			c.subst(&inc.X)
		}
	}
}

// scalar returns the value a scalar operand stands for now.
func (c *fn) scalar(v value.Value) value.Value {
	if a, ok := v.(*ir.Arg); ok {
		v = a.Value
	}
	if r, ok := c.repl[v]; ok {
		return r
	}
	return v
}

// emit appends a new instruction with the current instruction's location.
func (c *fn) emit(inst ir.Instruction) value.Value {
	if len(c.md) > 0 {
		if f := reflect.ValueOf(inst).Elem().FieldByName("Metadata"); f.IsValid() && f.CanSet() {
			f.Set(reflect.ValueOf(c.md))
		}
	}
	c.out = append(c.out, inst)
	v, _ := inst.(value.Value)
	return v
}

func dbgOf(inst interface{}) ir.Metadata {
	m, ok := inst.(interface {
		MDAttachments() []*metadata.Attachment
	})
	if !ok {
		return nil
	}
	for _, a := range m.MDAttachments() {
		if a.Name == "dbg" {
			return ir.Metadata{a}
		}
	}
	return nil
}

// errorf names the instruction and its source position.
func (c *fn) errorf(inst interface{}, format string, args ...interface{}) error {
	where := c.name
	if md := dbgOf(inst); md != nil {
		if dl, ok := md[0].Node.(*metadata.DILocation); ok {
			if file := scopeFile(dl.Scope); file != "" {
				where = fmt.Sprintf("%s:%d", file, dl.Line)
			}
		}
	}
	text := ""
	if s, ok := inst.(interface{ LLString() string }); ok {
		text = strings.TrimSpace(s.LLString())
		if i := strings.Index(text, ", !dbg"); i >= 0 {
			text = text[:i]
		}
	}
	return fmt.Errorf("%s: @%s: `%s`: %s", where, c.f.Name(), text, fmt.Sprintf(format, args...))
}

func scopeFile(s metadata.Field) string {
	for i := 0; s != nil && i < 64; i++ {
		switch sc := s.(type) {
		case *metadata.DISubprogram:
			if sc.File != nil {
				return sc.File.Filename
			}
			return ""
		case *metadata.DILexicalBlock:
			if sc.File != nil {
				return sc.File.Filename
			}
			s = sc.Scope
		case *metadata.DILexicalBlockFile:
			if sc.File != nil {
				return sc.File.Filename
			}
			s = sc.Scope
		case *metadata.DIFile:
			return sc.Filename
		default:
			return ""
		}
	}
	return ""
}

// lanesOf returns the leaves of a value whose type holds vectors (the
// lanes of a vector).
func (c *fn) lanesOf(v value.Value) ([]value.Value, error) {
	if a, ok := v.(*ir.Arg); ok {
		v = a.Value
	}
	if ls, ok := c.lanes[v]; ok {
		return ls, nil
	}
	t := v.Type()
	if !hasVector(t) {
		return nil, fmt.Errorf("%s is not a vector", v.Ident())
	}
	var out []value.Value
	switch k := v.(type) {
	case *constant.Vector:
		for _, e := range k.Elems {
			out = append(out, e)
		}
	case *constant.ZeroInitializer:
		for _, lt := range leafTypes(t) {
			out = append(out, zeroOf(lt))
		}
	case *constant.Undef, *constant.Poison:
		for _, lt := range leafTypes(t) {
			out = append(out, constant.NewUndef(lt))
		}
	case *constant.Struct:
		for _, f := range k.Fields {
			ls, err := c.leavesOf(f)
			if err != nil {
				return nil, err
			}
			out = append(out, ls...)
		}
	case *constant.Array:
		for _, e := range k.Elems {
			ls, err := c.leavesOf(e)
			if err != nil {
				return nil, err
			}
			out = append(out, ls...)
		}
	default:
		return nil, fmt.Errorf("vector operand %s is not supported", v.Ident())
	}
	c.lanes[v] = out
	return out, nil
}

// leavesOf returns the scalar leaves of any value: the lanes of one with
// vectors, the extracted components of an aggregate, or the value itself.
func (c *fn) leavesOf(v value.Value) ([]value.Value, error) {
	if a, ok := v.(*ir.Arg); ok {
		v = a.Value
	}
	t := v.Type()
	if hasVector(t) {
		return c.lanesOf(v)
	}
	if !isAggregate(t) {
		return []value.Value{c.scalar(v)}, nil
	}
	switch k := v.(type) {
	case *constant.ZeroInitializer:
		var out []value.Value
		for _, lt := range leafTypes(t) {
			out = append(out, zeroOf(lt))
		}
		return out, nil
	case *constant.Undef, *constant.Poison:
		var out []value.Value
		for _, lt := range leafTypes(t) {
			out = append(out, constant.NewUndef(lt))
		}
		return out, nil
	case *constant.Struct:
		var out []value.Value
		for _, f := range k.Fields {
			ls, err := c.leavesOf(f)
			if err != nil {
				return nil, err
			}
			out = append(out, ls...)
		}
		return out, nil
	case *constant.Array:
		var out []value.Value
		for _, e := range k.Elems {
			ls, err := c.leavesOf(e)
			if err != nil {
				return nil, err
			}
			out = append(out, ls...)
		}
		return out, nil
	}
	v = c.scalar(v)
	var out []value.Value
	for _, p := range leafPaths(t) {
		out = append(out, c.emit(ir.NewExtractValue(v, p...)))
	}
	return out, nil
}

// assemble builds a value of type t (without vectors) from its leaves.
func (c *fn) assemble(t types.Type, leaves []value.Value) value.Value {
	if !isAggregate(t) {
		return leaves[0]
	}
	var agg value.Value = constant.NewUndef(t)
	for k, p := range leafPaths(t) {
		agg = c.emit(ir.NewInsertValue(agg, leaves[k], p...))
	}
	return agg
}

// result records the leaves of an instruction's result: as lanes when its
// type holds vectors, or as the value replacing it otherwise.
func (c *fn) result(inst value.Value, leaves []value.Value) {
	t := inst.Type()
	if hasVector(t) {
		c.lanes[inst] = leaves
		return
	}
	c.repl[inst] = c.assemble(t, leaves)
}

func zeroOf(t types.Type) constant.Constant {
	switch t := t.(type) {
	case *types.IntType:
		return constant.NewInt(t, 0)
	case *types.FloatType:
		return constant.NewFloat(t, 0)
	case *types.PointerType:
		return constant.NewNull(t)
	}
	return constant.NewZeroInitializer(t)
}

func i64(x int64) constant.Constant { return constant.NewInt(types.I64, x) }

// involvesVector reports whether an instruction has a vector result or
// operand.
func involvesVector(inst interface{}) bool {
	if v, ok := inst.(value.Value); ok && hasVector(v.Type()) {
		return true
	}
	if u, ok := inst.(value.User); ok {
		for _, op := range u.Operands() {
			v := *op
			if a, ok := v.(*ir.Arg); ok {
				v = a.Value
			}
			if v != nil && hasVector(v.Type()) {
				return true
			}
		}
	}
	return false
}

func hasFMF(flags []enum.FastMathFlag, want enum.FastMathFlag) bool {
	for _, f := range flags {
		if f == want || f == enum.FastMathFlagFast {
			return true
		}
	}
	return false
}
