#!/bin/sh
# Runs a command under a Wayland compositor of its own: a headless Weston
# with a socket in XDG_RUNTIME_DIR, GDK_BACKEND=wayland and no DISPLAY, so
# GTK talks Wayland as in a GNOME session. Two runs side by side never
# share a compositor (each has its own socket name).
#
#   build-aux/run-weston.sh COMMAND [ARG]...
#
# Weston's headless back end composites nothing: it hands each buffer
# back as soon as it is attached, as GNOME Shell does with a client's
# shared-memory buffer once it has copied it to the GPU. So a client
# paints only what changed, into the buffer it painted last, and no
# compositor work takes a core from it: what is timed is the client's.
# (With --use-pixman Weston reads the client's buffer while compositing
# and keeps it until the next one arrives; GTK then paints the next frame
# into another buffer, which a GNOME Shell session does not make it do.)
set -eu

if ! command -v weston >/dev/null 2>&1; then
  echo "run-weston.sh: no weston (apt-get install weston)" >&2
  exit 1
fi

if [ -z "${XDG_RUNTIME_DIR:-}" ] || [ ! -d "$XDG_RUNTIME_DIR" ]; then
  XDG_RUNTIME_DIR=$(mktemp -d)
  own_runtime_dir=$XDG_RUNTIME_DIR
  export XDG_RUNTIME_DIR
else
  own_runtime_dir=""
fi
chmod 700 "$XDG_RUNTIME_DIR"

socket=bloom-weston-$$
log=$(mktemp)
weston_pid=""
cleanup() {
  if [ -n "$weston_pid" ]; then
    kill "$weston_pid" 2>/dev/null || true
    wait "$weston_pid" 2>/dev/null || true
  fi
  rm -f "$log"
  [ -z "$own_runtime_dir" ] || rm -rf "$own_runtime_dir"
}
trap cleanup EXIT
trap 'exit 143' TERM
trap 'exit 130' INT

# --idle-time=0: never blank the output (a blanked output sends no frame
# callbacks, and GTK would wait for one).
weston --backend=headless-backend.so --width=3200 --height=2000 --idle-time=0 \
  --socket="$socket" >"$log" 2>&1 &
weston_pid=$!

# Weston makes its socket once it is ready to take clients.
tries=0
while [ ! -S "$XDG_RUNTIME_DIR/$socket" ]; do
  if ! kill -0 "$weston_pid" 2>/dev/null || [ "$tries" -ge 100 ]; then
    echo "run-weston.sh: weston did not start:" >&2
    cat "$log" >&2
    exit 1
  fi
  tries=$((tries + 1))
  sleep 0.1
done

status=0
env -u DISPLAY WAYLAND_DISPLAY="$socket" GDK_BACKEND=wayland "$@" || status=$?
exit "$status"
