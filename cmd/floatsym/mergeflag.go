package main

// mergeDefaultMode is --merge's default: the measured suite-wide
// comparison is benchmarks/results/merge-ab.md.
const mergeDefaultMode = "off"

// resolveMerge settles --merge when it was not given: the default,
// except for an exploration split into prefixes (--split, --prefix,
// --parallel), which describe single paths and so run unmerged. A
// --merge given explicitly is kept as it is (and refused with those
// flags by checkSplitConfig and runParallel).
func resolveMerge(f *runFlags, given bool) {
	if given {
		return
	}
	f.merge = mergeDefaultMode
	if f.sp.split != 0 || f.sp.prefix != "" || f.sp.parallel != 0 {
		f.merge = "off"
	}
}
