#!/usr/bin/env bash
# The CI gate for mtgfuzz: what a CI job runs to accept a change.
#
#   ci/gate.sh                 every step
#   ci/gate.sh replay faults   only the steps named
#
# Steps, in order:
#   fmt       gofmt has nothing to change
#   vet       go vet ./...
#   tidy      go mod tidy has nothing to change in go.mod and go.sum
#   test      go test -race -timeout 30m ./...  (the README's test command)
#   replay    every corpus scenario replays  -> $OUT/replay.xml
#   campaign  a campaign with a pinned seed  -> $OUT/campaign.xml, counterexamples in $OUT/corpus/
#   faults    the mutation-kill matrix       -> $OUT/faults.xml
#   mutate    mutation testing of engine/ on a seeded sample -> $OUT/mutate.txt, $OUT/mutate.json
#
# Two more steps, not in the default list, run a campaign cut into shards on any CI engine
# with parallel jobs: each parallel job runs "ci/gate.sh shard" (SHARD=K/N, or auto), and
# one job after them gathers the JSON reports into $OUT/shards/ and runs "ci/gate.sh merge".
#   shard     one shard of the campaign      -> $OUT/shards/shard-K-of-N.json, counterexamples in $OUT/corpus/
#   merge     the shards' reports as one     -> $OUT/campaign.xml (JUnit) and $OUT/campaign.html
#
# Every step runs even when an earlier one failed, so the CI gets every JUnit file; the
# script exits 1 if any step failed. Settings (environment):
#   OUT=ci-out   where JUnit XML and found counterexamples go
#   SEED=1       the campaign's seed: pinned, so a red gate reproduces exactly
#   CHECKS=500   generated cases per property, for the campaign
#   FAULT_CHECKS=5000  cases per property for the fault matrix: a caught fault stops at its
#                first failing case, so this costs little, and rarely reached clauses (a
#                counterspell resolving against a cycling ability) still get their chance
#   SHARD=       K/N to run one of N disjoint parts of the campaign (a CI matrix); for the
#                shard step also auto or auto/N (the CI engine's parallel job variables)
#   SHARD=       K/N to run one of N disjoint parts of the campaign (a CI matrix)
#   MUTANTS=60   how many mutants of engine/ the mutate step judges (a sample seeded by SEED)
#   MUTATE_CHECKS=500  cases per property judging each mutant: a killed mutant stops at its
#                first failing case; a survivor costs the cases of a campaign of this
#                size in which its change alters a value in the unmutated run (pruned
#                judging, recorded case by case once at the step's start: the same
#                verdicts as the whole campaign's)
#   MUTATE_MIN_SCORE=60  the step fails when the campaign with the corpus kills less than
#                this percent of the sample's non-equivalent mutants (65% measured on
#                this sample when issue 18's cards landed: a ratchet, raised as holes close)
#   BIN=         a fuzz binary to run; by default the first step that needs one builds it
#
# The fuzz steps run the built binary, not "go run": go run does not pass SIGTERM on to
# the program it runs. A SIGTERM or SIGINT to this script (a CI job's time limit) is passed
# to the running fuzz, which stops with its partial report and saved counterexamples; the
# script then runs no further step and exits 143 (or 130).
set -uo pipefail

cd "$(dirname "$0")/.." || exit 2
OUT=${OUT:-ci-out}
SEED=${SEED:-1}
CHECKS=${CHECKS:-500}
FAULT_CHECKS=${FAULT_CHECKS:-5000}
SHARD=${SHARD:-}
BIN=${BIN:-}
MUTANTS=${MUTANTS:-60}
MUTATE_CHECKS=${MUTATE_CHECKS:-500}
MUTATE_MIN_SCORE=${MUTATE_MIN_SCORE:-60}

bindir=
# shellcheck source=ci/forward.sh
. ci/forward.sh
trap '[ -z "$bindir" ] || rm -rf "$bindir"' EXIT

# fuzz runs the fuzz binary (built on first use), passing on SIGTERM and SIGINT to it
# (forwarding).
fuzz() {
	if [ -z "$BIN" ]; then
		bindir=$(mktemp -d) || return 2
		go build -o "$bindir/fuzz" ./cmd/fuzz || return 2
		BIN=$bindir/fuzz
	fi
	forwarding "$BIN" "$@"
}

step_fmt() {
	local bad
	bad=$(gofmt -l . 2>&1) || { echo "$bad"; return 1; }
	if [ -n "$bad" ]; then
		echo "gofmt would change these files (run gofmt -w):"
		echo "$bad"
		return 1
	fi
}
step_vet() { go vet ./...; }
step_tidy() {
	if ! go mod tidy -diff; then
		echo "go.mod or go.sum is not tidy: run go mod tidy and commit the result"
		return 1
	fi
}
step_test() { go test -race -timeout 30m ./...; }
step_replay() { fuzz replay --report junit --out "$OUT/replay.xml"; }
step_campaign() {
	local args=(run --seed "$SEED" --checks "$CHECKS" --corpus "$OUT/corpus" --report junit --out "$OUT/campaign.xml")
	if [ -n "$SHARD" ]; then
		args+=(--shard "$SHARD")
	fi
	fuzz "${args[@]}"
}
step_faults() { fuzz faults --seed "$SEED" --checks "$FAULT_CHECKS" --report junit --out "$OUT/faults.xml"; }
step_mutate() {
	fuzz mutate --sample "$MUTANTS" --seed "$SEED" --checks "$MUTATE_CHECKS" --min-score "$MUTATE_MIN_SCORE" \
		--out "$OUT/mutate.txt" --json "$OUT/mutate.json"
	local rc=$?
	head -n 10 "$OUT/mutate.txt" 2>/dev/null # the figures; the survivors are in the file
	return $rc
}

# step_shard runs one shard (SHARD) of the campaign, its JSON report for the merge step.
# The file is named after the shard; under auto, after the job's host, as the shard is
# only known once fuzz reads the environment (the merge reads it from the report).
step_shard() {
	if [ -z "$SHARD" ]; then
		echo "gate: the shard step needs SHARD=K/N, auto or auto/N"
		return 2
	fi
	local name=shard-${SHARD//\//-of-}
	[[ $SHARD != auto* ]] || name=shard-${HOSTNAME:-$$}-$$
	mkdir -p "$OUT/shards" || return 2
	fuzz run --seed "$SEED" --checks "$CHECKS" --shard "$SHARD" --corpus "$OUT/corpus" --report json --out "$OUT/shards/$name.json"
}

# step_merge joins the shards' reports in $OUT/shards/ into the campaign's JUnit and HTML
# reports; a wrong set of shards (one missing or twice, another campaign's) is exit 2.
step_merge() {
	local reports=("$OUT"/shards/*.json)
	if [ ! -e "${reports[0]}" ]; then
		echo "gate: no shard reports in $OUT/shards/ to merge"
		return 2
	fi
	fuzz merge --report junit --out "$OUT/campaign.xml" "${reports[@]}"
	local rc=$?
	[ "$rc" -ne 2 ] || return 2
	fuzz merge --report html --out "$OUT/campaign.html" "${reports[@]}" >/dev/null 2>&1
	return "$rc"
}

all=(fmt vet tidy test replay campaign faults mutate)
steps=("$@")
[ ${#steps[@]} -gt 0 ] || steps=("${all[@]}")
for s in "${steps[@]}"; do
	if ! declare -F "step_$s" >/dev/null; then
		echo "ci/gate.sh: unknown step '$s' (steps: ${all[*]})" >&2
		exit 2
	fi
done

mkdir -p "$OUT" || exit 2
failed=()
for s in "${steps[@]}"; do
	echo "== gate: $s"
	start=$SECONDS
	if "step_$s"; then
		echo "== gate: $s ok ($((SECONDS - start))s)"
	else
		echo "== gate: $s FAILED ($((SECONDS - start))s)"
		failed+=("$s")
	fi
	if [ "$signalled" -ne 0 ]; then
		echo "gate: interrupted during $s: the partial report is in $OUT/"
		exit "$signalled"
	fi
done

echo
if [ ${#failed[@]} -gt 0 ]; then
	echo "gate: FAILED: ${failed[*]} (JUnit XML in $OUT/)"
	exit 1
fi
echo "gate: all steps passed: ${steps[*]} (JUnit XML in $OUT/)"
