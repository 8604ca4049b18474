#!/bin/sh
# run-model.sh — the model benchmark: the C model library (bench-model)
# against the same model in JavaScript (js/bench-model.mjs), in one run.
#
#   bench/run-model.sh [path/to/bench-model]
#   meson compile -C build bench          (passes the program's path)
#
# Without an argument it builds bench-model in $BUILDDIR (default _build,
# or build/ when only that one exists; set up first when neither exists).
# Environment: ROUNDS (5) rounds, alternating which program goes first;
# RUNS (31) timed and WARMUP (5) untimed runs per figure and round;
# NODE (node).
#
# It prints figures, ratios and whether the goals are met, and exits 0
# either way: a benchmark never fails on a time. It exits non-zero only when
# a program fails or when C and JavaScript disagree on the checksums, that
# is, when they did not do the same work.
#
# SPDX-License-Identifier: GPL-3.0-or-later

set -eu

here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
rounds=${ROUNDS:-5}
runs=${RUNS:-31}
warmup=${WARMUP:-5}
node=${NODE:-node}

# The goals of the performance issue.
goal_insert_query=0.3333   # C insert+query ns/op ÷ JS: at most a third
goal_import=2              # C import ÷ JS JSON.parse + rebuild: at most twice

if [ $# -ge 1 ]; then
  bench_c=$1
else
  cd "$top"
  if [ -n "${BUILDDIR:-}" ]; then
    builddir=$BUILDDIR
  elif [ ! -f _build/build.ninja ] && [ -f build/build.ninja ]; then
    builddir=build
  else
    builddir=_build
  fi
  if [ ! -f "$builddir/build.ninja" ]; then
    meson setup "$builddir"
  fi
  meson compile -C "$builddir" bench-model
  bench_c=$builddir/bench/bench-model
fi

if [ ! -x "$bench_c" ]; then
  echo "run-model.sh: no benchmark program at $bench_c" >&2
  exit 1
fi

bench_js=$here/js/bench-model.mjs
have_node=yes
if ! command -v "$node" >/dev/null 2>&1; then
  have_node=no
  echo "run-model.sh: $node not found; measuring C only, no comparison." >&2
fi

out=$(mktemp -d "${TMPDIR:-/tmp}/bloom-bench.XXXXXX")
trap 'rm -rf "$out"' EXIT INT TERM

# run_one LANG ROUND: one program, all its figures, into $out/LANG.ROUND.
run_one () {
  case $1 in
    c)  set -- "$1" "$2" "$bench_c" ;;
    js) set -- "$1" "$2" "$node" "$bench_js" ;;
  esac
  lang=$1 round=$2
  shift 2
  status=0
  "$@" --runs "$runs" --warmup "$warmup" >"$out/$lang.$round" || status=$?
  if [ "$status" -ne 0 ]; then
    echo "run-model.sh: $lang benchmark failed (exit $status) in round $round" >&2
    cat "$out/$lang.$round" >&2
    exit 1
  fi
}

# Alternating the order cancels a slow drift (thermal, other load) between
# the two sides.
r=1
while [ "$r" -le "$rounds" ]; do
  if [ "$have_node" = no ]; then
    run_one c "$r"
  elif [ $((r % 2)) -eq 1 ]; then
    run_one c "$r"
    run_one js "$r"
  else
    run_one js "$r"
    run_one c "$r"
  fi
  r=$((r + 1))
done

# field FILE KEY NAME: the value of NAME=… on the line that starts with KEY.
field () {
  awk -v key="$2" -v name="$3" '
    $1 == key { for (i = 2; i <= NF; i++) { n = index($i, "="); if (substr($i, 1, n - 1) == name) print substr($i, n + 1) } }
  ' "$1"
}

# median_of LANG KEY: the median over the rounds of each round's median.
median_of () {
  rounds_of "$1" "$2" | tr ' ' '\n' | sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# rounds_of LANG KEY: each round's median, space-separated.
rounds_of () {
  i=1
  while [ "$i" -le "$rounds" ]; do
    field "$out/$1.$i" "$2" median
    i=$((i + 1))
  done | tr '\n' ' ' | sed 's/ $//'
}

# brief LIST: the same numbers with one decimal, for the eye.
brief () {
  echo "$1" | awk '{ for (i = 1; i <= NF; i++) printf "%s%.1f", (i > 1 ? " " : ""), $i; print "" }'
}

head -n 1 "$out/c.1"
if [ "$have_node" = yes ]; then
  head -n 1 "$out/js.1"
fi
echo "# $rounds rounds; each figure is the median of that program's $rounds round medians"
echo

# Units are padded by hand: printf pads bytes, and "µs" is three of them.
printf '%-20s %12s %12s %8s   %s\n' figure C JS C/JS "round medians: C | JS"
for spec in insert_ns_per_op:insert:ns/op query_ns_per_op:query:ns/op \
            insert_query_ns_per_op:insert+query:ns/op \
            export_us_per_op:export:µs import_us_per_op:import:µs; do
  key=${spec%%:*}
  rest=${spec#*:}
  label="${rest%%:*} (${rest#*:})"
  width=20
  case $label in *µs*) width=21 ;; esac
  c=$(median_of c "$key")
  if [ "$have_node" = yes ]; then
    js=$(median_of js "$key")
    ratio=$(awk -v a="$c" -v b="$js" 'BEGIN { printf "%.3f", a / b }')
    printf "%-${width}s %12.1f %12.1f %8s   %s | %s\n" "$label" "$c" "$js" "$ratio" \
      "$(brief "$(rounds_of c "$key")")" "$(brief "$(rounds_of js "$key")")"
  else
    printf "%-${width}s %12.1f %12s %8s   %s\n" "$label" "$c" - - "$(brief "$(rounds_of c "$key")")"
  fi
done
echo
echo "export size   C: $(field "$out/c.1" export_size bytes) bytes, $(field "$out/c.1" export_size chars) UTF-16 units"
if [ "$have_node" = yes ]; then
  echo "              JS: $(field "$out/js.1" export_size bytes) bytes, $(field "$out/js.1" export_size chars) UTF-16 units"
fi
echo "outcomes      $(grep '^outcomes ' "$out/c.1" | cut -d' ' -f2-)"
echo "state         $(grep '^state ' "$out/c.1" | cut -d' ' -f2-)"

if [ "$have_node" = no ]; then
  exit 0
fi

# The same work on both sides, or the figures compare nothing. Every round
# of both programs must print the same outcome, state and checksum lines.
grep -h -e '^checksum ' -e '^outcomes ' -e '^state ' "$out/c.1" >"$out/expected"
mismatch=no
for f in "$out"/c.* "$out"/js.*; do
  grep -h -e '^checksum ' -e '^outcomes ' -e '^state ' "$f" >"$out/got"
  if ! cmp -s "$out/expected" "$out/got"; then
    mismatch=yes
    echo "MISMATCH: $(basename "$f") differs from c.1:" >&2
    diff "$out/expected" "$out/got" >&2 || true
  fi
done
echo "checksums     C  $(grep '^checksum ' "$out/c.1" | cut -d' ' -f2-)"
echo "              JS $(grep '^checksum ' "$out/js.1" | cut -d' ' -f2-)"
if [ "$mismatch" = yes ]; then
  echo "checksums     DIFFER: C and JavaScript did not compute the same results" >&2
  exit 1
fi
echo "              match: same positions, outcomes, counters and export document"
echo

# goal TEXT KEY GOAL GOAL_TEXT: one human line and one machine line.
goal () {
  c=$(median_of c "$2")
  js=$(median_of js "$2")
  awk -v text="$1" -v key="$2" -v a="$c" -v b="$js" -v goal="$3" -v goal_text="$4" 'BEGIN {
    ratio = a / b
    met = ratio <= goal
    printf "%s: C %.1f ÷ JS %.1f = %.3f (goal ≤ %s): %s\n", text, a, b, ratio, goal_text,
           met ? "goal met" : "goal missed"
    printf "ratio_%s c_over_js=%.4f goal=%.4f met=%s\n", key, ratio, goal, met ? "yes" : "no"
  }'
}
goal "insert+query ns/op" insert_query_ns_per_op "$goal_insert_query" "1/3"
goal "import µs" import_us_per_op "$goal_import" "2"

exit 0
