#!/bin/sh
# Runs a target (TARGET, default `expression`; also `worksheet`) on one core in rounds of ROUND executions until TOTAL executions
# have run or a round fails (a crash, a panic, a timeout, out of memory). Each round is a fresh
# process: canonical forms are stored for the life of a process, so rounds keep memory bounded.
# Usage (from fuzz/): [TARGET=worksheet] [RSS_LIMIT_MB=2048] ./run.sh [TOTAL] [ROUND] [SECONDS_PER_ROUND]
set -eu
total=${1:-1000000}
round=${2:-100000}
seconds=${3:-1800}
rss=${RSS_LIMIT_MB:-2048}
target=${TARGET:-expression}
case "$target" in worksheet) max_len=512 ;; *) max_len=256 ;; esac
done_runs=0
n=0
while [ "$done_runs" -lt "$total" ]; do
    n=$((n + 1))
    log="fuzz-$target-round-$n.log"
    mkdir -p "corpus/$target"
    cargo +nightly fuzz run -s none "$target" "corpus/$target" "seeds/$target" -- \
        -dict="$target.dict" -max_len="$max_len" -timeout=30 -rss_limit_mb="$rss" \
        -runs="$round" -max_total_time="$seconds" -print_final_stats=1 >"$log" 2>&1 || {
        echo "round $n failed: see $log"
        exit 1
    }
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    peak=$(sed -n "s/^stat::peak_rss_mb: *//p" "$log")
    done_runs=$((done_runs + runs))
    echo "round $n: $runs executions, $rate/s, peak RSS $peak MB; total $done_runs"
done
