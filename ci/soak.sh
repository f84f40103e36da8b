#!/usr/bin/env bash
# The soak: the reference engine, with no fault, over every property, with seeds other
# than the gate's pinned seed 1. The properties hold on the reference engine by
# construction, so any FAIL or ERROR here is a false failure of the harness (a property
# comparing with a board that differs in more than it means to vary) or a real bug in the
# reference engine: either way, something to fix. A nightly CI job runs it.
#
#   ci/soak.sh                         seeds 2-29, 20,000 cases per property: 36 properties
#                                      x 20,000 x 28 seeds = 20,160,000 cases
#   SEEDS="2-5 40" CHECKS=1000 ci/soak.sh
#
# The binary is built once ($OUT/fuzz) and each seed is one campaign (`fuzz run --seed S
# --checks CHECKS`), its JSON report in $OUT/seed-S.json and its text summary in
# $OUT/seed-S.txt; counterexamples are saved in $OUT/found/. It prints each seed's cases
# and verdicts and the total cases run, and exits 1 if any campaign had a FAIL or ERROR
# property or didn't finish (a VACUOUS property is noted: it proved nothing, but is no
# false failure), 2 if the binary doesn't build or the settings are wrong. Settings
# (environment):
#   SEEDS="2-29"  seeds: numbers and ranges A-B, separated by spaces or commas
#   CHECKS=20000  generated cases per property, per seed
#   WORKERS=      cases run in parallel (default: the campaign's)
#   OUT=soak-out  where the binary, reports and counterexamples go
#   NICE=0        the niceness to run campaigns at (19 on a shared machine)
set -uo pipefail

cd "$(dirname "$0")/.." || exit 2
SEEDS=${SEEDS:-2-29}
CHECKS=${CHECKS:-20000}
WORKERS=${WORKERS:-}
OUT=${OUT:-soak-out}
NICE=${NICE:-0}

seeds=()
for part in ${SEEDS//,/ }; do
	if [[ $part =~ ^([0-9]+)-([0-9]+)$ ]]; then
		for ((s = BASH_REMATCH[1]; s <= BASH_REMATCH[2]; s++)); do seeds+=("$s"); done
	elif [[ $part =~ ^[0-9]+$ ]]; then
		seeds+=("$part")
	else
		echo "soak: SEEDS: \"$part\" is neither a seed nor a range A-B" >&2
		exit 2
	fi
done
if [ ${#seeds[@]} -eq 0 ] || ! [[ $CHECKS =~ ^[1-9][0-9]*$ ]]; then
	echo "soak: want at least one seed (SEEDS=\"$SEEDS\") and CHECKS a positive number (CHECKS=\"$CHECKS\")" >&2
	exit 2
fi

mkdir -p "$OUT/found" || exit 2
echo "soak: building the fuzz binary"
go build -o "$OUT/fuzz" ./cmd/fuzz || exit 2

# cases_of prints the cases a campaign ran, from its JSON report (per-property case
# counts), or from the text summary's "(of N)" when jq isn't there.
cases_of() {
	if command -v jq >/dev/null 2>&1 && [ -s "$OUT/seed-$1.json" ]; then
		jq '[.properties[].cases] | add // 0' "$OUT/seed-$1.json"
	else
		sed -n 's/.*(of \([0-9]*\)).*/\1/p' "$OUT/seed-$1.txt" | tail -n 1
	fi
}

total=0 bad=0
began=$SECONDS
for s in "${seeds[@]}"; do
	args=(run --seed "$s" --checks "$CHECKS" --corpus "$OUT/found" --report json --out "$OUT/seed-$s.json")
	if [ -n "$WORKERS" ]; then
		args+=(--workers "$WORKERS")
	fi
	t0=$SECONDS
	nice -n "$NICE" "$OUT/fuzz" "${args[@]}" >"$OUT/seed-$s.txt" 2>&1
	code=$?
	n=$(cases_of "$s")
	total=$((total + ${n:-0}))
	verdicts=$(grep -E '^[0-9]+ propert(y|ies):' "$OUT/seed-$s.txt" | tail -n 1)
	echo "seed $s: ${n:-?} cases in $((SECONDS - t0)) s: ${verdicts:-no summary} (exit $code)"
	# A VACUOUS property proved nothing but is no false failure: noted, not counted. The
	# campaign exits 1 for it as for a FAIL; any other failure shows as a FAIL or ERROR
	# line, or as an exit code above 1.
	grep -E '^VACUOUS ' "$OUT/seed-$s.txt" | sed 's/^/    note: /'
	if grep -qE '^(FAIL|ERROR) ' "$OUT/seed-$s.txt" || [ "$code" -gt 1 ] || [ -z "$verdicts" ]; then
		bad=$((bad + 1))
		grep -E '^(FAIL|ERROR) ' "$OUT/seed-$s.txt" | sed 's/^/    /'
		grep -E '^ +(reproduce|saved):' "$OUT/seed-$s.txt" | sed 's/^ */    /'
		if [ "$code" -gt 1 ] || [ -z "$verdicts" ]; then
			tail -n 5 "$OUT/seed-$s.txt" | sed 's/^/    /'
		fi
	fi
done
echo "soak: ${#seeds[@]} seeds, $total cases in $((SECONDS - began)) s; $bad campaign(s) failed; counterexamples in $OUT/found/"
[ "$bad" -eq 0 ]
