#!/bin/sh
# run-window.sh — the window benchmarks: start-up against a bare GTK 4
# window (bench-startup, baseline-window), operation → painted frame and a
# resize in the real window (bench-window), and storing a session near the
# size limit in GSettings (bench-save).
#
#   bench/run-window.sh [BENCH_BLOOM_LAB BASELINE BENCH_STARTUP BENCH_WINDOW BENCH_SAVE SCHEMA_DIR]
#   (BENCH_BLOOM_LAB is Bloom Lab with the first-frame hook, bench/bench-bloom-lab.c)
#   meson compile -C build bench-app         (passes the paths)
#
# Without arguments it builds the programs in $BUILDDIR (default _build, or
# build/ when only that one exists; set up first when neither exists).
#
# Without DISPLAY it runs itself under its own Xvfb (build-aux/run-xvfb.sh, a
# 3200×2000 screen, so that the pointer in its middle is off the
# windows). Start-up and dconf each run under their own
# dbus-run-session with their own XDG directories, so a Bloom Lab already
# running and the user's own settings are never touched.
#
# Environment:
#   PARTS      what to run (startup window save)
#   RENDERERS  GSK_RENDERER values for start-up and window (cairo gl);
#              "gl" under Xvfb is Mesa's software GL (llvmpipe)
#   RUNS       start-up runs of each program per renderer (21), WARMUP (2)
#   PARTS      also "instructions": instructions per operation under
#              callgrind (valgrind), CG_OPS (40) operations per layout
#   LOADS      for the window part: none (nothing else running) and/or
#              busy (a second process keeps one core busy) (none busy)
#   OPS        operations (1000), RESIZES (200), DETAILS (closed open):
#              the expanders "Hash positions" and "Model and hashes";
#              also hash-positions or model: that one alone open
#   LECTURE_STEPS  steps through the example lecture after them (90)
#   PARTS      also "damage": what the frames of each operation repaint
#              (bench/damage-log.c preloaded into bench-window, cairo
#              only): rectangles per frame, and how many operations
#              repainted most of the window, as GSK does past 30
#              rectangles
#   PARTS      also "pace": PACE_OPS (20) operations, each followed by a
#              pause of PACE_MS (4000) as a lecturer's, counting the
#              frames drawn and the CPU time taken in each pause
#   SAVE_RUNS  saves per backend (101), BACKENDS (memory keyfile dconf)
#   DISPLAYS   windowing systems for start-up, window and instructions
#              (x11 wayland): x11 is the Xvfb above, wayland a headless
#              Weston of each run's own (build-aux/run-weston.sh; left
#              out, with a note, when weston is not installed)
#
# It prints what the programs print: figures for the eye, and lines
# starting with "startup ", "ratio ", "window ", "save " and "goal " for
# scripts; at the end, every "goal " line again, each goal of issue 27
# with its figure and met or not. It exits 0 whatever the times; non-zero
# only when a program fails.
#
# SPDX-License-Identifier: GPL-3.0-or-later

set -eu

here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
self=$here/$(basename "$0")

parts=${PARTS:-startup window save}
renderers=${RENDERERS:-cairo gl}
runs=${RUNS:-21}
warmup=${WARMUP:-2}
ops=${OPS:-1000}
resizes=${RESIZES:-200}
lecture_steps=${LECTURE_STEPS:-90}
details=${DETAILS:-closed open}
loads=${LOADS:-none busy}
cg_ops=${CG_OPS:-40}
pace_ops=${PACE_OPS:-20}
pace_ms=${PACE_MS:-4000}
save_runs=${SAVE_RUNS:-101}
backends=${BACKENDS:-memory keyfile dconf}

if [ -z "${DISPLAY:-}" ]; then
  if ! command -v Xvfb >/dev/null 2>&1; then
    echo "run-window.sh: no DISPLAY and no Xvfb (apt-get install xvfb)" >&2
    exit 1
  fi
  # The pointer starts in the middle of the screen: on this size it is
  # outside every window the benchmarks open at the top left, so no
  # tooltip comes up and adds work to the figures.
  exec "$top/build-aux/run-xvfb.sh" -s "-screen 0 3200x2000x24" sh "$self" "$@"
fi

if [ -n "${DISPLAYS:-}" ]; then
  displays=$DISPLAYS
elif command -v weston >/dev/null 2>&1; then
  displays="x11 wayland"
else
  displays=x11
  echo "# run-window.sh: no weston, so figures on X11 only (apt-get install weston for Wayland)"
fi

if [ $# -ge 6 ]; then
  bloom_lab=$1 baseline=$2 bench_startup=$3 bench_window=$4 bench_save=$5 schema_dir=$6
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
  meson compile -C "$builddir"
  meson compile -C "$builddir" bench-bloom-lab baseline-window bench-startup bench-window bench-save \
    bench/damage-log
  bloom_lab=$builddir/bench/bench-bloom-lab
  baseline=$builddir/bench/baseline-window
  bench_startup=$builddir/bench/bench-startup
  bench_window=$builddir/bench/bench-window
  bench_save=$builddir/bench/bench-save
  schema_dir=$builddir/data
fi

for program in "$bloom_lab" "$baseline" "$bench_startup" "$bench_window" "$bench_save"; do
  if [ ! -x "$program" ]; then
    echo "run-window.sh: no program at $program" >&2
    exit 1
  fi
done
schema_dir=$(cd "$schema_dir" && pwd)

tmp=$(mktemp -d "${TMPDIR:-/tmp}/bloom-bench-window.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

# isolated DIR DISPLAY COMMAND…: COMMAND under its own session bus (when
# there is dbus-run-session) and its own XDG directories below $tmp/DIR,
# on DISPLAY: x11 (the Xvfb this script runs under), wayland (a headless
# Weston of its own, build-aux/run-weston.sh) or any (as it comes).
isolated () {
  dir=$tmp/$1
  case $2 in
    x11) shift 2; set -- env GDK_BACKEND=x11 "$@" ;;
    wayland) shift 2; set -- "$top/build-aux/run-weston.sh" "$@" ;;
    any) shift 2 ;;
    *)
      echo "run-window.sh: unknown display $2 (x11 or wayland)" >&2
      return 1
      ;;
  esac
  mkdir -p "$dir/config" "$dir/cache" "$dir/data" "$dir/run"
  chmod 700 "$dir/run"
  if command -v dbus-run-session >/dev/null 2>&1; then
    XDG_CONFIG_HOME=$dir/config XDG_CACHE_HOME=$dir/cache XDG_DATA_HOME=$dir/data \
      XDG_RUNTIME_DIR=$dir/run dbus-run-session -- "$@"
  else
    XDG_CONFIG_HOME=$dir/config XDG_CACHE_HOME=$dir/cache XDG_DATA_HOME=$dir/data \
      XDG_RUNTIME_DIR=$dir/run "$@"
  fi
}

# Wall-clock figures depend on what else the machine runs: the load
# average is printed at the start and the end of each run.
run_parts () {
echo "# Bloom Lab window benchmarks, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs," \
  "GTK $(pkg-config --modversion gtk4 2>/dev/null || echo '?'), DISPLAY=$DISPLAY," \
  "load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo

for part in $parts; do
  case $part in
    startup)
      for display in $displays; do
        for renderer in $renderers; do
          GSK_RENDERER=$renderer isolated "startup-$display-$renderer" "$display" \
            "$bench_startup" --runs "$runs" --warmup "$warmup" --schema-dir "$schema_dir" \
            "$bloom_lab" "$baseline"
          echo
        done
      done
      ;;
    window)
      for display in $displays; do
        for renderer in $renderers; do
          for detail in $details; do
            for load in $loads; do
              # shellcheck disable=SC2046
              set -- $(detail_args "$detail")
              [ "$load" = busy ] && set -- "$@" --load
              # A session bus, as on a desktop: without one, GTK 4.18's
              # first selection (the string selected again after the
              # first operation) starts a bus through X11 autolaunch,
              # some 50 ms of the first operation.
              GSK_RENDERER=$renderer GTK_A11Y=none GSETTINGS_BACKEND=memory \
                GSETTINGS_SCHEMA_DIR=$schema_dir \
                isolated "window-$display-$renderer-$detail-$load" "$display" \
                "$bench_window" --ops "$ops" --resizes "$resizes" \
                --lecture-steps "$lecture_steps" "$@"
              echo
            done
          done
        done
      done
      ;;
    damage)
      damage_log=$(dirname "$bench_window")/libdamage-log.so
      if [ ! -f "$damage_log" ]; then
        echo "run-window.sh: no $damage_log (meson compile -C BUILDDIR bench/damage-log)" >&2
        exit 1
      fi
      for display in $displays; do
        for renderer in $renderers; do
          # It sees the clip GSK's cairo renderer sets on each frame.
          [ "$renderer" = cairo ] || continue
          for detail in $details; do
            # shellcheck disable=SC2046
            set -- $(detail_args "$detail")
            GSK_RENDERER=$renderer GTK_A11Y=none GSETTINGS_BACKEND=memory \
              GSETTINGS_SCHEMA_DIR=$schema_dir \
              isolated "damage-$display-$renderer-$detail" "$display" \
              env DAMAGE_LOG_QUIET=1 LD_PRELOAD="$damage_log" \
              "$bench_window" --ops "$ops" --resizes 0 --lecture-steps "$lecture_steps" "$@"
            echo
          done
        done
      done
      ;;
    pace)
      for display in $displays; do
        for renderer in $renderers; do
          for detail in $details; do
            # shellcheck disable=SC2046
            set -- $(detail_args "$detail")
            GSK_RENDERER=$renderer GTK_A11Y=none GSETTINGS_BACKEND=memory \
              GSETTINGS_SCHEMA_DIR=$schema_dir \
              isolated "pace-$display-$renderer-$detail" "$display" \
              "$bench_window" --ops "$pace_ops" --resizes 0 --pace "$pace_ms" "$@"
            echo
          done
        done
      done
      ;;
    instructions)
      # Instructions are what other load on the machine does not change:
      # callgrind counts them inside bench_window_measured_operation(),
      # one operation each (not the first after Create), the store's
      # saves that fall inside apart.
      if ! command -v valgrind >/dev/null 2>&1; then
        echo "run-window.sh: instructions need valgrind (apt-get install valgrind)" >&2
        exit 1
      fi
      for display in $displays; do
        for renderer in $renderers; do
          for detail in $details; do
            # shellcheck disable=SC2046
            set -- $(detail_args "$detail")
            out=$tmp/callgrind-$display-$renderer-$detail.out
            GSK_RENDERER=$renderer GTK_A11Y=none GSETTINGS_BACKEND=memory \
              GSETTINGS_SCHEMA_DIR=$schema_dir \
              isolated "instructions-$display-$renderer-$detail" "$display" \
              valgrind --tool=callgrind --callgrind-out-file="$out" \
              --toggle-collect=bench_window_measured_operation \
              "$bench_window" --ops "$cg_ops" --resizes 0 "$@" >/dev/null 2>"$tmp/callgrind.log" ||
              { cat "$tmp/callgrind.log" >&2; exit 1; }
            total=$(sed -n 's/^\(summary\|totals\): *\([0-9]*\).*/\2/p' "$out" | head -n 1)
            # The store saves 400 ms after a change, whatever operations
            # come meanwhile: one save per some 16 operations 20 ms apart
            # in real time, but under callgrind, which makes an operation
            # some 40 times slower, one in most operations. They are
            # counted apart (their own figure is PARTS=save).
            saves=$(callgrind_annotate --inclusive=yes "$out" 2>/dev/null |
              awk '/:save_timeout /{ gsub(",", "", $1); print $1; exit }')
            saves=${saves:-0}
            per_op=$(((total - saves) / cg_ops))
            echo "instructions per operation ($display, $detail, $renderer, $cg_ops operations): $per_op"
            echo "  (the store's saves apart: $saves instructions of saves fell in the measured operations)"
            echo "instructions renderer=$renderer display=$display details=$detail ops=$cg_ops per_op=$per_op saves=$saves"
            if [ "$detail" = open ]; then
              met=no
              [ "$per_op" -le 6000000 ] && met=yes
              echo "goal name=instructions-per-operation renderer=$renderer display=$display details=open figure=$per_op goal=6000000 met=$met"
            fi
            echo
          done
        done
      done
      ;;
    save)
      for backend in $backends; do
        if [ "$backend" = dconf ] && ! command -v dbus-run-session >/dev/null 2>&1; then
          echo "# save: dconf needs dbus-run-session (apt-get install dbus dconf-gsettings-backend" \
            "dconf-service); skipped"
          continue
        fi
        GSETTINGS_BACKEND=$backend GSETTINGS_SCHEMA_DIR=$schema_dir \
          isolated "save-$backend" any "$bench_save" --runs "$save_runs"
        echo
      done
      ;;
    *)
      echo "run-window.sh: unknown part $part (startup, window, damage, pace, instructions or save)" >&2
      exit 1
      ;;
  esac
done

echo "# done, load average $(cut -d' ' -f1-3 /proc/loadavg)"
}

# detail_args DETAIL: bench-window's arguments for a layout.
detail_args () {
  case $1 in
    open) echo --open-details ;;
    closed) ;;
    *) echo --only "$1" ;;
  esac
}

{ run_parts; echo $? > "$tmp/status"; } | tee "$tmp/output"
status=$(cat "$tmp/status" 2>/dev/null || echo 1)
[ "$status" -eq 0 ] || exit "$status"

echo
echo "# the goals of issue 27:"
grep '^goal ' "$tmp/output" || echo "# (no part that measures a goal ran)"

exit 0
