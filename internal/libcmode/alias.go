package libcmode

import (
	"fmt"
	"os"
	"regexp"
	"strings"
)

// floatsym's IR reader takes no global aliases (ir/lower.go), and musl
// defines hundreds (weak_alias: strtoimax of strtoll, the __ names of the
// public ones). After linking, no name but main is looked up from outside
// the module, so each alias is resolved away: its line is deleted and
// every use of it names its aliasee instead (a constant expression of the
// same type: the aliasee itself or its bitcast). A chain of aliases
// resolves to its end.

var aliasLine = regexp.MustCompile(`^(@[-a-zA-Z$._0-9]+|@"[^"]+") = [a-z_ ]*\balias (.+)$`)

// resolveAliases rewrites the linked module at path without aliases.
func resolveAliases(path string) (int, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	lines := strings.Split(string(b), "\n")
	target := map[string]string{}
	var order []string
	kept := lines[:0]
	for _, l := range lines {
		m := aliasLine.FindStringSubmatch(l)
		if m == nil {
			kept = append(kept, l)
			continue
		}
		val, err := aliasee(m[2])
		if err != nil {
			return 0, fmt.Errorf("alias %s: %w", m[1], err)
		}
		target[m[1]] = val
		order = append(order, m[1])
	}
	if len(order) == 0 {
		return 0, nil
	}
	// Resolve chains.
	for changed := true; changed; {
		changed = false
		for a, v := range target {
			for _, b := range order {
				if nv := replaceName(v, b, target[b]); nv != v {
					target[a] = nv
					v = nv
					changed = true
				}
			}
		}
	}
	text := strings.Join(kept, "\n")
	for _, a := range order {
		text = replaceName(text, a, target[a])
	}
	return len(order), os.WriteFile(path, []byte(text), 0o644)
}

// aliasee returns the constant an alias names, from the text after
// "alias" ("T, T* @f" or "T, T* bitcast (S* @f to T*)"): the bitcast or
// getelementptr expression, else the last @name.
func aliasee(rest string) (string, error) {
	for _, op := range []string{"bitcast (", "getelementptr "} {
		if i := strings.Index(rest, op); i >= 0 {
			return strings.TrimSpace(rest[i:]), nil
		}
	}
	i := strings.LastIndex(rest, " @")
	if i < 0 {
		return "", fmt.Errorf("cannot read aliasee %q", rest)
	}
	return strings.TrimSpace(rest[i:]), nil
}

// replaceName replaces whole-name uses of name (with its @) by repl.
func replaceName(text, name, repl string) string {
	var sb strings.Builder
	for {
		i := strings.Index(text, name)
		if i < 0 {
			sb.WriteString(text)
			return sb.String()
		}
		end := i + len(name)
		if end < len(text) && isNameByte(text[end]) {
			sb.WriteString(text[:end])
			text = text[end:]
			continue
		}
		sb.WriteString(text[:i])
		sb.WriteString(repl)
		text = text[end:]
	}
}

func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '$' || c == '.' || c == '_'
}

// renameToModels renames the uses of each alias in renames to the
// modelled name it stood for; its declaration goes (or becomes the
// model's, when the module has none).
func renameToModels(path string, renames map[string]string) (int, error) {
	if len(renames) == 0 {
		return 0, nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	text := string(b)
	n := 0
	for a, t := range renames {
		if !strings.Contains(text, "@"+a) {
			continue
		}
		n++
		if regexp.MustCompile(`(?m)^declare [^@]*@` + regexp.QuoteMeta(t) + `\(`).MatchString(text) {
			text = regexp.MustCompile(`(?m)^declare [^@]*@`+regexp.QuoteMeta(a)+`\(.*\n`).ReplaceAllString(text, "")
		}
		text = replaceName(text, "@"+a, "@"+t)
	}
	return n, os.WriteFile(path, []byte(text), 0o644)
}
