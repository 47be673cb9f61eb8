#!/usr/bin/env bash
# The speed guard: instruction counts of a fixed set of workloads, compared with the baseline in
# benches/icount.tsv. Instruction counts (valgrind's callgrind) do not depend on the machine's
# load, so a rise is a change in the code, not noise.
#
#   benches/icount.sh                  # measure and compare; exit 1 if a count rose by more than 3%
#   benches/icount.sh queen            # only the workloads whose line contains "queen"
#   benches/icount.sh --update "why"   # measure and write the counts into the baseline, each
#                                      # changed row with the reason given
#
# The baseline is updated in the same commit as the change that moves a count, and the reason
# says why (see docs/PERFORMANCE.md, "The speed guard"). Every workload runs on one thread
# (RAYON_NUM_THREADS=1) under callgrind, which reports a processor without AVX-512, so the sparse
# engine's portable kernels are the ones counted.
set -euo pipefail
cd "$(dirname "$0")/.."
BASELINE=benches/icount.tsv
TOLERANCE_PERCENT=3

update=""
filter=""
case "${1:-}" in
  --update)
    update="${2:-}"
    if [ -z "$update" ]; then
      echo "usage: benches/icount.sh --update \"why the counts moved\"" >&2
      exit 2
    fi
    ;;
  --help|-h)
    sed -n 2,13p "$0" | sed 's/^# \{0,1\}//'
    exit 0
    ;;
  *) filter="${1:-}" ;;
esac

if ! command -v valgrind >/dev/null 2>&1; then
  echo "benches/icount.sh: valgrind is not installed (apt-get install valgrind)" >&2
  exit 2
fi
# One codegen unit (the profile `icount` of Cargo.toml), so that a count does not move with how
# the crate is split into codegen units.
cargo build --profile icount --example workloads --quiet
W=target/icount/examples/workloads

# One workload's instruction count: the whole process of the workloads example.
count() {
  # shellcheck disable=SC2086
  RAYON_NUM_THREADS=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    "$W" $1 2>&1 >/dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

status=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT
printf '%-40s %15s %15s %8s\n' workload baseline measured change
while IFS= read -r line; do
  case "$line" in ''|'#'*) printf '%s\n' "$line" >>"$out"; continue ;; esac
  IFS=$'\t' read -r job base why <<<"$line"
  if [ -n "$filter" ] && [[ "$job" != *"$filter"* ]]; then
    printf '%s\t%s\t%s\n' "$job" "$base" "$why" >>"$out"
    continue
  fi
  now=$(count "$job")
  if [ -z "$now" ]; then
    echo "benches/icount.sh: no count for '$job' (does the workload run?)" >&2
    exit 2
  fi
  change=$(awk -v a="$now" -v b="$base" 'BEGIN { if (b > 0) printf "%+.2f%%", (a - b) * 100 / b; else printf "new" }')
  printf '%-40s %15s %15s %8s\n' "$job" "$base" "$now" "$change"
  if [ -n "$update" ]; then
    if [ "$now" != "$base" ]; then why="$update"; fi
    printf '%s\t%s\t%s\n' "$job" "$now" "$why" >>"$out"
  else
    printf '%s\t%s\t%s\n' "$job" "$base" "$why" >>"$out"
    if awk -v a="$now" -v b="$base" -v t="$TOLERANCE_PERCENT" 'BEGIN { exit !(a > b * (1 + t / 100)) }'; then
      echo "  '$job' rose by more than $TOLERANCE_PERCENT% over the baseline" >&2
      status=1
    fi
  fi
done <"$BASELINE"

if [ -n "$update" ]; then
  cp "$out" "$BASELINE"
  echo "wrote $BASELINE"
elif [ "$status" -ne 0 ]; then
  echo "the speed guard failed: find the cause, or, if the cost is wanted, run" >&2
  echo "  benches/icount.sh --update \"why\"  and commit the baseline with the change" >&2
fi
exit "$status"
