#!/bin/bash -eu
# Runs build.sh here, without Docker, as the Go base builder image would: on a copy of
# the working tree (build.sh changes go.mod), with clang's libFuzzer, and with a
# compile_native_go_fuzzer that does what the image's does for a libFuzzer build. The
# fuzzers and seed corpora go to $OUT (default: cflite-out/ at the module root, ignored by
# git). Needs clang and libFuzzer (Debian: apt-get install clang libclang-rt-14-dev) and
# the Go module proxy.
#
#   ci/clusterfuzzlite/build_local.sh
#   MTGFUZZ_FAULTS=NAME cflite-out/FuzzMana -max_total_time=60 cflite-out/corpus-mana
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export SRC="$work/src" OUT="${OUT:-$root/cflite-out}"
export CXX="${CXX:-clang++}" CXXFLAGS="${CXXFLAGS:-}" LIB_FUZZING_ENGINE="${LIB_FUZZING_ENGINE:--fsanitize=fuzzer}"
mkdir -p "$SRC/mtgfuzz" "$work/bin" "$OUT"
OUT=$(cd "$OUT" && pwd)

# The working tree as git sees it (tracked and new files, nothing ignored).
(cd "$root" && git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf -) | tar -C "$SRC/mtgfuzz" -xf -
mkdir -p "$SRC/mtgfuzz/.clusterfuzzlite" && cp "$here"/* "$SRC/mtgfuzz/.clusterfuzzlite/"

cat > "$work/bin/compile_native_go_fuzzer" <<'SHIM'
#!/bin/bash -eu
# compile_native_go_fuzzer PACKAGE FUNCTION FUZZER, libFuzzer build: go-118-fuzz-build
# makes an archive of the target and clang links it with the fuzzing engine.
dir=$(go list -tags gofuzz -f '{{.Dir}}' "$1")
go-118-fuzz-build -tags gofuzz -o "$3.a" -func "$2" "$dir"
$CXX $CXXFLAGS $LIB_FUZZING_ENGINE "$3.a" -o "$OUT/$3"
rm -f "$3.a"
SHIM
chmod +x "$work/bin/compile_native_go_fuzzer"
PATH="$work/bin:$(go env GOPATH)/bin:$PATH" bash "$SRC/mtgfuzz/.clusterfuzzlite/build.sh"
ls -l "$OUT"
