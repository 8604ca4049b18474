#!/bin/sh
# Installs the build into a staging directory and checks what landed: the
# desktop integration (check-desktop-files.sh); the model library with its soname,
# headers, pkg-config file and introspection data, and that the program
# finds the library where it was installed.
#
#   build-aux/check-install.sh BUILDDIR
set -eu

builddir=$1
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT INT TERM
here=$(cd "$(dirname "$0")" && pwd)

meson install -C "$builddir" --no-rebuild --quiet --destdir "$stage" >/dev/null

option() {
  meson introspect "$builddir" --buildoptions |
    python3 -c 'import json,sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == sys.argv[1]))' "$1"
}
prefix=$(option prefix)
libdir=$(option libdir)
case $libdir in
  /*) ;;
  *) libdir="$prefix/$libdir" ;;
esac
lib="$stage$libdir"
share="$stage$prefix/share"
include="$stage$prefix/$(option includedir)/bloom-model-1"

for file in \
  "$stage$prefix/bin/bloom-lab" \
  "$lib/libbloom-model-1.so" \
  "$lib/libbloom-model-1.so.1" \
  "$lib/pkgconfig/bloom-model-1.pc" \
  "$include/bloom-model.h"
do
  [ -e "$file" ] || { echo "not installed: ${file#$stage}" >&2; exit 1; }
done

# The model: every header bloom-model.h includes is there, no private one
# is, the soname is the one the .so link points at, and the program
# resolves the library inside the install (its RUNPATH), not the build.
for header in $(sed -n 's/^#include "\(.*\)"$/\1/p' "$include/bloom-model.h"); do
  [ -e "$include/$header" ] || { echo "not installed: $header, which bloom-model.h includes" >&2; exit 1; }
done
if ls "$include" | grep -q -e '-private\.h$' -e '^bloom-json-scanner\.h$' -e '^bloom-bit-index\.h$'; then
  echo "private headers installed in ${include#$stage}:" $(ls "$include") >&2
  exit 1
fi
soname=$(objdump -p "$lib/libbloom-model-1.so" | sed -n 's/^ *SONAME *//p')
[ "$soname" = libbloom-model-1.so.1 ] ||
  { echo "libbloom-model-1.so has the soname '$soname', not libbloom-model-1.so.1" >&2; exit 1; }
PKG_CONFIG_PATH="$lib/pkgconfig" pkg-config --validate bloom-model-1
loaded=$(ldd "$stage$prefix/bin/bloom-lab" | grep 'libbloom-model-1\.so\.1' || true)
resolved=$(echo "$loaded" | sed -n 's/.* => \(\/[^ ]*\).*/\1/p')
[ -n "$resolved" ] && [ "$(realpath "$resolved")" = "$(realpath "$lib/libbloom-model-1.so.1")" ] ||
  { echo "the installed bloom-lab does not load the library installed in ${lib#$stage}:$loaded" >&2; exit 1; }

# The introspection data, when this build makes it (-Dintrospection).
if [ -e "$builddir/src/model/Bloom-1.0.typelib" ]; then
  for file in "$lib/girepository-1.0/Bloom-1.0.typelib" "$share/gir-1.0/Bloom-1.0.gir"; do
    [ -e "$file" ] || { echo "not installed: ${file#$stage}" >&2; exit 1; }
  done
  grep -q 'shared-library="libbloom-model-1.so.1"' "$share/gir-1.0/Bloom-1.0.gir" ||
    { echo "Bloom-1.0.gir does not name libbloom-model-1.so.1" >&2; exit 1; }
fi

"$here/check-desktop-files.sh" "$stage" "$prefix"

echo "installed and valid under $prefix"
