#!/bin/sh
# Bloom Lab on a fresh Debian 12 or Debian 13 machine, in one step:
#   build-aux/dev.sh run            install what is missing, build, run the app
#   build-aux/dev.sh test           install what is missing, build, run every test
#   build-aux/dev.sh test-debian13  the same tests on Debian 13, in a chroot
#                                   (build-aux/debian13.sh), from any Debian
#   build-aux/dev.sh packages       print the packages the tests need
# Only packages that are absent are installed (with sudo when not root).
set -eu

cd "$(dirname "$0")/.."

mode=${1:-run}
builddir=${BUILDDIR:-_build}

if [ "$mode" = test-debian13 ]; then
  exec build-aux/debian13.sh test
fi

# librsvg2-common: the SVG loader GTK draws the icons with.
packages="build-essential pkg-config meson ninja-build gettext
  libglib2.0-dev libglib2.0-dev-bin libglib2.0-bin libgtk-4-dev libjson-glib-dev
  gobject-introspection libgirepository1.0-dev
  desktop-file-utils appstream adwaita-icon-theme hicolor-icon-theme
  librsvg2-common fonts-dejavu-core fonts-wqy-microhei"
if [ "$mode" = test ] || [ "$mode" = packages ]; then
  # python3-gi: test-python drives the model through Bloom-1.0.typelib.
  packages="$packages xvfb xauth dbus-daemon git locales valgrind python3-gi shared-mime-info"
fi

if [ "$mode" = packages ]; then
  echo $packages
  exit 0
fi

missing=""
for package in $packages; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed"; then
    missing="$missing $package"
  fi
done

if [ -n "$missing" ]; then
  echo "Installing:$missing"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends $missing
fi

if [ ! -f "$builddir/build.ninja" ]; then
  meson setup "$builddir" --prefix="$PWD/$builddir/install"
fi
meson compile -C "$builddir"

case "$mode" in
  run)
    # Installed into the build directory, so the schema, icons and
    # translations are found as they would be on a real installation.
    prefix="$PWD/$builddir/install"
    meson install -C "$builddir" --quiet
    export XDG_DATA_DIRS="$prefix/share:${XDG_DATA_DIRS:-/usr/local/share:/usr/share}"
    export GSETTINGS_SCHEMA_DIR="$prefix/share/glib-2.0/schemas"
    exec "$prefix/bin/bloom-lab"
    ;;
  test)
    # Window tests need a display and a session bus of their own.
    exec dbus-run-session -- build-aux/run-xvfb.sh -s "-screen 0 1280x1024x24" \
      meson test -C "$builddir" --print-errorlogs
    ;;
  *)
    echo "usage: $0 run|test" >&2
    exit 2
    ;;
esac
