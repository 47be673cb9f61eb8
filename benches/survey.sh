#!/bin/sh
# The survey figures of docs/PERFORMANCE.md: the octal codes of SPEC to N values through
# `python -m partizan.survey` on a local Dask cluster, once with each worker count of WORKERS,
# each into a fresh file; prints the wall time of each run, its ratio to the first, and the
# survey's counts (codes, periods proven, open codes).
# Usage: benches/survey.sh PYTHON [SPEC] [N] [WORKERS]
#   PYTHON: a Python with partizan[distributed] installed;
#   defaults: SPEC = all-3-digit, N = 10^5, WORKERS = "1 2".
set -eu
python=${1:?usage: benches/survey.sh PYTHON [SPEC] [N] [WORKERS]}
spec=${2:-all-3-digit}
to=${3:-10^5}
workers=${4:-1 2}
dir=$(mktemp -d)
first=""
for w in $workers; do
    db="$dir/survey-$w.sqlite"
    start=$(date +%s.%N)
    "$python" -m partizan.survey octal --codes "$spec" --to "$to" --db "$db" --workers "$w" --quiet
    end=$(date +%s.%N)
    secs=$(echo "$end - $start" | bc)
    [ -n "$first" ] || first=$secs
    ratio=$(echo "scale=2; $first / $secs" | bc)
    "$python" - "$db" "$spec" "$to" "$w" "$secs" "$ratio" <<'EOF'
import json, sqlite3, sys
db, spec, to, w, secs, ratio = sys.argv[1:]
rows = [json.loads(r) for (r,) in sqlite3.connect(db).execute(
    "SELECT result FROM tasks WHERE kind='octal' AND status='done'")]
proven = sum(r["period"] is not None for r in rows)
work = sum(s for (s,) in sqlite3.connect(db).execute("SELECT seconds FROM tasks"))
print(f"{spec} to {to}: {w} workers, {float(secs):.1f} s wall ({work:.1f} s of work in tasks), "
      f"speed-up {ratio}; {len(rows)} codes, {proven} periods proven, {len(rows) - proven} open")
EOF
done
rm -rf "$dir"
