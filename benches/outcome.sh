#!/usr/bin/env bash
# The outcome search on the positions of MCGS's test corpus copied into tests/data/mcgs_outcomes.txt
# (and benches/data/mcgs_outcomes_large.txt, the ones too slow for the suite)
# (with MCGS's expected results): for each, the outcome found by search (`partizan outcome
# --search`), whether it agrees with the file, the wall time and the peak memory, one process a
# position, and the search's own time in the process (the `search: … ms` of `--stats`, without
# the start-up and the reading of the position). With MCGS=/path/to/MCGS (a build of
# github.com/ualberta-mueller-group/MCGS), MCGS solves the same position right after, asked for the same players, and its wall time and its
# own search time (the sum of its "Time (ms)" lines, without its start-up) are printed beside.
# A benchmark, not a test: the suite checks the answers (search::outcome in tests/).
#   benches/outcome.sh                     # every position
#   benches/outcome.sh nogo                # only the lines containing "nogo"
#   MCGS=/tmp/mcgs/MCGS benches/outcome.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
P=target/release/partizan
# Both binaries read once, so that the first position does not pay for reading them from disk.
cat "$P" ${MCGS:+"$MCGS"} >/dev/null
printf '%-7s %-5s %8s %10s %9s' outcome agree seconds "search ms" "peak KB"
[ -n "${MCGS:-}" ] && printf ' | %-5s %8s %10s %9s' MCGS seconds "search ms" "peak KB"
printf '  %s\n' position
cat tests/data/mcgs_outcomes.txt benches/data/mcgs_outcomes_large.txt | grep -v '^#' | while IFS=$'\t' read -r expr black white game pos; do
  case "$expr" in *"${1:-}"*) ;; *) continue ;; esac
  [ -n "$expr" ] || continue
  out=$( { /usr/bin/time -f "%e %M" "$P" --stats outcome --search "$expr"; } 2>&1 )
  outcome=$(echo "$out" | head -1)
  search_ms=$(echo "$out" | sed -n 's/^stats: search: \([0-9.]*\) ms.*/\1/p')
  read -r secs peak < <(echo "$out" | tail -1)
  case "$outcome" in L | N) lf=win ;; *) lf=loss ;; esac
  case "$outcome" in R | N) rf=win ;; *) rf=loss ;; esac
  agree=yes
  { [ "$black" = - ] || [ "$black" = "$lf" ]; } && { [ "$white" = - ] || [ "$white" = "$rf" ]; } || agree=NO
  printf '%-7s %-5s %8s %10s %9s' "$outcome" "$agree" "$secs" "$search_ms" "$peak"
  if [ -n "${MCGS:-}" ]; then
    asks=()
    [ "$black" != - ] && asks+=("B $black")
    [ "$white" != - ] && asks+=("W $white")
    cmd="{$(IFS=,; echo "${asks[*]}" | sed 's/,/, /')}"
    m=$( { /usr/bin/time -f "%e %M" "$MCGS" --no-use-db "[$game] $pos $cmd"; } 2>&1 ) || true
    ms=$(echo "$m" | awk '/^Time \(ms\)/{t += $3} END {print t + 0}')
    ok=$(echo "$m" | grep -c '^Status: PASS' || true)
    read -r msecs mpeak < <(echo "$m" | tail -1)
    printf ' | %-5s %8s %10s %9s' "${ok}/${#asks[@]}" "$msecs" "$ms" "$mpeak"
  fi
  printf '  %s\n' "${expr:0:60}"
done
