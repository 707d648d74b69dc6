// Package version holds facts about the tool itself (its release version);
// it imports nothing.
package version

// Version is floatsym's release version.
const Version = "0.1.0"
