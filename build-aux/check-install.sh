#!/bin/sh
# Installs the build into a staging directory and checks what landed: the
# desktop file, metainfo, icons, schema and translations, with the same
# validators as the tests of data/.
#
#   build-aux/check-install.sh BUILDDIR
set -eu

builddir=$1
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT INT TERM
here=$(cd "$(dirname "$0")" && pwd)

meson install -C "$builddir" --no-rebuild --quiet --destdir "$stage" >/dev/null

prefix=$(meson introspect "$builddir" --buildoptions |
  python3 -c 'import json,sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == "prefix"))')
share="$stage$prefix/share"
id=io.github.bloomlab.BloomLab

for file in \
  "$stage$prefix/bin/bloom-lab" \
  "$share/applications/$id.desktop" \
  "$share/metainfo/$id.metainfo.xml" \
  "$share/icons/hicolor/scalable/apps/$id.svg" \
  "$share/icons/hicolor/symbolic/apps/$id-symbolic.svg" \
  "$share/glib-2.0/schemas/$id.gschema.xml" \
  "$share/locale/de/LC_MESSAGES/bloom-lab.mo" \
  "$share/locale/zh_CN/LC_MESSAGES/bloom-lab.mo"
do
  [ -e "$file" ] || { echo "not installed: ${file#$stage}" >&2; exit 1; }
done

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

echo "installed and valid under $prefix"
