#!/bin/sh
# Saves screenshots of the real window, driven from the keyboard alone as a
# lecturer would drive it. Used for the metainfo and the README, and to look
# at the window at several sizes and in other languages.
#
#   build-aux/screenshots.sh [OUTDIR] [WIDTHxHEIGHT] [LANGUAGE]
#
# Needs Xvfb, xdotool and ImageMagick's import. The app is installed into
# the build directory's prefix first (build-aux/dev.sh sets it up that
# way), so that its translations are found.
set -eu

cd "$(dirname "$0")/.."
outdir=${1:-data/screenshots}
size=${2:-1280x800}
language=${3:-${LANGUAGE:-en}}
builddir=${BUILDDIR:-_build}
[ -f "$builddir/build.ninja" ] || { echo "Set up first: build-aux/dev.sh run" >&2; exit 1; }
meson install -C "$builddir" --quiet >/dev/null
prefix=$(meson introspect "$builddir" --buildoptions |
  python3 -c 'import json,sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == "prefix"))')
app="$prefix/bin/bloom-lab"
mkdir -p "$outdir"

# A real locale of the language: gettext ignores LANGUAGE in C and, from
# glibc 2.41 on, in C.UTF-8. One the system lacks is generated into the
# build directory (localedef, package "locales").
export LANGUAGE="$language"
unset LC_ALL
case "$language" in
  en*|C) export LANG=C.UTF-8 ;;
  de) export LANG=de_DE.UTF-8 ;;
  *_*) export LANG="$language.UTF-8" ;;
  *) echo "No locale known for $language: give it as LL_CC (zh_CN)" >&2; exit 2 ;;
esac
if [ -n "$(LC_ALL="$LANG" locale 2>&1 >/dev/null)" ]; then
  export LOCPATH="$PWD/$builddir/locale"
  mkdir -p "$LOCPATH"
  [ -d "$LOCPATH/$LANG" ] || localedef --quiet -c -i "${LANG%.UTF-8}" -f UTF-8 "$LOCPATH/$LANG"
fi

display=:$(( $$ % 500 + 100 ))
Xvfb "$display" -screen 0 "${size}x24" -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill ${app_pid:-} $xvfb 2>/dev/null || true; rm -rf "${scratch:-}"' EXIT INT TERM
sleep 1

export DISPLAY="$display" GSK_RENDERER=cairo GSETTINGS_BACKEND=memory GTK_A11Y=none
# A home of its own: the app neither shows the user's stored session nor
# stores the screenshots' one over it.
scratch=$(mktemp -d)
export HOME="$scratch" XDG_STATE_HOME="$scratch/state" XDG_CONFIG_HOME="$scratch/config" \
  XDG_CACHE_HOME="$scratch/cache" XDG_DATA_HOME="$scratch/data"
export GSETTINGS_SCHEMA_DIR="$builddir/data"

"$app" &
app_pid=$!
for i in $(seq 50); do
  window=$(xdotool search --name "Bloom Lab" 2>/dev/null | head -n 1 || true)
  [ -n "$window" ] && break
  sleep 0.1
done
[ -n "$window" ] || { echo "The window did not appear" >&2; exit 1; }
width=${size%x*}
height=${size#*x}
xdotool windowsize "$window" "$width" "$height"
sleep 0.5

key () { xdotool key --window "$window" --delay 40 "$@"; sleep 0.15; }
type_text () { xdotool type --window "$window" --delay 30 "$1"; sleep 0.1; }

# What a first start shows: what a Bloom filter is, and the example.
sleep 0.3
import -window "$window" "$outdir/first-start.png"

# m = 64, k = 3; the example a…h, then a query of its own.
key alt+m ctrl+a; type_text 64
key alt+k ctrl+a; type_text 3
key Return
key ctrl+shift+e
type_text "kiwi"; key ctrl+Return
type_text "date"; key ctrl+Return
sleep 0.5
import -window "$window" "$outdir/main.png"

# For the back row: 200 %, stepping through a query; the page follows
# the step to the grid.
key ctrl+plus ctrl+plus ctrl+plus ctrl+plus ctrl+plus
type_text "fig"; key ctrl+Return
key ctrl+t alt+Right alt+Right
sleep 0.8
import -window "$window" "$outdir/zoom-200.png"
key ctrl+t ctrl+0
sleep 0.5

key alt+h
key alt+d
sleep 0.6
import -window "$window" "$outdir/details.png"

echo "Saved $outdir/first-start.png, main.png, zoom-200.png and details.png ($size, LANGUAGE=$language, LANG=$LANG)"
