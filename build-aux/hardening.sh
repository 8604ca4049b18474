#!/bin/sh
# Hardening checks of the model library, for CI and before a release:
#
#   1. AddressSanitizer + UndefinedBehaviorSanitizer: a build with
#      -Db_sanitize=address,undefined runs the model tests, replays the
#      fuzz corpus and every regression input (suites 'model' and 'fuzz'),
#      runs the window tests under their own Xvfb and session bus, with
#      LeakSanitizer suppressions for what the toolkit's font libraries keep
#      (build-aux/lsan.supp) and GL disabled (whatever GL drivers the
#      machine has, they never load), and runs the storage tests (the
#      session store, files, kills). Any sanitizer report fails the run.
#   2. valgrind: a plain build runs the same suites under memcheck; any
#      invalid access or definite leak fails the run.
#
# usage: build-aux/hardening.sh [WORKDIR]
#   WORKDIR holds the two build directories (default: build-hardening,
#   which .gitignore covers). They are set up once and reused.
#
# Needs what the normal build and its tests need, plus valgrind; the
# compiler is $CC or the system's default.
set -eu

cd "$(dirname "$0")/.."

workdir=${1:-build-hardening}
asan_dir="$workdir/asan"
valgrind_dir="$workdir/valgrind"
suites="--suite model --suite fuzz"

if ! command -v valgrind >/dev/null 2>&1; then
  echo "hardening.sh: valgrind is missing (apt-get install valgrind)" >&2
  exit 2
fi

step() {
  printf '\n== %s\n' "$*"
}

# Builds only the programs of the model and fuzz tests: the window and
# the rest of the app are not what these checks are about.
build_test_programs() {
  ninja -C "$1" $(meson introspect --tests "$1" | python3 -c '
import json, os, sys
for test in json.load(sys.stdin):
    if {"model", "fuzz"} & {suite.split(":")[-1] for suite in test["suite"]}:
        print(os.path.relpath(test["cmd"][0], sys.argv[1]))
' "$1")
}

# Fails when the last meson test run in $asan_dir logged a sanitizer report.
check_sanitizer_log () {
  if grep -E -q 'runtime error:|ERROR: AddressSanitizer|ERROR: LeakSanitizer' \
       "$asan_dir/meson-logs/testlog.txt"; then
    echo "hardening.sh: sanitizer report in $asan_dir/meson-logs/testlog.txt" >&2
    exit 1
  fi
}

# The sanitizers' options for programs that run GTK: leaks of the font
# libraries are suppressed (build-aux/lsan.supp). GL is off, as in
# tests/meson.build: Mesa's DRI drivers (libgl1-mesa-dri) leave
# allocations LeakSanitizer reports from a module unloaded by then. GTK 4.8
# reads GDK_DEBUG, newer GTK GDK_DISABLE.
with_window_sanitizers () {
  GDK_DEBUG=gl-disable GDK_DISABLE=gl \
  ASAN_OPTIONS=halt_on_error=1:abort_on_error=1:detect_leaks=1 \
  LSAN_OPTIONS=suppressions="$PWD/build-aux/lsan.supp":print_suppressions=0 \
  UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:print_stacktrace=1 \
    "$@"
}

# 1. Sanitizers. halt_on_error turns every report into a failing test;
# the log is searched as well, in case a report did not stop a program.
step "AddressSanitizer + UndefinedBehaviorSanitizer ($asan_dir)"
if [ ! -f "$asan_dir/build.ninja" ]; then
  meson setup "$asan_dir" -Db_sanitize=address,undefined -Db_lundef=false
fi
build_test_programs "$asan_dir"

ASAN_OPTIONS=halt_on_error=1:abort_on_error=1:detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1 \
UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:print_stacktrace=1 \
  meson test -C "$asan_dir" --no-rebuild --print-errorlogs $suites

check_sanitizer_log

step "Window tests with the sanitizers ($asan_dir)"
ninja -C "$asan_dir"
with_window_sanitizers dbus-run-session -- build-aux/run-xvfb.sh -s "-screen 0 1280x1024x24" \
    meson test -C "$asan_dir" --no-rebuild --print-errorlogs --timeout-multiplier 4 --suite window

check_sanitizer_log

step "Storage tests with the sanitizers ($asan_dir)"
# The store, session files, imports and kills: GIO's worker threads and the
# store's callbacks, where a use after free would hide.
with_window_sanitizers \
  meson test -C "$asan_dir" --no-rebuild --print-errorlogs --timeout-multiplier 4 --suite storage

check_sanitizer_log

# 2. valgrind. GLib's own suppressions hide its one-time allocations
# (types, quarks); G_SLICE makes every block a malloc() valgrind can see.
step "valgrind memcheck ($valgrind_dir)"
if [ ! -f "$valgrind_dir/build.ninja" ]; then
  meson setup "$valgrind_dir"
fi
build_test_programs "$valgrind_dir"

G_SLICE=always-malloc \
  meson test -C "$valgrind_dir" --no-rebuild --print-errorlogs --timeout-multiplier 20 $suites \
    --wrapper "valgrind --quiet --leak-check=full --error-exitcode=1 \
--errors-for-leak-kinds=definite --show-leak-kinds=definite \
--suppressions=/usr/share/glib-2.0/valgrind/glib.supp"

step "hardening checks passed"
