package smtlib

import (
	"errors"
	"fmt"
	"io"
	"math/big"
	"strings"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// Status is a check-sat answer.
type Status int

const (
	Unknown Status = iota
	Sat
	Unsat
)

func (s Status) String() string { return [...]string{"unknown", "sat", "unsat"}[s] }

// Checker decides the conjunction of assertions; a Sat model gives the
// bytes of arrays (every input the assertions read is among them). An
// error is an unknown answer, with its reason.
type Checker func(assertions []*expr.Expr, arrays []*expr.Array) (Status, expr.Assignment, error)

// Script runs an SMT-LIB script's commands.
type Script struct {
	b     *expr.Builder
	check Checker
	out   io.Writer

	funs   map[string]*funDef
	levels []level
	lets   []map[string]*value
	// side holds the Ackermann constraints of array reads; never popped
	// (they constrain fresh elements only).
	side    []*expr.Expr
	inputs  []*expr.Array
	model   expr.Assignment // of the last check-sat that answered sat
	exited  bool
	Answers []Status // every check-sat's answer, in order
	// Reasons has, per unknown answer, why.
	Reasons []string
}

// level is one push level: its assertions and definitions.
type level struct {
	asserts []*expr.Expr
	names   []string
}

// funDef is a declared constant or a defined function.
type funDef struct {
	name   string
	params []string
	psorts []*sort
	s      *sort
	body   *node  // define-fun with parameters
	val    *value // constants and nullary definitions
	decl   bool   // declared (a model value is printed for it)
}

// New makes a script runner answering check-sat with check and writing
// answers to out. b builds the expressions (and must be the builder of
// the Checker's solver).
func New(b *expr.Builder, check Checker, out io.Writer) *Script {
	return &Script{b: b, check: check, out: out, funs: map[string]*funDef{}, levels: []level{{}}}
}

// Run executes the script's commands, stopping at the first error
// (*Error: a line and column) or at exit.
func (sc *Script) Run(src string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error translating the script: %v", r)
		}
	}()
	rd := newReader(src)
	for !sc.exited {
		n, err := rd.next()
		if err != nil {
			return err
		}
		if n == nil {
			return nil
		}
		if err := sc.command(n); err != nil {
			return err
		}
	}
	return nil
}

func (sc *Script) lookupFun(name string) *funDef { return sc.funs[name] }

func (sc *Script) define(at *node, f *funDef) error {
	if _, ok := sc.funs[f.name]; ok {
		return errAt(at, "%s is already declared", f.name)
	}
	sc.funs[f.name] = f
	l := &sc.levels[len(sc.levels)-1]
	l.names = append(l.names, f.name)
	return nil
}

func (sc *Script) command(n *node) error {
	if n.kind != nList || len(n.list) == 0 || n.list[0].kind != nSymbol {
		return errAt(n, "command expected, got %s", n)
	}
	args := n.list[1:]
	switch n.list[0].text {
	case "set-logic", "set-info", "set-option":
		return nil
	case "exit":
		sc.exited = true
		return nil
	case "declare-const":
		if len(args) != 2 || args[0].kind != nSymbol {
			return errAt(n, "bad declare-const")
		}
		return sc.declare(args[0], args[1])
	case "declare-fun":
		if len(args) != 3 || args[0].kind != nSymbol || args[1].kind != nList {
			return errAt(n, "bad declare-fun")
		}
		if len(args[1].list) > 0 {
			return errAt(n, "uninterpreted functions with arguments unsupported (%s)", args[0].text)
		}
		return sc.declare(args[0], args[2])
	case "define-fun":
		return sc.defineFun(n, args)
	case "assert":
		if len(args) != 1 {
			return errAt(n, "bad assert")
		}
		v, err := sc.term(args[0])
		if err != nil {
			return err
		}
		if err := want(args[0], v, sBool, "Bool"); err != nil {
			return err
		}
		l := &sc.levels[len(sc.levels)-1]
		l.asserts = append(l.asserts, v.e)
		return nil
	case "push", "pop":
		k := 1
		if len(args) == 1 {
			var err error
			if k, err = numeral(args[0]); err != nil {
				return err
			}
		}
		for ; k > 0; k-- {
			if n.list[0].text == "push" {
				sc.levels = append(sc.levels, level{})
				continue
			}
			if len(sc.levels) == 1 {
				return errAt(n, "pop without push")
			}
			for _, name := range sc.levels[len(sc.levels)-1].names {
				delete(sc.funs, name)
			}
			sc.levels = sc.levels[:len(sc.levels)-1]
		}
		return nil
	case "check-sat":
		return sc.checkSat(nil)
	case "check-sat-assuming":
		if len(args) != 1 || args[0].kind != nList {
			return errAt(n, "bad check-sat-assuming")
		}
		var extra []*expr.Expr
		for _, a := range args[0].list {
			v, err := sc.term(a)
			if err != nil {
				return err
			}
			if err := want(a, v, sBool, "Bool"); err != nil {
				return err
			}
			extra = append(extra, v.e)
		}
		return sc.checkSat(extra)
	case "get-model":
		return sc.getModel(n)
	case "get-value":
		return sc.getValue(n, args)
	case "echo":
		if len(args) == 1 && args[0].kind == nString {
			fmt.Fprintln(sc.out, args[0])
			return nil
		}
	case "get-info", "get-option", "reset-assertions", "get-assertions", "get-unsat-core", "get-proof", "declare-sort", "define-sort", "reset":
	}
	return errAt(n.list[0], "unsupported command %s", n.list[0].text)
}

// declare makes a constant of sort sn: fresh input bytes.
func (sc *Script) declare(name, sn *node) error {
	s, err := parseSort(sn)
	if err != nil {
		return err
	}
	f := &funDef{name: name.text, s: s, decl: true}
	switch s.kind {
	case sArray:
		f.val = &value{s: s, arr: &arrayVal{decl: &arrayDecl{name: name.text, s: s}}}
	case sRM:
		return errAt(sn, "symbolic rounding modes unsupported: floatsym's operations take a constant one")
	default:
		f.val = &value{s: s, e: sc.fresh(name.text, s)}
	}
	return sc.define(name, f)
}

// fresh is a new input of sort s (Bool, BV, FP), made of bytes.
func (sc *Script) fresh(name string, s *sort) *expr.Expr {
	b := sc.b
	w := 1
	switch s.kind {
	case sBV:
		w = s.w
	case sFP:
		w = smtBits(s.fk)
	}
	nb := (w + 7) / 8
	a := b.NewArray(name, uint64(nb), nil)
	sc.inputs = append(sc.inputs, a)
	x := b.Byte(a, 0)
	for i := 1; i < nb; i++ {
		x = b.Concat(b.Byte(a, uint64(i)), x)
	}
	if w%8 != 0 {
		x = b.Extract(x, 0, w)
	}
	switch s.kind {
	case sBool:
		return b.Eq(x, b.U64(1, 1))
	case sFP:
		return sc.fromSMTBits(x, s.fk)
	}
	return x
}

func (sc *Script) defineFun(n *node, args []*node) error {
	if len(args) != 4 || args[0].kind != nSymbol || args[1].kind != nList {
		return errAt(n, "bad define-fun")
	}
	s, err := parseSort(args[2])
	if err != nil {
		return err
	}
	f := &funDef{name: args[0].text, s: s}
	for _, p := range args[1].list {
		if p.kind != nList || len(p.list) != 2 || p.list[0].kind != nSymbol {
			return errAt(p, "bad parameter")
		}
		ps, err := parseSort(p.list[1])
		if err != nil {
			return err
		}
		f.params = append(f.params, p.list[0].text)
		f.psorts = append(f.psorts, ps)
	}
	if len(f.params) == 0 {
		v, err := sc.term(args[3])
		if err != nil {
			return err
		}
		if !v.s.equal(s) {
			return errAt(args[3], "%s: body of sort %s, declared %s", f.name, v.s, s)
		}
		f.val = v
	} else {
		f.body = args[3]
	}
	return sc.define(args[0], f)
}

// applyFun applies a defined function (its body with the arguments
// bound; the caller's let scopes are not visible) or a constant.
func (sc *Script) applyFun(n *node, f *funDef) (*value, error) {
	if f.val != nil {
		if len(n.list) != 1 {
			return nil, errAt(n, "%s is a constant", f.name)
		}
		return f.val, nil
	}
	if len(n.list)-1 != len(f.params) {
		return nil, errAt(n, "%s takes %d arguments", f.name, len(f.params))
	}
	scope := map[string]*value{}
	for i, a := range n.list[1:] {
		v, err := sc.term(a)
		if err != nil {
			return nil, err
		}
		if !v.s.equal(f.psorts[i]) {
			return nil, errAt(a, "%s: argument %d of sort %s, want %s", f.name, i+1, v.s, f.psorts[i])
		}
		scope[f.params[i]] = v
	}
	saved := sc.lets
	sc.lets = []map[string]*value{scope}
	defer func() { sc.lets = saved }()
	v, err := sc.term(f.body)
	if err != nil {
		return nil, err
	}
	if !v.s.equal(f.s) {
		return nil, errAt(n, "%s: body of sort %s, declared %s", f.name, v.s, f.s)
	}
	return v, nil
}

// selectArr reads an array: the newest store at an equal index, else
// the constant element, else the declared array's element for the index
// (Ackermann's reduction).
func (sc *Script) selectArr(n *node, a []*value) (*value, error) {
	if len(a) != 2 || a[0].s.kind != sArray || !a[1].s.equal(a[0].s.index) {
		return nil, errAt(n, "bad select")
	}
	b, arr, idx := sc.b, a[0].arr, a[1].e
	var r *expr.Expr
	if arr.decl == nil {
		r = arr.def
	} else {
		d := arr.decl
		for _, rd := range d.reads {
			if rd.idx == idx {
				r = rd.val
			}
		}
		if r == nil {
			r = sc.fresh(fmt.Sprintf("%s[%d]", d.name, len(d.reads)), d.s.elm)
			for _, rd := range d.reads {
				eqv, _ := sc.eq(n, &value{s: d.s.elm, e: r}, &value{s: d.s.elm, e: rd.val})
				sc.side = append(sc.side, b.Or(b.Not(b.Eq(idx, rd.idx)), eqv))
			}
			d.reads = append(d.reads, arrayStore{idx: idx, val: r})
		}
	}
	for _, st := range arr.stores {
		r = b.Ite(b.Eq(idx, st.idx), st.val, r)
	}
	return &value{s: a[0].s.elm, e: r}, nil
}

func (sc *Script) storeArr(n *node, a []*value) (*value, error) {
	if len(a) != 3 || a[0].s.kind != sArray || !a[1].s.equal(a[0].s.index) || !a[2].s.equal(a[0].s.elm) {
		return nil, errAt(n, "bad store")
	}
	old := a[0].arr
	nw := &arrayVal{decl: old.decl, def: old.def, stores: append(append([]arrayStore(nil), old.stores...), arrayStore{a[1].e, a[2].e})}
	return &value{s: a[0].s, arr: nw}, nil
}

func (sc *Script) assertions() []*expr.Expr {
	var as []*expr.Expr
	for _, l := range sc.levels {
		as = append(as, l.asserts...)
	}
	return append(as, sc.side...)
}

func (sc *Script) checkSat(extra []*expr.Expr) error {
	as := append(sc.assertions(), extra...)
	sc.model = nil
	st, m, err := sc.check(as, sc.inputs)
	reason := ""
	if err != nil {
		st, reason = Unknown, err.Error()
	}
	if st == Sat {
		ev := expr.NewEvaluator(m)
		for i, a := range as {
			if !ev.True(a) {
				st, reason = Unknown, fmt.Sprintf("the model does not satisfy assertion %d (not used)", i+1)
				break
			}
		}
	}
	if st == Sat {
		sc.model = m
	}
	if st == Unknown && reason == "" {
		reason = "unknown"
	}
	sc.Answers = append(sc.Answers, st)
	if st == Unknown {
		sc.Reasons = append(sc.Reasons, reason)
	}
	fmt.Fprintln(sc.out, st)
	return nil
}

// ErrNoModel: get-model or get-value without a sat answer before.
var ErrNoModel = errors.New("no model: the last check-sat did not answer sat")

func (sc *Script) getModel(n *node) error {
	if sc.model == nil {
		return errAt(n, "%v", ErrNoModel)
	}
	ev := expr.NewEvaluator(sc.model)
	var b strings.Builder
	b.WriteString("(\n")
	for _, l := range sc.levels {
		for _, name := range l.names {
			f := sc.funs[name]
			if f == nil || !f.decl {
				continue
			}
			fmt.Fprintf(&b, "  (define-fun %s () %s %s)\n", (&node{kind: nSymbol, text: name}), f.s, sc.print(ev, f.val))
		}
	}
	b.WriteString(")")
	fmt.Fprintln(sc.out, b.String())
	return nil
}

func (sc *Script) getValue(n *node, args []*node) error {
	if sc.model == nil {
		return errAt(n, "%v", ErrNoModel)
	}
	if len(args) != 1 || args[0].kind != nList {
		return errAt(n, "bad get-value")
	}
	ev := expr.NewEvaluator(sc.model)
	var parts []string
	for _, t := range args[0].list {
		v, err := sc.term(t)
		if err != nil {
			return err
		}
		parts = append(parts, fmt.Sprintf("(%s %s)", t, sc.print(ev, v)))
	}
	fmt.Fprintf(sc.out, "(%s)\n", strings.Join(parts, "\n "))
	return nil
}

// print writes a value under a model in SMT-LIB syntax.
func (sc *Script) print(ev *expr.Evaluator, v *value) string {
	switch v.s.kind {
	case sBool:
		if ev.True(v.e) {
			return "true"
		}
		return "false"
	case sBV:
		return bvText(ev.Eval(v.e), v.s.w)
	case sFP:
		return fpText(ev.Eval(v.e), v.s.fk)
	case sRM:
		for name, rm := range roundingModes {
			if len(name) == 3 && rm == v.rm && !v.rna {
				return name
			}
		}
		return "RNA"
	}
	// An array: the constant element (or the declared array's elements
	// the assertions read), then the stores.
	arr := v.arr
	var base string
	if arr.decl == nil {
		base = fmt.Sprintf("((as const %s) %s)", v.s, sc.print(ev, &value{s: v.s.elm, e: arr.def}))
	} else {
		base = fmt.Sprintf("((as const %s) %s)", v.s, sc.print(ev, &value{s: v.s.elm, e: sc.zero(v.s.elm)}))
		for _, rd := range arr.decl.reads {
			base = fmt.Sprintf("(store %s %s %s)", base, bvText(ev.Eval(rd.idx), v.s.index.w), sc.print(ev, &value{s: v.s.elm, e: rd.val}))
		}
	}
	for _, st := range arr.stores {
		base = fmt.Sprintf("(store %s %s %s)", base, bvText(ev.Eval(st.idx), v.s.index.w), sc.print(ev, &value{s: v.s.elm, e: st.val}))
	}
	return base
}

func (sc *Script) zero(s *sort) *expr.Expr {
	switch s.kind {
	case sBool:
		return sc.b.BoolConst(false)
	case sFP:
		return sc.special("+zero", s.fk)
	}
	return sc.b.U64(0, s.w)
}

func bvText(w arith.Word, width int) string {
	v := new(big.Int).SetUint64(w.Hi)
	v.Lsh(v, 64).Or(v, new(big.Int).SetUint64(w.Lo))
	if width%4 == 0 {
		return fmt.Sprintf("#x%0*s", width/4, v.Text(16))
	}
	return fmt.Sprintf("#b%0*s", width, v.Text(2))
}

// fpText is (fp sign exponent significand), or (_ NaN eb sb).
func fpText(w arith.Word, k arith.Kind) string {
	eb, sb := fpFormat(k)
	if arith.IsNaN(k, w) {
		return fmt.Sprintf("(_ NaN %d %d)", eb, sb)
	}
	v := smtBitsOf(w, k)
	bits := fmt.Sprintf("%0*s", eb+sb, v.Text(2))
	return fmt.Sprintf("(fp #b%s #b%s #b%s)", bits[:1], bits[1:1+eb], bits[1+eb:])
}

// Inputs are the input arrays of the declared constants (and of the
// array elements read), named by the constants: a model gives their bytes.
func (sc *Script) Inputs() []*expr.Array { return sc.inputs }
