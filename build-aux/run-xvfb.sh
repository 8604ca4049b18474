#!/bin/sh
# Runs a command under an X server of its own (Xvfb), which picks a free
# display itself (-displayfd): two runs side by side never share a display.
# xvfb-run -a cannot promise that: it picks a number first, then starts the
# server, and a run that loses the race talks to the other run's server
# until that one goes away.
#
#   build-aux/run-xvfb.sh [-s "SERVER ARGS"] COMMAND [ARG]...
#   (SERVER ARGS default to "-screen 0 1280x1024x24")
set -eu

server_args="-screen 0 1280x1024x24"
if [ "${1:-}" = -s ]; then
  server_args=$2
  shift 2
fi

work=$(mktemp -d)
xvfb_pid=""
cleanup() {
  if [ -n "$xvfb_pid" ]; then
    kill "$xvfb_pid" 2>/dev/null || true
    wait "$xvfb_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 143' TERM
trap 'exit 130' INT

mkfifo "$work/display"
# shellcheck disable=SC2086 # the server's arguments are words
Xvfb -displayfd 3 -nolisten tcp $server_args 3>"$work/display" 2>"$work/log" &
xvfb_pid=$!
if ! read -r display < "$work/display"; then
  echo "run-xvfb.sh: Xvfb did not start:" >&2
  cat "$work/log" >&2
  exit 1
fi

status=0
DISPLAY=":$display" "$@" || status=$?
exit "$status"
