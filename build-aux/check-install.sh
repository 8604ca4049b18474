#!/bin/sh
# Installs the build into a staging directory and checks what landed: the
# desktop file, metainfo, icons, schema and translations, with the same
# validators as the tests of data/; the model library with its soname,
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
share="$stage$prefix/share"
lib="$stage$libdir"
include="$stage$prefix/$(option includedir)/bloom-model-1"
id=io.github.bloomlab.BloomLab

for file in \
  "$stage$prefix/bin/bloom-lab" \
  "$share/applications/$id.desktop" \
  "$share/mime/packages/$id.xml" \
  "$share/metainfo/$id.metainfo.xml" \
  "$share/icons/hicolor/scalable/apps/$id.svg" \
  "$share/icons/hicolor/symbolic/apps/$id-symbolic.svg" \
  "$share/glib-2.0/schemas/$id.gschema.xml" \
  "$share/locale/de/LC_MESSAGES/bloom-lab.mo" \
  "$share/locale/zh_CN/LC_MESSAGES/bloom-lab.mo" \
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

grep -q '^Name\[de\]=' "$share/applications/$id.desktop" ||
  { echo "the installed desktop file has no German name" >&2; exit 1; }

"$here/validate-quiet.sh" desktop-file-validate "$share/applications/$id.desktop"
# The same two notes of appstream 0.16 that data/meson.build allows.
"$here/validate-quiet.sh" \
  --allow 'P: io\.github\.bloomlab\.BloomLab:[0-9]+: cid-contains-uppercase-letter io\.github\.bloomlab\.BloomLab' \
  --allow 'I: io\.github\.bloomlab\.BloomLab:[0-9]+: unknown-tag developer' \
  --allow '[^ ]* ?Validation was successful.*' \
  appstreamcli validate --no-net --pedantic --no-color "$share/metainfo/$id.metainfo.xml"
"$here/validate-quiet.sh" glib-compile-schemas --strict --dry-run "$share/glib-2.0/schemas"

# Session files: the type is registered, a *.bloomlab.json file is of it
# (GIO's guess, as Files makes it), and the desktop file opens it.
data_dirs="$share:${XDG_DATA_DIRS:-/usr/local/share:/usr/share}"
mime_log=$(XDG_DATA_DIRS="$data_dirs" update-mime-database "$share/mime" 2>&1) ||
  { echo "update-mime-database failed on the installed package: $mime_log" >&2; exit 1; }
[ -z "$mime_log" ] || { echo "update-mime-database: $mime_log" >&2; exit 1; }
sample="$stage/lecture.bloomlab.json"
printf '{"format": "bloom-lab", "version": 1}\n' > "$sample"
type=$(XDG_DATA_DIRS="$data_dirs" gio info -a standard::content-type "$sample" |
  sed -n 's/^ *standard::content-type: //p')
[ "$type" = application/x-bloom-lab ] ||
  { echo "a *.bloomlab.json file is '$type', not application/x-bloom-lab" >&2; exit 1; }
grep -q '^MimeType=.*application/x-bloom-lab;' "$share/applications/$id.desktop" ||
  { echo "the desktop file does not open application/x-bloom-lab" >&2; exit 1; }
grep -q '^Exec=bloom-lab %[FU]$' "$share/applications/$id.desktop" ||
  { echo "the desktop file's Exec= takes no files" >&2; exit 1; }

echo "installed and valid under $prefix"
