// Package smtlib reads SMT-LIB 2.6 scripts in the logics floatsym
// writes and answers (QF_BV, QF_FP, QF_BVFP, QF_ABV, QF_ABVFP, ALL over
// those theories): it parses the commands, translates terms to
// solver/expr and decides check-sat through a Checker the caller gives
// (`floatsym solve` passes the solver chain: the native stage, then the
// SMT portfolio), printing answers, models and values in SMT-LIB
// syntax. Every SAT model is validated by evaluating the original
// assertions with expr.Evaluator. A construct it does not support is an
// error naming its line and column, never a silent approximation.
//
// It may import solver/expr and internal/arith only (layer 3: the
// solver facade is reached through Checker).
package smtlib

import (
	"fmt"
	"strings"
)

// nodeKind tells atoms apart.
type nodeKind uint8

const (
	nList nodeKind = iota
	nSymbol
	nKeyword // :name
	nNumeral
	nDecimal
	nHex // #x...
	nBin // #b...
	nString
)

// node is an s-expression with its position.
type node struct {
	kind      nodeKind
	text      string // atom text (symbol without |bars|, literal digits)
	list      []*node
	line, col int
}

func (n *node) pos() string { return fmt.Sprintf("%d:%d", n.line, n.col) }

// String prints n back as SMT-LIB text.
func (n *node) String() string {
	switch n.kind {
	case nList:
		parts := make([]string, len(n.list))
		for i, k := range n.list {
			parts[i] = k.String()
		}
		return "(" + strings.Join(parts, " ") + ")"
	case nHex:
		return "#x" + n.text
	case nBin:
		return "#b" + n.text
	case nString:
		return `"` + strings.ReplaceAll(n.text, `"`, `""`) + `"`
	case nSymbol:
		if needsBars(n.text) {
			return "|" + n.text + "|"
		}
	}
	return n.text
}

func needsBars(s string) bool {
	if s == "" {
		return true
	}
	for i, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || strings.ContainsRune("~!@$%^&*_-+=<>.?/", r) || i > 0 && r >= '0' && r <= '9') {
			return true
		}
	}
	return false
}

// isSym reports whether n is the symbol s.
func (n *node) isSym(s string) bool { return n.kind == nSymbol && n.text == s }

// Error is a script error at a position.
type Error struct {
	Line, Col int
	Msg       string
}

func (e *Error) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg) }

func errAt(n *node, format string, args ...any) *Error {
	return &Error{Line: n.line, Col: n.col, Msg: fmt.Sprintf(format, args...)}
}

// reader reads s-expressions from a script's text.
type reader struct {
	src       string
	i         int
	line, col int
}

func newReader(src string) *reader { return &reader{src: src, line: 1, col: 1} }

func (r *reader) errf(format string, args ...any) *Error {
	return &Error{Line: r.line, Col: r.col, Msg: fmt.Sprintf(format, args...)}
}

func (r *reader) advance() byte {
	c := r.src[r.i]
	r.i++
	if c == '\n' {
		r.line, r.col = r.line+1, 1
	} else {
		r.col++
	}
	return c
}

// skip passes white space and comments.
func (r *reader) skip() {
	for r.i < len(r.src) {
		switch c := r.src[r.i]; {
		case c == ';':
			for r.i < len(r.src) && r.src[r.i] != '\n' {
				r.advance()
			}
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			r.advance()
		default:
			return
		}
	}
}

// next reads one s-expression; nil at the end of the text.
func (r *reader) next() (*node, error) {
	r.skip()
	if r.i >= len(r.src) {
		return nil, nil
	}
	n := &node{line: r.line, col: r.col}
	switch c := r.src[r.i]; {
	case c == '(':
		r.advance()
		for {
			r.skip()
			if r.i >= len(r.src) {
				return nil, &Error{Line: n.line, Col: n.col, Msg: "unbalanced parenthesis"}
			}
			if r.src[r.i] == ')' {
				r.advance()
				return n, nil
			}
			k, err := r.next()
			if err != nil {
				return nil, err
			}
			n.list = append(n.list, k)
		}
	case c == ')':
		return nil, r.errf("unexpected )")
	case c == '|':
		r.advance()
		start := r.i
		for r.i < len(r.src) && r.src[r.i] != '|' {
			r.advance()
		}
		if r.i >= len(r.src) {
			return nil, &Error{Line: n.line, Col: n.col, Msg: "unterminated |symbol|"}
		}
		n.kind, n.text = nSymbol, r.src[start:r.i]
		r.advance()
		return n, nil
	case c == '"':
		r.advance()
		var b strings.Builder
		for {
			if r.i >= len(r.src) {
				return nil, &Error{Line: n.line, Col: n.col, Msg: "unterminated string"}
			}
			c := r.advance()
			if c == '"' {
				if r.i < len(r.src) && r.src[r.i] == '"' {
					r.advance()
					b.WriteByte('"')
					continue
				}
				break
			}
			b.WriteByte(c)
		}
		n.kind, n.text = nString, b.String()
		return n, nil
	}
	start := r.i
	for r.i < len(r.src) {
		c := r.src[r.i]
		if c == '(' || c == ')' || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ';' || c == '"' || c == '|' {
			break
		}
		r.advance()
	}
	t := r.src[start:r.i]
	switch {
	case strings.HasPrefix(t, "#x"):
		n.kind, n.text = nHex, t[2:]
	case strings.HasPrefix(t, "#b"):
		n.kind, n.text = nBin, t[2:]
	case t[0] == ':':
		n.kind, n.text = nKeyword, t
	case t[0] >= '0' && t[0] <= '9':
		n.kind, n.text = nNumeral, t
		if strings.Contains(t, ".") {
			n.kind = nDecimal
		}
		for _, c := range t {
			if !(c >= '0' && c <= '9' || c == '.') {
				return nil, &Error{Line: n.line, Col: n.col, Msg: fmt.Sprintf("bad numeral %q", t)}
			}
		}
	default:
		n.kind, n.text = nSymbol, t
	}
	if (n.kind == nHex || n.kind == nBin) && n.text == "" {
		return nil, &Error{Line: n.line, Col: n.col, Msg: fmt.Sprintf("empty literal %q", t)}
	}
	return n, nil
}
