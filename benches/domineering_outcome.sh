#!/usr/bin/env bash
# The outcome of empty rectangular Domineering boards by search (`partizan outcome --search`,
# which searches a board of at most 64 squares as one bitboard: src/rulesets/grids/domineering/search.rs):
# for each board, the outcome, whether it is the one published, the wall time, the peak memory
# and the positions searched, one process a board. A benchmark, not a test: the suite checks the
# smaller boards (search::domineering in tests/).
#   benches/domineering_outcome.sh                 # 6x6, 7x7, 8x8
#   benches/domineering_outcome.sh 8x8             # only the boards whose line contains "8x8"
#   TABLE=16777216 benches/domineering_outcome.sh  # transposition table entries (16 bytes each)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
P=target/release/partizan
TABLE=${TABLE:-16777216}
# Rows, columns, the published outcome (Left places vertical dominoes): BUH (8x8 and the boards
# up to it: the first player wins 6x6, 7x7 and 8x8).
BOARDS="6x6 N
7x7 N
8x8 N"
printf '%-6s %-7s %-5s %9s %9s %14s\n' board outcome agree seconds "peak KB" positions
echo "$BOARDS" | while read -r board expected; do
  case "$board" in *"${1:-}"*) ;; *) continue ;; esac
  rows=${board%x*}
  cols=${board#*x}
  line=$(printf '%*s' "$cols" '' | tr ' ' '.')
  text=$line
  for ((r = 1; r < rows; r++)); do text="$text|$line"; done
  out=$( { /usr/bin/time -f "%e %M" "$P" --stats --quiet outcome --search --table-entries "$TABLE" "domineering(\"$text\")"; } 2>&1 )
  outcome=$(echo "$out" | head -1)
  positions=$(echo "$out" | sed -n 's/.*search: .* ms; \([0-9]*\) positions searched.*/\1/p')
  read -r secs peak < <(echo "$out" | tail -1)
  agree=yes
  [ "$outcome" = "$expected" ] || agree=NO
  printf '%-6s %-7s %-5s %9s %9s %14s\n' "$board" "$outcome" "$agree" "$secs" "$peak" "$positions"
done
