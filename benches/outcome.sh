#!/usr/bin/env bash
# The outcome search on the positions of MCGS's test corpus copied into tests/data/mcgs_outcomes.txt
# (with MCGS's expected results): for each, the outcome found by search (`partizan outcome
# --search`), whether it agrees with the file, the wall time and the peak memory, one process a
# position. A benchmark, not a test: the suite checks the answers (tests/outcome_search.rs).
#   benches/outcome.sh            # every position
#   benches/outcome.sh nogo       # only the lines containing "nogo"
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
P=target/release/partizan
printf '%-8s %-5s %9s %9s  %s\n' outcome agree seconds "peak KB" position
grep -v '^#' tests/data/mcgs_outcomes.txt | while IFS=$'\t' read -r expr black white; do
  case "$expr" in *"${1:-}"*) ;; *) continue ;; esac
  [ -n "$expr" ] || continue
  out=$( { /usr/bin/time -f "%e %M" "$P" outcome --search "$expr"; } 2>&1 )
  outcome=$(echo "$out" | head -1)
  read -r secs peak < <(echo "$out" | tail -1)
  case "$outcome" in L | N) lf=win ;; *) lf=loss ;; esac
  case "$outcome" in R | N) rf=win ;; *) rf=loss ;; esac
  agree=yes
  { [ "$black" = - ] || [ "$black" = "$lf" ]; } && { [ "$white" = - ] || [ "$white" = "$rf" ]; } || agree=NO
  printf '%-8s %-5s %9s %9s  %s\n' "$outcome" "$agree" "$secs" "$peak" "${expr:0:70}"
done
