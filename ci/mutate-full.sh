#!/usr/bin/env bash
# The full mutation run of engine/ on one machine, in as many sittings as it takes. Every
# mutant of the engine at COMMIT (fuzz mutate: the default campaign, then the corpus) is
# judged in SHARDS shards run one after the other, each a stride of the mutants (so each
# shard finished is a fair sample of the whole) appending each verdict to a journal of
# its own, JOURNALS/shard-K.jsonl. Cut short (Ctrl-C, a machine that goes away), run it
# again with the same COMMIT and JOURNALS: it goes on where it stopped. The whole run is
# hours on 2 cores (BENCHMARKS.md); the nightly job of ci/github-actions.yml runs the same
# shards on eight machines instead.
#
#   ci/mutate-full.sh COMMIT JOURNALS [FUZZ-MUTATE-FLAGS...]
#
# COMMIT is checked out (git archive) into $WORK, default mutate-COMMIT beside this
# checkout: the mutants are of its engine, judged by its properties and corpus, and the
# journals are keyed to its source (a journal of another tree is refused). What judges
# them is this checkout's fuzz command, built into $WORK at each start and run there, so
# that a sitting gets this checkout's fixes to the running of judgements (a run whose
# mutants it would number differently refuses the journals, and says so). JOURNALS is the folder of the journals, made if
# missing: keep it where the next sitting finds it (committed, or on a volume). Flags after
# JOURNALS go to every fuzz mutate (judging and merging alike), e.g. --sample 40 --seed 3
# to run a sample in shards (not --min-score: judge the merged report.json instead). When every shard is done it merges them into
# JOURNALS/report.txt and JOURNALS/report.json, and prints the report's figures. The
# reviewed list of equivalent mutants is $EQUIVALENT, by default this checkout's, read
# again at each shard: a mutant listed is not judged, so the list may grow while the run
# goes on (its keys name a mutant by its place and change, not by its ID).
#
# Settings (environment): SHARDS=8, JOBS=2 (mutants judged at once), NICE=19 (the niceness
# to judge at: 19 leaves a shared machine to its user), WORK, EQUIVALENT.
# Exit: 0 merged, the whole run; 1 a shard failed (its log is JOURNALS/shard-K.log) or the
# merge is not the whole run; 2 bad usage or a build
# that failed; 130 or 143 interrupted by SIGINT or SIGTERM (what was judged is in the
# journals).
set -uo pipefail

usage() {
	echo "usage: ci/mutate-full.sh COMMIT JOURNALS [FUZZ-MUTATE-FLAGS...]" >&2
	exit 2
}
[ $# -ge 2 ] || usage
commit=$1 journals=$2
shift 2
SHARDS=${SHARDS:-8}
JOBS=${JOBS:-2}
NICE=${NICE:-19}
[[ $SHARDS =~ ^[1-9][0-9]*$ ]] || { echo "mutate-full: SHARDS=$SHARDS is not a positive number" >&2; exit 2; }
[[ $JOBS =~ ^[1-9][0-9]*$ ]] || { echo "mutate-full: JOBS=$JOBS is not a positive number" >&2; exit 2; }

repo=$(cd "$(dirname "$0")/.." && pwd) || exit 2
full=$(git -C "$repo" rev-parse --verify --quiet "$commit^{commit}") ||
	{ echo "mutate-full: $commit is not a commit of $repo" >&2; exit 2; }
short=${full:0:7}
WORK=${WORK:-$(dirname "$repo")/mutate-$short}
mkdir -p "$journals" || exit 2
journals=$(cd "$journals" && pwd)

if [ ! -f "$WORK/go.mod" ]; then
	echo "mutate-full: checking out $short into $WORK"
	mkdir -p "$WORK" && git -C "$repo" archive "$full" | tar -x -C "$WORK" || exit 2
	(cd "$WORK" && go build ./cmd/fuzz) || { echo "mutate-full: $short does not build" >&2; exit 2; }
fi
(cd "$repo" && go build -o "$WORK/fuzz-this" ./cmd/fuzz) || { echo "mutate-full: this checkout does not build" >&2; exit 2; }
EQUIVALENT=${EQUIVALENT:-$repo/internal/mutate/equivalent.tsv}

# A SIGTERM or SIGINT to this script is passed to the running fuzz (forwarding), which
# writes the verdict of each mutant judged to the end and stops.
# shellcheck source=ci/forward.sh
. "$repo/ci/forward.sh"
cd "$WORK" || exit 2
for ((k = 1; k <= SHARDS; k++)); do
	log=$journals/shard-$k.log
	echo "mutate-full: shard $k/$SHARDS ($log)"
	forwarding nice -n "$NICE" ./fuzz-this mutate --shard "$k/$SHARDS" --jobs "$JOBS" --keep keep --equivalent "$EQUIVALENT" \
		--journal "$journals/shard-$k.jsonl" --out /dev/null "$@" >"$log" 2>&1
	code=$?
	if [ $signalled -ne 0 ]; then
		echo "mutate-full: interrupted in shard $k; the verdicts so far are in $journals" >&2
		exit $signalled
	fi
	[ $code -eq 0 ] || { echo "mutate-full: shard $k failed (exit $code); see $log" >&2; tail -n 5 "$log" >&2; exit 1; }
done

# Merged by the same command, in COMMIT's source: a newer one than the judging counts the
# listed mutants that journals of older commands lack.
./fuzz-this mutate --merge --equivalent "$EQUIVALENT" --out "$journals/report.txt" --json "$journals/report.json" "$@" \
	"$journals"/shard-*.jsonl || { echo "mutate-full: the merge failed" >&2; exit 1; }
head -n 12 "$journals/report.txt"
if grep -q '^PARTIAL' "$journals/report.txt"; then
	echo "mutate-full: the journals are not the whole run (see the shards' logs)" >&2
	exit 1
fi
