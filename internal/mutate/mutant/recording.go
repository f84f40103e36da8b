//go:build !mtgfuzzjudge

package mutant

// recording is whether this process records reach and infection: the binary built
// without the tag mtgfuzzjudge records when RecordEnv says so (and its tests turn it on).
var recording = len(hits) > 1
