#!/usr/bin/env bash
# Runs every headline workload with partizan's workloads example and with the peer bench
# (../shared/peer-bench, the `cgt` crate) back to back, one process per measurement, so that the
# ratio of the two `seconds` columns can be read from one run. Also reports peak memory.
#   benches/peer.sh            # all workloads (the peer's sum 14 and domineering 5x6 take minutes)
#   benches/peer.sh subtraction  # only the jobs whose line contains "subtraction"
#   PEER=/path/to/cgt-bench benches/peer.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --example workloads --quiet
W=target/release/examples/workloads
PEER="${PEER:-../shared/peer-bench/target/release/cgt-bench}"
if [ ! -x "$PEER" ]; then
  echo "build the peer first: (cd ../shared/peer-bench && cargo build --release), or set PEER" >&2
  exit 2
fi
run() { echo "## $*"; /usr/bin/time -f "   [peak %M KB, wall %e s]" "$@" 2>&1 | cut -c1-200; }
for job in "compare 1000" "compare 3000" "subtraction 10000000" "subtraction 2,5,7 10000000" \
           "subtraction 1,4,9,16,25 10000000" "queen 64" "queen 128" "wythoff 64" \
           "domineering 4x5" "domineering 5x5" "sum 12" "sum 14" "domineering 5x6"; do
  case "$job" in *"${1:-}"*) ;; *) continue ;; esac
  # shellcheck disable=SC2086
  run "$W" $job
  # shellcheck disable=SC2086
  run "$PEER" $job
done
# partizan only: the peer has no such workload, or takes too long.
for job in "grundy-wythoff 4096" "domineering 6x6"; do
  case "$job" in *"${1:-}"*) ;; *) continue ;; esac
  # shellcheck disable=SC2086
  run "$W" $job
done
