#!/bin/bash -eu
# Builds the native fuzz targets of internal/fuzztarget as libFuzzer fuzzers into $OUT,
# each with its seed corpus, as ClusterFuzzLite and OSS-Fuzz run it in the Go base
# builder image (see Dockerfile): $SRC, $OUT, $CXX, $CXXFLAGS and $LIB_FUZZING_ENGINE
# come from the image, compile_native_go_fuzzer too. build_local.sh runs it without
# Docker. It changes go.mod (the build's own requirement): run it on a copy, as the image
# does.
cd "$SRC/mtgfuzz"

# go-118-fuzz-build rewrites a native target into a libFuzzer one, and the target's
# package then imports its testing package, which must be a requirement of the module.
# Pinned: the raw inputs of the seed corpora (fuzz export-seeds) and of the crashes
# (fuzz import) are in the form this version reads, a length-prefixed []byte.
fuzzbuild=v0.0.0-20250520111509-a70c2aa677fa
go install "github.com/AdamKorcz/go-118-fuzz-build@$fuzzbuild"
go get "github.com/AdamKorcz/go-118-fuzz-build/testing@$fuzzbuild"

# One fuzzer per rules family, named after its target function (fuzz import --target
# takes the name).
for target in FuzzMana FuzzCost FuzzCopy FuzzCycling FuzzLibrary FuzzRules FuzzInvariant; do
  compile_native_go_fuzzer github.com/mtgfuzz/mtgfuzz/internal/fuzztarget "$target" "$target"
done

# <fuzzer>_seed_corpus.zip: the raw inputs of a short campaign's cases, one reaching each
# clause of each property.
go run ./cmd/fuzz export-seeds --out "$OUT"
