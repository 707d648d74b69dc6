package ir

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/metadata"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

type lowerer struct {
	m           *Module
	types       typeLowerer
	sentinels   floatSentinels
	globalIndex map[*ir.Global]int
	funcIndex   map[*ir.Func]int
	fileIndex   map[string]int32
	constIndex  map[constKey]int
}

type constKey struct {
	w    arith.Word
	base Ref
	t    *Type
}

func lowerModule(name string, mod *ir.Module, s floatSentinels) (*Module, error) {
	l := &lowerer{
		m: &Module{
			FuncByName:   map[string]*Function{},
			GlobalByName: map[string]*Global{},
			Source:       name,
		},
		types:       typeLowerer{cache: map[types.Type]*Type{}},
		sentinels:   s,
		globalIndex: map[*ir.Global]int{},
		funcIndex:   map[*ir.Func]int{},
		fileIndex:   map[string]int32{},
		constIndex:  map[constKey]int{},
	}
	for i, g := range mod.Globals {
		l.globalIndex[g] = i
	}
	for i, f := range mod.Funcs {
		l.funcIndex[f] = i
	}
	for i, g := range mod.Globals {
		lg, err := l.lowerGlobal(i, g)
		if err != nil {
			return nil, fmt.Errorf("%s: global @%s: %w", name, g.Name(), err)
		}
		l.m.Globals = append(l.m.Globals, lg)
		l.m.GlobalByName[lg.Name] = lg
	}
	if len(mod.Aliases) > 0 || len(mod.IFuncs) > 0 {
		return nil, fmt.Errorf("%s: global aliases and ifuncs are not supported", name)
	}
	// Create all functions first so calls can refer to them by index.
	for i, f := range mod.Funcs {
		lf := &Function{Index: i, Name: f.Name(), Variadic: f.Sig.Variadic, Loc: Loc{File: -1}}
		var err error
		if lf.Ret, err = l.types.lower(f.Sig.RetType); err != nil {
			return nil, fmt.Errorf("%s: function @%s: %w", name, f.Name(), err)
		}
		for _, p := range f.Sig.Params {
			pt, err := l.types.lower(p)
			if err != nil {
				return nil, fmt.Errorf("%s: function @%s: %w", name, f.Name(), err)
			}
			lf.Params = append(lf.Params, pt)
		}
		l.m.Funcs = append(l.m.Funcs, lf)
		l.m.FuncByName[lf.Name] = lf
	}
	for i, f := range mod.Funcs {
		if f.Blocks == nil {
			continue
		}
		if err := l.lowerFunc(l.m.Funcs[i], f); err != nil {
			return nil, err
		}
	}
	return l.m, nil
}

func (l *lowerer) lowerGlobal(i int, g *ir.Global) (*Global, error) {
	t, err := l.types.lower(g.ContentType)
	if err != nil {
		return nil, err
	}
	lg := &Global{Index: i, Name: g.Name(), T: t, Size: t.Size, Align: t.Align, ReadOnly: g.Immutable, Loc: Loc{File: -1}}
	if g.Align != 0 && uint64(g.Align) > lg.Align {
		lg.Align = uint64(g.Align)
	}
	if lg.Align == 0 {
		lg.Align = 1
	}
	if g.Init == nil {
		lg.External = true
		return lg, nil
	}
	switch init := g.Init.(type) {
	case *constant.ZeroInitializer:
		return lg, nil
	case *constant.CharArray:
		lg.Init = append([]byte(nil), init.X...)
		if uint64(len(lg.Init)) < lg.Size {
			lg.Init = append(lg.Init, make([]byte, lg.Size-uint64(len(lg.Init)))...)
		}
		return lg, nil
	}
	c, err := l.constVal(g.Init)
	if err != nil {
		return nil, err
	}
	lg.Init = make([]byte, lg.Size)
	if err := l.writeConst(lg, 0, c); err != nil {
		return nil, err
	}
	return lg, nil
}

// writeConst stores a lowered constant into a global's initial image.
func (l *lowerer) writeConst(g *Global, off uint64, c Const) error {
	if c.T.IsAggregate() {
		for i, lf := range c.T.Leaves {
			if err := l.writeConst(g, off+lf.Off, c.Agg[i]); err != nil {
				return err
			}
		}
		return nil
	}
	if c.T.Kind == VectorType && c.Agg != nil {
		for i, lane := range c.Agg {
			if err := l.writeConst(g, off+uint64(i)*c.T.Elem.Store, lane); err != nil {
				return err
			}
		}
		return nil
	}
	if c.Base.Kind == RefExpr {
		return fmt.Errorf("integer arithmetic on an address in the initializer of @%s is not supported", g.Name)
	}
	if c.Base.Kind != RefNone {
		g.Relocs = append(g.Relocs, Reloc{Off: off, Base: c.Base, Addend: int64(c.W.Lo)})
		return nil
	}
	PutWord(g.Init[off:off+c.T.Store], c.W)
	return nil
}

// PutWord stores the low len(b) bytes of w little-endian.
func PutWord(b []byte, w arith.Word) {
	for i := range b {
		if i < 8 {
			b[i] = byte(w.Lo >> (8 * i))
		} else {
			b[i] = byte(w.Hi >> (8 * (i - 8)))
		}
	}
}

// GetWord loads len(b) <= 16 little-endian bytes.
func GetWord(b []byte) arith.Word {
	var w arith.Word
	for i := range b {
		if i < 8 {
			w.Lo |= uint64(b[i]) << (8 * i)
		} else {
			w.Hi |= uint64(b[i]) << (8 * (i - 8))
		}
	}
	return w
}

// funcLowerer holds per-function lowering state.
type funcLowerer struct {
	*lowerer
	f      *Function
	src    *ir.Func
	regs   map[value.Value]int32
	blocks map[*ir.Block]int32
	phis   map[*ir.Block][]*ir.InstPhi
}

func (l *lowerer) lowerFunc(lf *Function, f *ir.Func) error {
	fl := &funcLowerer{lowerer: l, f: lf, src: f,
		regs: map[value.Value]int32{}, blocks: map[*ir.Block]int32{}, phis: map[*ir.Block][]*ir.InstPhi{}}
	if sp := subprogramOf(f); sp != nil {
		lf.Loc = Loc{File: l.file(sp.File), Line: int32(sp.Line)}
	}
	for i, p := range f.Params {
		fl.regs[p] = int32(i)
		lf.RegType = append(lf.RegType, lf.Params[i])
	}
	for i, b := range f.Blocks {
		fl.blocks[b] = int32(i)
	}
	// Number every value-producing instruction first: operands may refer
	// to later instructions (phis, and blocks in any order).
	for _, b := range f.Blocks {
		for _, inst := range b.Insts {
			if phi, ok := inst.(*ir.InstPhi); ok {
				fl.phis[b] = append(fl.phis[b], phi)
			}
			v, ok := inst.(value.Value)
			if !ok {
				continue
			}
			if _, isVoid := v.Type().(*types.VoidType); isVoid {
				continue
			}
			t, err := l.types.lower(v.Type())
			if err != nil {
				return fl.errorf(inst, "%w", err)
			}
			fl.regs[v] = int32(len(lf.RegType))
			lf.RegType = append(lf.RegType, t)
		}
	}
	lf.NumRegs = len(lf.RegType)
	lf.Blocks = make([]Block, len(f.Blocks))
	for i, b := range f.Blocks {
		blk := Block{Name: b.Name()}
		for _, inst := range b.Insts {
			if _, ok := inst.(*ir.InstPhi); ok {
				continue
			}
			li, keep, err := fl.lowerInst(inst)
			if err != nil {
				return err
			}
			if keep {
				blk.Insts = append(blk.Insts, li)
			}
		}
		term, err := fl.lowerTerm(b, b.Term)
		if err != nil {
			return err
		}
		blk.Insts = append(blk.Insts, term)
		lf.Blocks[i] = blk
	}
	return nil
}

func subprogramOf(f *ir.Func) *metadata.DISubprogram {
	for _, md := range f.Metadata {
		if md.Name == "dbg" {
			if sp, ok := md.Node.(*metadata.DISubprogram); ok {
				return sp
			}
		}
	}
	return nil
}

func (l *lowerer) file(f *metadata.DIFile) int32 {
	if f == nil {
		return -1
	}
	path := f.Filename
	if !filepath.IsAbs(path) && f.Directory != "" {
		path = filepath.Join(f.Directory, path)
	}
	if i, ok := l.fileIndex[path]; ok {
		return i
	}
	i := int32(len(l.m.Files))
	l.m.Files = append(l.m.Files, path)
	l.fileIndex[path] = i
	return i
}

func scopeFile(s metadata.Field) *metadata.DIFile {
	for i := 0; s != nil && i < 64; i++ {
		switch sc := s.(type) {
		case *metadata.DISubprogram:
			return sc.File
		case *metadata.DILexicalBlock:
			if sc.File != nil {
				return sc.File
			}
			s = sc.Scope
		case *metadata.DILexicalBlockFile:
			if sc.File != nil {
				return sc.File
			}
			s = sc.Scope
		case *metadata.DIFile:
			return sc
		default:
			return nil
		}
	}
	return nil
}

func (fl *funcLowerer) loc(mds []*metadata.Attachment) Loc {
	for _, md := range mds {
		if md.Name != "dbg" {
			continue
		}
		if dl, ok := md.Node.(*metadata.DILocation); ok {
			return Loc{File: fl.file(scopeFile(dl.Scope)), Line: int32(dl.Line), Col: int32(dl.Column)}
		}
	}
	return Loc{File: -1}
}

func (fl *funcLowerer) errorf(inst interface{}, format string, args ...interface{}) error {
	where := "@" + fl.f.Name
	text := ""
	if m, ok := inst.(interface {
		MDAttachments() []*metadata.Attachment
	}); ok {
		if lc := fl.loc(m.MDAttachments()); lc.File >= 0 {
			where = fl.m.Where(lc) + ": " + where
		}
	}
	if s, ok := inst.(interface{ LLString() string }); ok {
		text = strings.TrimSpace(s.LLString())
		if i := strings.Index(text, ", !dbg"); i >= 0 {
			text = text[:i]
		}
		text = " `" + text + "`"
	}
	return fmt.Errorf("%s:%s: %w", where, text, fmt.Errorf(format, args...))
}

// operand lowers a value to a register or a constant-table entry.
func (fl *funcLowerer) operand(v value.Value) (Operand, error) {
	if a, ok := v.(*ir.Arg); ok {
		v = a.Value
	}
	if r, ok := fl.regs[v]; ok {
		return Operand(r), nil
	}
	c, ok := v.(constant.Constant)
	if !ok {
		return NoOperand, fmt.Errorf("operand %s is neither a register nor a constant", v.Ident())
	}
	lc, err := fl.constVal(c)
	if err != nil {
		return NoOperand, err
	}
	return fl.addConst(lc), nil
}

func (l *lowerer) addConst(c Const) Operand {
	if c.Agg == nil {
		k := constKey{c.W, c.Base, c.T}
		if i, ok := l.constIndex[k]; ok {
			return Operand(-1 - i)
		}
		l.constIndex[k] = len(l.m.Consts)
	}
	l.m.Consts = append(l.m.Consts, c)
	return Operand(-len(l.m.Consts))
}

func (fl *funcLowerer) typeOf(v value.Value) (*Type, error) {
	return fl.types.lower(v.Type())
}

func (fl *funcLowerer) edge(from, to *ir.Block) (Edge, error) {
	e := Edge{Block: fl.blocks[to]}
	dsts := map[int32]bool{}
	for _, phi := range fl.phis[to] {
		found := false
		for _, inc := range phi.Incs {
			if inc.Pred == value.Value(from) {
				src, err := fl.operand(inc.X)
				if err != nil {
					return e, fl.errorf(phi, "%w", err)
				}
				e.Moves = append(e.Moves, Move{Dst: fl.regs[phi], Src: src})
				dsts[fl.regs[phi]] = true
				found = true
				break
			}
		}
		if !found {
			return e, fl.errorf(phi, "phi has no incoming value for block %%%s", from.Name())
		}
	}
	for _, mv := range e.Moves {
		if mv.Src.IsReg() && dsts[int32(mv.Src)] {
			e.Parallel = true
		}
	}
	return e, nil
}

func blockOf(v value.Value) *ir.Block { b, _ := v.(*ir.Block); return b }

func (fl *funcLowerer) lowerTerm(b *ir.Block, t ir.Terminator) (Inst, error) {
	in := Inst{Dst: -1, A: NoOperand, B: NoOperand, C: NoOperand, Callee: -1, Loc: Loc{File: -1}}
	if m, ok := t.(interface {
		MDAttachments() []*metadata.Attachment
	}); ok {
		in.Loc = fl.loc(m.MDAttachments())
	}
	var err error
	switch t := t.(type) {
	case *ir.TermRet:
		in.Op = OpRet
		if t.X != nil {
			if in.A, err = fl.operand(t.X); err != nil {
				return in, fl.errorf(t, "%w", err)
			}
			if in.T, err = fl.typeOf(t.X); err != nil {
				return in, fl.errorf(t, "%w", err)
			}
		}
	case *ir.TermBr:
		in.Op = OpBr
		e, err := fl.edge(b, t.Target.(*ir.Block))
		if err != nil {
			return in, err
		}
		in.Succs = []Edge{e}
	case *ir.TermCondBr:
		in.Op = OpCondBr
		if in.A, err = fl.operand(t.Cond); err != nil {
			return in, fl.errorf(t, "%w", err)
		}
		et, err := fl.edge(b, blockOf(t.TargetTrue))
		if err != nil {
			return in, err
		}
		ef, err := fl.edge(b, blockOf(t.TargetFalse))
		if err != nil {
			return in, err
		}
		in.Succs = []Edge{et, ef}
	case *ir.TermSwitch:
		in.Op = OpSwitch
		if in.A, err = fl.operand(t.X); err != nil {
			return in, fl.errorf(t, "%w", err)
		}
		ct, err := fl.typeOf(t.X)
		if err != nil {
			return in, fl.errorf(t, "%w", err)
		}
		in.Bits = int32(ct.Bits)
		d, err := fl.edge(b, blockOf(t.TargetDefault))
		if err != nil {
			return in, err
		}
		in.Succs = []Edge{d}
		for _, c := range t.Cases {
			cv, err := fl.constVal(c.X.(constant.Constant))
			if err != nil {
				return in, fl.errorf(t, "%w", err)
			}
			e, err := fl.edge(b, blockOf(c.Target))
			if err != nil {
				return in, err
			}
			in.Cases = append(in.Cases, Case{Val: cv.W})
			in.Succs = append(in.Succs, e)
		}
	case *ir.TermUnreachable:
		in.Op = OpUnreachable
	default:
		return in, fl.errorf(t, "terminator is not supported")
	}
	return in, nil
}
