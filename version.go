// Package floatsym holds facts about the tool itself; the work is done by
// the packages ir, executor, memory and solver, driven by cmd/floatsym.
package floatsym

// Version is floatsym's release version.
const Version = "0.1.0"
