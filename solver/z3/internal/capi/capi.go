// Package capi is a minimal cgo binding of Z3's C API for package z3: the
// terms floatsym's translation builds, and one call that runs a whole
// check. Its method names follow github.com/aclements/go-z3 (which the
// translation was first written against), but its lifetime model differs,
// which is why it exists:
//
//   - A Context is created with Z3_mk_context (not _rc): terms live until
//     Close deletes the context, explicitly. No finalizers, no per-term
//     reference counting or locking. go-z3 frees a context only through
//     finalizers, and never one that did floating point: its cached
//     rounding-mode terms form a reference cycle through finalized
//     objects, so every FP context leaks (tens of MB after bit-blasting).
//   - Solve picks a solver for a logic (QF_FPBV's eager bit-blasting
//     tactic) or a tactic, sets a timeout and evaluates the model, which
//     go-z3 cannot.
//
// Errors: the context has no error handler; a call that fails returns a
// null term, which the wrappers turn into a panic with Z3's message (a
// translation bug; package z3 recovers it into an error).
//
// A Context is not safe for concurrent use, except Interrupt.
//
// It imports nothing from the module (only Z3's C API).
package capi

/*
#cgo LDFLAGS: -lz3
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <z3.h>

static Z3_context fs_mk_context(void) {
	Z3_config cfg = Z3_mk_config();
	Z3_set_param_value(cfg, "model", "true");
	Z3_context c = Z3_mk_context(cfg);
	Z3_del_config(cfg);
	if (c == NULL) return NULL; // e.g. Z3's memory limit is exhausted
	Z3_set_error_handler(c, NULL);
	return c;
}

static const char *fs_error(Z3_context c) {
	Z3_error_code e = Z3_get_error_code(c);
	if (e == Z3_OK) return "unknown error";
	return Z3_get_error_msg(c, e);
}

static Z3_ast fs_const(Z3_context c, const char *name, Z3_sort s) {
	return Z3_mk_const(c, Z3_mk_string_symbol(c, name), s);
}

static Z3_ast fs_and2(Z3_context c, Z3_ast a, Z3_ast b) {
	Z3_ast args[2] = {a, b};
	return Z3_mk_and(c, 2, args);
}

static Z3_ast fs_or2(Z3_context c, Z3_ast a, Z3_ast b) {
	Z3_ast args[2] = {a, b};
	return Z3_mk_or(c, 2, args);
}

static Z3_ast fs_ne(Z3_context c, Z3_ast a, Z3_ast b) {
	Z3_ast args[2] = {a, b};
	return Z3_mk_distinct(c, 2, args);
}

static unsigned fs_bv_size(Z3_context c, Z3_ast a) {
	return Z3_get_bv_sort_size(c, Z3_get_sort(c, a));
}

enum { FS_UNSAT = 0, FS_SAT = 1, FS_UNKNOWN = 2, FS_ERROR = 3 };

static int fs_failed(Z3_context c, char *msg, int len) {
	Z3_error_code e = Z3_get_error_code(c);
	if (e == Z3_OK) return 0;
	snprintf(msg, len, "%s", Z3_get_error_msg(c, e));
	Z3_set_error(c, Z3_OK);
	return 1;
}

// fs_solve checks the conjunction of the n assertions with a fresh solver
// and, when satisfiable, evaluates the m terms (bit-vectors of at most 64
// bits) in the model with model completion. logic names a logic
// (Z3_mk_solver_for_logic), or "tactic:NAME" a tactic
// (Z3_mk_solver_from_tactic), or is NULL for Z3's default solver. msg
// receives the reason for FS_UNKNOWN or FS_ERROR. A nonzero rlimit caps
// the check's resource units (Z3's deterministic work count, the solver
// parameter "rlimit"); rused receives the units the check used (the
// statistic "rlimit count"), whatever its verdict.
static int fs_solve(Z3_context c, const char *logic, unsigned timeout_ms, unsigned rlimit,
		Z3_ast *as, int n, Z3_ast *terms, int m, uint64_t *out, char *msg, int msglen, double *rused) {
	int res = FS_ERROR;
	Z3_solver s = 0;
	Z3_model mdl = 0;
	msg[0] = 0;
	if (logic != NULL && strncmp(logic, "tactic:", 7) == 0) {
		Z3_tactic t = Z3_mk_tactic(c, logic + 7);
		if (fs_failed(c, msg, msglen)) goto out;
		Z3_tactic_inc_ref(c, t);
		s = Z3_mk_solver_from_tactic(c, t);
		Z3_tactic_dec_ref(c, t);
	} else if (logic != NULL) {
		s = Z3_mk_solver_for_logic(c, Z3_mk_string_symbol(c, logic));
	} else {
		s = Z3_mk_solver(c);
	}
	if (fs_failed(c, msg, msglen)) { s = 0; goto out; }
	Z3_solver_inc_ref(c, s);
	*rused = 0;
	if (timeout_ms > 0 || rlimit > 0) {
		Z3_params p = Z3_mk_params(c);
		Z3_params_inc_ref(c, p);
		if (timeout_ms > 0) Z3_params_set_uint(c, p, Z3_mk_string_symbol(c, "timeout"), timeout_ms);
		if (rlimit > 0) Z3_params_set_uint(c, p, Z3_mk_string_symbol(c, "rlimit"), rlimit);
		Z3_solver_set_params(c, s, p);
		Z3_params_dec_ref(c, p);
		if (fs_failed(c, msg, msglen)) goto out;
	}
	for (int i = 0; i < n; i++) Z3_solver_assert(c, s, as[i]);
	if (fs_failed(c, msg, msglen)) goto out;
	Z3_lbool verdict = Z3_solver_check(c, s);
	if (Z3_get_error_code(c) == Z3_OK) {
		Z3_stats st = Z3_solver_get_statistics(c, s);
		if (!fs_failed(c, msg, msglen) && st) {
			Z3_stats_inc_ref(c, st);
			for (unsigned i = 0; i < Z3_stats_size(c, st); i++) {
				if (strcmp(Z3_stats_get_key(c, st, i), "rlimit count") != 0) continue;
				*rused = Z3_stats_is_uint(c, st, i) ? (double)Z3_stats_get_uint_value(c, st, i) : Z3_stats_get_double_value(c, st, i);
			}
			Z3_stats_dec_ref(c, st);
		}
		msg[0] = 0;
	}
	switch (verdict) {
	case Z3_L_FALSE:
		res = FS_UNSAT;
		break;
	case Z3_L_UNDEF:
		snprintf(msg, msglen, "%s", Z3_solver_get_reason_unknown(c, s));
		res = FS_UNKNOWN;
		break;
	default:
		mdl = Z3_solver_get_model(c, s);
		if (fs_failed(c, msg, msglen)) { mdl = 0; goto out; }
		Z3_model_inc_ref(c, mdl);
		for (int i = 0; i < m; i++) {
			Z3_ast v = 0;
			uint64_t u = 0;
			if (!Z3_model_eval(c, mdl, terms[i], true, &v) || !Z3_get_numeral_uint64(c, v, &u)) {
				snprintf(msg, msglen, "model evaluation of term %d failed", i);
				goto out;
			}
			out[i] = u;
		}
		res = FS_SAT;
	}
	if (fs_failed(c, msg, msglen)) res = FS_ERROR;
out:
	if (mdl) Z3_model_dec_ref(c, mdl);
	if (s) Z3_solver_dec_ref(c, s);
	Z3_set_error(c, Z3_OK);
	return res;
}

// fs_smtlib2 prints the n assertions as an SMT-LIB2 benchmark (with the
// declarations of their constants) and returns a copy the caller frees.
static char *fs_smtlib2(Z3_context c, const char *logic, Z3_ast *as, int n) {
	Z3_set_ast_print_mode(c, Z3_PRINT_SMTLIB2_COMPLIANT);
	const char *s = Z3_benchmark_to_smtlib_string(c, "floatsym", logic, "unknown", "",
		n > 0 ? n - 1 : 0, as, n > 0 ? as[n - 1] : Z3_mk_true(c));
	if (s == NULL) return NULL;
	return strdup(s);
}
*/
import "C"

import (
	"fmt"
	"math/big"
	"strconv"
	"sync"
	"unsafe"
)

// Context is a Z3 context owning every term built in it.
type Context struct {
	c      C.Z3_context
	rm     RoundingMode
	rmAST  [roundingModes]C.Z3_ast
	mu     sync.Mutex // guards closed against Interrupt
	closed bool
}

// NewContext makes a context; Close frees it.
// SetMemoryLimit caps the memory Z3 may use (in MiB, for all contexts):
// past it a query fails instead of the process being killed by the OOM
// killer (bit-blasting double fmod can take tens of GB).
func SetMemoryLimit(mib int) {
	name := C.CString("memory_max_size")
	val := C.CString(strconv.Itoa(mib))
	defer C.free(unsafe.Pointer(name))
	defer C.free(unsafe.Pointer(val))
	C.Z3_global_param_set(name, val)
}

// NewContext makes a context, or returns nil when Z3 cannot (its memory
// limit is exhausted).
func NewContext() *Context {
	c := C.fs_mk_context()
	if c == nil {
		return nil
	}
	return &Context{c: c}
}

// Close deletes the context and every term of it.
func (ctx *Context) Close() {
	ctx.mu.Lock()
	defer ctx.mu.Unlock()
	if !ctx.closed {
		ctx.closed = true
		C.Z3_del_context(ctx.c)
	}
}

// Interrupt stops a running check (safe from any goroutine, also after
// Close).
func (ctx *Context) Interrupt() {
	ctx.mu.Lock()
	defer ctx.mu.Unlock()
	if !ctx.closed {
		C.Z3_interrupt(ctx.c)
	}
}

func (ctx *Context) check(a C.Z3_ast) C.Z3_ast {
	if a == nil {
		msg := C.GoString(C.fs_error(ctx.c))
		C.Z3_set_error(ctx.c, C.Z3_OK)
		panic("z3: " + msg)
	}
	return a
}

// Value is a term.
type Value interface {
	ast() C.Z3_ast
	Context() *Context
}

// Sort is a Z3 sort.
type Sort struct {
	ctx *Context
	s   C.Z3_sort
	bv  int // bit-vector width, else 0
}

// Bool, BV, Float and Array are terms of the respective sorts.
type (
	Bool  struct{ term }
	BV    struct{ term }
	Float struct{ term }
	Array struct{ term }
)

type term struct {
	ctx *Context
	a   C.Z3_ast
}

func (t term) ast() C.Z3_ast { return t.a }

// Context is the term's context (nil for the zero term).
func (t term) Context() *Context { return t.ctx }

// String renders the term (for debugging).
func (t term) String() string { return C.GoString(C.Z3_ast_to_string(t.ctx.c, t.a)) }

func (ctx *Context) mk(a C.Z3_ast) term { return term{ctx, ctx.check(a)} }

// Sorts.

func (ctx *Context) BVSort(bits int) Sort {
	return Sort{ctx, C.Z3_mk_bv_sort(ctx.c, C.uint(bits)), bits}
}

func (ctx *Context) FloatSort(ebits, sbits int) Sort {
	return Sort{ctx, C.Z3_mk_fpa_sort(ctx.c, C.uint(ebits), C.uint(sbits)), 0}
}

func (ctx *Context) ArraySort(domain, rng Sort) Sort {
	return Sort{ctx, C.Z3_mk_array_sort(ctx.c, domain.s, rng.s), 0}
}

// BVSize is the width of a bit-vector sort.
func (s Sort) BVSize() int { return s.bv }

// wrap gives a term of sort s its Go type.
func (ctx *Context) wrap(a C.Z3_ast, s Sort) Value {
	t := ctx.mk(a)
	switch C.Z3_get_sort_kind(ctx.c, s.s) {
	case C.Z3_BOOL_SORT:
		return Bool{t}
	case C.Z3_BV_SORT:
		return BV{t}
	case C.Z3_FLOATING_POINT_SORT:
		return Float{t}
	case C.Z3_ARRAY_SORT:
		return Array{t}
	}
	panic("capi: unsupported sort")
}

// Constants and variables.

func (ctx *Context) FromInt(v int64, s Sort) Value {
	return ctx.wrap(C.Z3_mk_int64(ctx.c, C.int64_t(v), s.s), s)
}

func (ctx *Context) FromBigInt(v *big.Int, s Sort) Value {
	cs := C.CString(v.String())
	defer C.free(unsafe.Pointer(cs))
	return ctx.wrap(C.Z3_mk_numeral(ctx.c, cs, s.s), s)
}

func (ctx *Context) FromBool(v bool) Bool {
	if v {
		return Bool{ctx.mk(C.Z3_mk_true(ctx.c))}
	}
	return Bool{ctx.mk(C.Z3_mk_false(ctx.c))}
}

func (ctx *Context) Const(name string, s Sort) Value {
	cs := C.CString(name)
	defer C.free(unsafe.Pointer(cs))
	return ctx.wrap(C.fs_const(ctx.c, cs, s.s), s)
}

func (ctx *Context) BVConst(name string, bits int) BV {
	return ctx.Const(name, ctx.BVSort(bits)).(BV)
}

func (ctx *Context) ConstArray(domain Sort, v Value) Array {
	return Array{ctx.mk(C.Z3_mk_const_array(ctx.c, domain.s, v.ast()))}
}

func (ctx *Context) FloatNaN(s Sort) Float { return Float{ctx.mk(C.Z3_mk_fpa_nan(ctx.c, s.s))} }

func (ctx *Context) FloatZero(s Sort, neg bool) Float {
	return Float{ctx.mk(C.Z3_mk_fpa_zero(ctx.c, s.s, C.bool(neg)))}
}

func (ctx *Context) FloatFromBits(sign, exp, sig BV) Float {
	return Float{ctx.mk(C.Z3_mk_fpa_fp(ctx.c, sign.a, exp.a, sig.a))}
}

func (ctx *Context) FromFloat64(v float64, s Sort) Float {
	return Float{ctx.mk(C.Z3_mk_fpa_numeral_double(ctx.c, C.double(v), s.s))}
}

// Rounding modes: the context has a current one, used by the operations
// that round (as in go-z3).

type RoundingMode int

const (
	RoundToNearestEven RoundingMode = iota
	RoundToNearestAway
	RoundToPositive
	RoundToNegative
	RoundToZero
	roundingModes
)

// SetRoundingMode sets the rounding mode of later operations and returns
// the previous one.
func (ctx *Context) SetRoundingMode(rm RoundingMode) RoundingMode {
	old := ctx.rm
	ctx.rm = rm
	return old
}

func (ctx *Context) rmTerm(rm RoundingMode) C.Z3_ast {
	if a := ctx.rmAST[rm]; a != nil {
		return a
	}
	var a C.Z3_ast
	switch rm {
	case RoundToNearestEven:
		a = C.Z3_mk_fpa_rne(ctx.c)
	case RoundToNearestAway:
		a = C.Z3_mk_fpa_rna(ctx.c)
	case RoundToPositive:
		a = C.Z3_mk_fpa_rtp(ctx.c)
	case RoundToNegative:
		a = C.Z3_mk_fpa_rtn(ctx.c)
	default:
		a = C.Z3_mk_fpa_rtz(ctx.c)
	}
	ctx.rmAST[rm] = ctx.check(a)
	return a
}

func (ctx *Context) curRM() C.Z3_ast { return ctx.rmTerm(ctx.rm) }

// Bool.

func (l Bool) And(r ...Bool) Bool {
	x := l
	for _, y := range r {
		x = Bool{l.ctx.mk(C.fs_and2(l.ctx.c, x.a, y.a))}
	}
	return x
}

func (l Bool) Or(r ...Bool) Bool {
	x := l
	for _, y := range r {
		x = Bool{l.ctx.mk(C.fs_or2(l.ctx.c, x.a, y.a))}
	}
	return x
}

func (l Bool) Not() Bool       { return Bool{l.ctx.mk(C.Z3_mk_not(l.ctx.c, l.a))} }
func (l Bool) Xor(r Bool) Bool { return Bool{l.ctx.mk(C.Z3_mk_xor(l.ctx.c, l.a, r.a))} }
func (l Bool) Iff(r Bool) Bool { return Bool{l.ctx.mk(C.Z3_mk_iff(l.ctx.c, l.a, r.a))} }
func (l Bool) Eq(r Bool) Bool  { return Bool{l.ctx.mk(C.Z3_mk_eq(l.ctx.c, l.a, r.a))} }
func (l Bool) NE(r Bool) Bool  { return Bool{l.ctx.mk(C.fs_ne(l.ctx.c, l.a, r.a))} }

// IfThenElse is ite(l, cons, alt); the result has the branches' type.
func (l Bool) IfThenElse(cons, alt Value) Value {
	a := l.ctx.check(C.Z3_mk_ite(l.ctx.c, l.a, cons.ast(), alt.ast()))
	t := term{l.ctx, a}
	switch cons.(type) {
	case Bool:
		return Bool{t}
	case BV:
		return BV{t}
	case Float:
		return Float{t}
	case Array:
		return Array{t}
	}
	panic(fmt.Sprintf("capi: ite of %T", cons))
}

// BV.

func (l BV) bv(a C.Z3_ast) BV     { return BV{l.ctx.mk(a)} }
func (l BV) bool(a C.Z3_ast) Bool { return Bool{l.ctx.mk(a)} }

func (l BV) Sort() Sort {
	return Sort{l.ctx, C.Z3_get_sort(l.ctx.c, l.a), int(C.fs_bv_size(l.ctx.c, l.a))}
}

func (l BV) Eq(r BV) Bool   { return l.bool(C.Z3_mk_eq(l.ctx.c, l.a, r.a)) }
func (l BV) NE(r BV) Bool   { return l.bool(C.fs_ne(l.ctx.c, l.a, r.a)) }
func (l BV) ULT(r BV) Bool  { return l.bool(C.Z3_mk_bvult(l.ctx.c, l.a, r.a)) }
func (l BV) ULE(r BV) Bool  { return l.bool(C.Z3_mk_bvule(l.ctx.c, l.a, r.a)) }
func (l BV) UGT(r BV) Bool  { return l.bool(C.Z3_mk_bvugt(l.ctx.c, l.a, r.a)) }
func (l BV) UGE(r BV) Bool  { return l.bool(C.Z3_mk_bvuge(l.ctx.c, l.a, r.a)) }
func (l BV) SLT(r BV) Bool  { return l.bool(C.Z3_mk_bvslt(l.ctx.c, l.a, r.a)) }
func (l BV) SLE(r BV) Bool  { return l.bool(C.Z3_mk_bvsle(l.ctx.c, l.a, r.a)) }
func (l BV) Not() BV        { return l.bv(C.Z3_mk_bvnot(l.ctx.c, l.a)) }
func (l BV) Neg() BV        { return l.bv(C.Z3_mk_bvneg(l.ctx.c, l.a)) }
func (l BV) And(r BV) BV    { return l.bv(C.Z3_mk_bvand(l.ctx.c, l.a, r.a)) }
func (l BV) Or(r BV) BV     { return l.bv(C.Z3_mk_bvor(l.ctx.c, l.a, r.a)) }
func (l BV) Xor(r BV) BV    { return l.bv(C.Z3_mk_bvxor(l.ctx.c, l.a, r.a)) }
func (l BV) Add(r BV) BV    { return l.bv(C.Z3_mk_bvadd(l.ctx.c, l.a, r.a)) }
func (l BV) Sub(r BV) BV    { return l.bv(C.Z3_mk_bvsub(l.ctx.c, l.a, r.a)) }
func (l BV) Mul(r BV) BV    { return l.bv(C.Z3_mk_bvmul(l.ctx.c, l.a, r.a)) }
func (l BV) UDiv(r BV) BV   { return l.bv(C.Z3_mk_bvudiv(l.ctx.c, l.a, r.a)) }
func (l BV) SDiv(r BV) BV   { return l.bv(C.Z3_mk_bvsdiv(l.ctx.c, l.a, r.a)) }
func (l BV) URem(r BV) BV   { return l.bv(C.Z3_mk_bvurem(l.ctx.c, l.a, r.a)) }
func (l BV) SRem(r BV) BV   { return l.bv(C.Z3_mk_bvsrem(l.ctx.c, l.a, r.a)) }
func (l BV) Lsh(r BV) BV    { return l.bv(C.Z3_mk_bvshl(l.ctx.c, l.a, r.a)) }
func (l BV) URsh(r BV) BV   { return l.bv(C.Z3_mk_bvlshr(l.ctx.c, l.a, r.a)) }
func (l BV) SRsh(r BV) BV   { return l.bv(C.Z3_mk_bvashr(l.ctx.c, l.a, r.a)) }
func (l BV) Concat(r BV) BV { return l.bv(C.Z3_mk_concat(l.ctx.c, l.a, r.a)) }

func (l BV) Extract(high, low int) BV {
	return l.bv(C.Z3_mk_extract(l.ctx.c, C.uint(high), C.uint(low), l.a))
}

func (l BV) ZeroExtend(i int) BV { return l.bv(C.Z3_mk_zero_ext(l.ctx.c, C.uint(i), l.a)) }
func (l BV) SignExtend(i int) BV { return l.bv(C.Z3_mk_sign_ext(l.ctx.c, C.uint(i), l.a)) }

// IEEEToFloat reads l as an IEEE interchange pattern of sort s.
func (l BV) IEEEToFloat(s Sort) Float {
	return Float{l.ctx.mk(C.Z3_mk_fpa_to_fp_bv(l.ctx.c, l.a, s.s))}
}

// SToFloat and UToFloat convert integers, rounding per the context.
func (l BV) SToFloat(s Sort) Float {
	return Float{l.ctx.mk(C.Z3_mk_fpa_to_fp_signed(l.ctx.c, l.ctx.curRM(), l.a, s.s))}
}

func (l BV) UToFloat(s Sort) Float {
	return Float{l.ctx.mk(C.Z3_mk_fpa_to_fp_unsigned(l.ctx.c, l.ctx.curRM(), l.a, s.s))}
}

// Float.

func (l Float) fl(a C.Z3_ast) Float  { return Float{l.ctx.mk(a)} }
func (l Float) bool(a C.Z3_ast) Bool { return Bool{l.ctx.mk(a)} }

// Eq is SMT-LIB =: identity (NaN = NaN, +0 ≠ -0).
func (l Float) Eq(r Float) Bool     { return l.bool(C.Z3_mk_eq(l.ctx.c, l.a, r.a)) }
func (l Float) IEEEEq(r Float) Bool { return l.bool(C.Z3_mk_fpa_eq(l.ctx.c, l.a, r.a)) }
func (l Float) LT(r Float) Bool     { return l.bool(C.Z3_mk_fpa_lt(l.ctx.c, l.a, r.a)) }
func (l Float) LE(r Float) Bool     { return l.bool(C.Z3_mk_fpa_leq(l.ctx.c, l.a, r.a)) }
func (l Float) GT(r Float) Bool     { return l.bool(C.Z3_mk_fpa_gt(l.ctx.c, l.a, r.a)) }
func (l Float) GE(r Float) Bool     { return l.bool(C.Z3_mk_fpa_geq(l.ctx.c, l.a, r.a)) }
func (l Float) IsNaN() Bool         { return l.bool(C.Z3_mk_fpa_is_nan(l.ctx.c, l.a)) }
func (l Float) IsInfinite() Bool    { return l.bool(C.Z3_mk_fpa_is_infinite(l.ctx.c, l.a)) }
func (l Float) IsZero() Bool        { return l.bool(C.Z3_mk_fpa_is_zero(l.ctx.c, l.a)) }
func (l Float) IsSubnormal() Bool   { return l.bool(C.Z3_mk_fpa_is_subnormal(l.ctx.c, l.a)) }
func (l Float) IsNormal() Bool      { return l.bool(C.Z3_mk_fpa_is_normal(l.ctx.c, l.a)) }
func (l Float) IsNegative() Bool    { return l.bool(C.Z3_mk_fpa_is_negative(l.ctx.c, l.a)) }
func (l Float) Neg() Float          { return l.fl(C.Z3_mk_fpa_neg(l.ctx.c, l.a)) }
func (l Float) Abs() Float          { return l.fl(C.Z3_mk_fpa_abs(l.ctx.c, l.a)) }
func (l Float) Rem(r Float) Float   { return l.fl(C.Z3_mk_fpa_rem(l.ctx.c, l.a, r.a)) }
func (l Float) ToIEEEBV() BV        { return BV{l.ctx.mk(C.Z3_mk_fpa_to_ieee_bv(l.ctx.c, l.a))} }
func (l Float) Add(r Float) Float   { return l.fl(C.Z3_mk_fpa_add(l.ctx.c, l.ctx.curRM(), l.a, r.a)) }
func (l Float) Sub(r Float) Float   { return l.fl(C.Z3_mk_fpa_sub(l.ctx.c, l.ctx.curRM(), l.a, r.a)) }
func (l Float) Mul(r Float) Float   { return l.fl(C.Z3_mk_fpa_mul(l.ctx.c, l.ctx.curRM(), l.a, r.a)) }
func (l Float) Div(r Float) Float   { return l.fl(C.Z3_mk_fpa_div(l.ctx.c, l.ctx.curRM(), l.a, r.a)) }
func (l Float) Sqrt() Float         { return l.fl(C.Z3_mk_fpa_sqrt(l.ctx.c, l.ctx.curRM(), l.a)) }
func (l Float) ToFloat(s Sort) Float {
	return l.fl(C.Z3_mk_fpa_to_fp_float(l.ctx.c, l.ctx.curRM(), l.a, s.s))
}

// MulAdd is l*r + a with one rounding.
func (l Float) MulAdd(r, a Float) Float {
	return l.fl(C.Z3_mk_fpa_fma(l.ctx.c, l.ctx.curRM(), l.a, r.a, a.a))
}

// Round rounds to an integral value with the given mode.
func (l Float) Round(rm RoundingMode) Float {
	return l.fl(C.Z3_mk_fpa_round_to_integral(l.ctx.c, l.ctx.rmTerm(rm), l.a))
}

// ToSBV converts to a signed bit-vector, rounding per the context
// (unspecified out of range).
func (l Float) ToSBV(bits int) BV {
	return BV{l.ctx.mk(C.Z3_mk_fpa_to_sbv(l.ctx.c, l.ctx.curRM(), l.a, C.uint(bits)))}
}

// Array.

func (x Array) Select(i Value) Value {
	a := x.ctx.check(C.Z3_mk_select(x.ctx.c, x.a, i.ast()))
	s := C.Z3_get_sort(x.ctx.c, a)
	return x.ctx.wrap(a, Sort{x.ctx, s, 0})
}

func (x Array) Store(i, v Value) Array {
	return Array{x.ctx.mk(C.Z3_mk_store(x.ctx.c, x.a, i.ast(), v.ast()))}
}

// Status of Solve.
type Status int

const (
	Unsat Status = iota
	Sat
	Unknown
	Error
)

func (s Status) String() string { return [...]string{"unsat", "sat", "unknown", "error"}[s] }

// Solve checks the assertions with a fresh solver for logic ("" for Z3's
// default solver, "tactic:NAME" for a tactic) and, when satisfiable,
// evaluates terms (bit-vectors of at most 64 bits) in the model. A zero
// timeout means none; a nonzero rlimit caps the check's resource units
// (Z3's deterministic work count), and used is the units it took. msg
// explains Unknown and Error.
func (ctx *Context) Solve(logic string, timeoutMS, rlimit uint, assertions []Bool, terms []BV) (st Status, vals []uint64, msg string, used uint64) {
	n, m := len(assertions), len(terms)
	mem := C.malloc(C.size_t(n+m+1) * C.size_t(unsafe.Sizeof(C.Z3_ast(nil))))
	defer C.free(mem)
	as := unsafe.Slice((*C.Z3_ast)(mem), n+m+1)
	for i, a := range assertions {
		as[i] = a.a
	}
	for i, t := range terms {
		as[n+i] = t.a
	}
	out := (*C.uint64_t)(C.malloc(C.size_t(m+1) * 8))
	defer C.free(unsafe.Pointer(out))
	var clogic *C.char
	if logic != "" {
		clogic = C.CString(logic)
		defer C.free(unsafe.Pointer(clogic))
	}
	const msgLen = 512
	cmsg := (*C.char)(C.malloc(msgLen))
	defer C.free(unsafe.Pointer(cmsg))
	var rused C.double
	r := C.fs_solve(ctx.c, clogic, C.uint(timeoutMS), C.uint(rlimit), &as[0], C.int(n), &as[n], C.int(m), out, cmsg, msgLen, &rused)
	used = uint64(rused)
	switch r {
	case C.FS_UNSAT:
		return Unsat, nil, "", used
	case C.FS_SAT:
		vals = make([]uint64, m)
		for i, v := range unsafe.Slice(out, m+1)[:m] {
			vals[i] = uint64(v)
		}
		return Sat, vals, "", used
	case C.FS_UNKNOWN:
		return Unknown, nil, C.GoString(cmsg), used
	}
	return Error, nil, C.GoString(cmsg), used
}

// SMTLIB2 prints the conjunction of the assertions as a standalone
// SMT-LIB2 benchmark for logic: declarations, one assert each and
// (check-sat). Z3 prints the terms as built, so the text uses only the
// operations the translation asked for.
func (ctx *Context) SMTLIB2(logic string, assertions []Bool) string {
	n := len(assertions)
	mem := C.malloc(C.size_t(n+1) * C.size_t(unsafe.Sizeof(C.Z3_ast(nil))))
	defer C.free(mem)
	as := unsafe.Slice((*C.Z3_ast)(mem), n+1)
	for i, a := range assertions {
		as[i] = a.a
	}
	clogic := C.CString(logic)
	defer C.free(unsafe.Pointer(clogic))
	s := C.fs_smtlib2(ctx.c, clogic, &as[0], C.int(n))
	if s == nil {
		panic("z3: " + C.GoString(C.fs_error(ctx.c)))
	}
	defer C.free(unsafe.Pointer(s))
	return C.GoString(s)
}

// SMTString renders a term in SMT-LIB2 syntax.
func (t term) SMTString() string {
	C.Z3_set_ast_print_mode(t.ctx.c, C.Z3_PRINT_SMTLIB2_COMPLIANT)
	return C.GoString(C.Z3_ast_to_string(t.ctx.c, t.a))
}
