package ir

import (
	"os"
	"strings"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
)

// TestConstExprAddr: integer arithmetic on addresses in constant
// expressions (testdata/constexpr_addr.ll) is kept as an expression and
// evaluated with the executor's addresses: here @buf, @a and @b sit above
// 4 GiB, so a truncation to 32 bits changes the value.
func TestConstExprAddr(t *testing.T) {
	src, err := os.ReadFile("testdata/constexpr_addr.ll")
	if err != nil {
		t.Fatal(err)
	}
	m, err := LoadText("constexpr_addr.ll", string(src))
	if err != nil {
		t.Fatal(err)
	}
	const bufAt, aAt, bAt = 0x1_8765_4320, 0x1_0000_2468, 0x1_0000_2470
	at := map[string]uint64{"buf": bufAt, "a": aAt, "b": bAt}
	addr := func(r Ref) uint64 {
		if r.Kind != RefGlobal {
			t.Fatalf("address of %v asked", r)
		}
		return at[m.Globals[r.Index].Name]
	}
	cases := []struct {
		fn   string
		inst int  // the instruction whose operand is the constant
		useB bool // operand B instead of A
		want uint64
		expr bool // kept as an expression (not Base+W)
	}{
		{"zext_trunc", 0, false, bufAt & 0xFFFFFFFF, true},
		{"sext_trunc", 0, false, sext32(bufAt), true},
		{"mawk_len", 0, true, bufAt & 0xFFFFFFFF, true},
		{"masked", 0, false, aAt & 4095, true},
		{"distance", 0, false, bAt - aAt, true},
		{"ordered", 0, false, 1, true},
		{"pick", 0, false, 2, true},
		{"plain", 0, false, aAt + 8, false},
		{"roundtrip", 0, false, bAt&^15 + 4, true},
	}
	for _, c := range cases {
		t.Run(c.fn, func(t *testing.T) {
			f := m.FuncByName[c.fn]
			in := f.Blocks[0].Insts[c.inst]
			op := in.A
			if c.useB {
				op = in.B
			}
			if op.IsReg() {
				t.Fatalf("operand is a register, want a constant")
			}
			k := &m.Consts[op.ConstIndex()]
			if got := k.Base.Kind == RefExpr; got != c.expr {
				t.Errorf("expression: %v, want %v (base %v)", got, c.expr, k.Base)
			}
			if got := m.EvalConst(k, addr); got != (arith.Word{Lo: c.want}) {
				t.Errorf("value %#x, want %#x", got.Lo, c.want)
			}
		})
	}
}

// TestConstExprAddrInitializer: address arithmetic other than an offset in a
// global's initializer cannot be a relocation: a clear error naming the
// global, never a wrong initial value.
func TestConstExprAddrInitializer(t *testing.T) {
	src := header + "@a = global i32 0\n" +
		"@g = global i64 and (i64 ptrtoint (i32* @a to i64), i64 4095)\n"
	_, err := LoadText("t.ll", src)
	if err == nil || !strings.Contains(err.Error(), "@g") {
		t.Fatalf("got %v, want an error naming @g", err)
	}
}

func sext32(v uint64) uint64 { return uint64(int64(int32(uint32(v)))) }
