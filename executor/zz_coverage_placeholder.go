package executor

// Placeholder until the coverage branch merges; the lead deletes this file.

// CoverageCounts: the program under test's coverage so far.
func (e *Executor) CoverageCounts() (coveredLines, totalLines, fullBranches, partialBranches, numBranches int) {
	return 0, 0, 0, 0, 0
}
