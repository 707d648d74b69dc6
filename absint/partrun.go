package absint

import (
	"errors"
	"sort"

	"github.com/floatsym/floatsym/ir"
)

// PartMode says when an analysis partitions its states (partition.go).
type PartMode uint8

const (
	// PartRetry runs the plain analysis and, when it leaves an error site
	// not proved, a partitioned one: a site is unreachable when either
	// run shows it (both are sound, so the conjunction of what they prove
	// is too). The default: proofs the plain domains make stay as cheap
	// as they were.
	PartRetry PartMode = iota
	// PartAlways partitions from the start (the soundness tests use it).
	PartAlways
	// PartNever never partitions.
	PartNever
)

// analyzeParts runs analyze as cfg.Partition says.
func analyzeParts(m *ir.Module, cfg Config) (*Result, error) {
	mode := cfg.Partition
	if cfg.MaxParts <= 0 {
		mode = PartNever
	}
	pcfg := cfg
	pcfg.partition = true
	if mode == PartAlways {
		return analyze(m, pcfg)
	}
	res, err := analyze(m, cfg)
	if mode == PartNever || (err == nil && res.Proved) {
		return res, err
	}
	var u *Unsupported
	if errors.As(err, &u) || errors.Is(err, errDeadline) {
		return res, err // partitioning meets the same construct, or no time
	}
	if err == nil {
		if pcfg.MaxSteps -= res.Steps; pcfg.MaxSteps <= 0 {
			return res, nil
		}
	}
	pres, perr := analyze(m, pcfg)
	switch {
	case perr != nil && err != nil:
		return nil, err
	case perr != nil:
		return res, nil
	case err != nil:
		return pres, nil
	}
	return mergeResults(res, pres), nil
}

// mergeResults is what two sound analyses of one program establish
// together: a site is unreachable when either shows it. The invariants
// and observed values are the partitioned run's (p).
func mergeResults(plain, p *Result) *Result {
	r := *p
	r.Steps = plain.Steps + p.Steps
	type key struct{ loc, kind string }
	sites := map[key]Site{}
	for _, s := range p.Sites {
		sites[key{s.Location, s.Kind}] = s
	}
	for _, s := range plain.Sites {
		k := key{s.Location, s.Kind}
		if q, ok := sites[k]; !ok || (s.Status == "unreachable" && q.Status != "unreachable") {
			sites[k] = s
		}
	}
	r.Sites = r.Sites[:0:0]
	r.Proved = true
	for _, s := range sites {
		r.Sites = append(r.Sites, s)
		if s.Status != "unreachable" {
			r.Proved = false
		}
	}
	sort.Slice(r.Sites, func(i, j int) bool {
		if r.Sites[i].Location != r.Sites[j].Location {
			return r.Sites[i].Location < r.Sites[j].Location
		}
		return r.Sites[i].Kind < r.Sites[j].Kind
	})
	return &r
}
