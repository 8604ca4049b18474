#!/bin/sh
# Checks the desktop integration of an installed tree, as a package or the
# Flatpak ships it: the desktop file, metainfo, MIME package, icons, schema
# and translations are there and valid, with the same validators as the
# tests of data/, and session and lecture files open with the app.
#
#   build-aux/check-desktop-files.sh STAGE PREFIX
#   (the tree was installed with DESTDIR=STAGE under PREFIX)
set -eu

stage=$1
prefix=$2
here=$(cd "$(dirname "$0")" && pwd)
share="$stage$prefix/share"
id=io.github.bloomlab.BloomLab

for file in \
  "$share/applications/$id.desktop" \
  "$share/mime/packages/$id.xml" \
  "$share/metainfo/$id.metainfo.xml" \
  "$share/icons/hicolor/scalable/apps/$id.svg" \
  "$share/icons/hicolor/symbolic/apps/$id-symbolic.svg" \
  "$share/glib-2.0/schemas/$id.gschema.xml" \
  "$share/locale/de/LC_MESSAGES/bloom-lab.mo" \
  "$share/locale/zh_CN/LC_MESSAGES/bloom-lab.mo"
do
  [ -e "$file" ] || { echo "not installed: ${file#$stage}" >&2; exit 1; }
done

for icon in "$share/icons/hicolor/scalable/apps/$id.svg" \
            "$share/icons/hicolor/symbolic/apps/$id-symbolic.svg"; do
  python3 -c 'import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
sys.exit(0 if root.tag.endswith("svg") else "not an SVG: " + sys.argv[1])' "$icon"
done
grep -q "^Icon=$id\$" "$share/applications/$id.desktop" ||
  { echo "the desktop file's Icon= is not $id" >&2; exit 1; }
grep -q "<launchable type=\"desktop-id\">$id.desktop</launchable>" "$share/metainfo/$id.metainfo.xml" ||
  { echo "the metainfo does not launch $id.desktop" >&2; exit 1; }

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

# Lecture files: a type of their own beside the session's, which the
# desktop file opens too.
lecture="$stage/false-positive.bloomlab-lecture"
printf '{"format": "bloom-lab-lecture", "version": 1}\n' > "$lecture"
type=$(XDG_DATA_DIRS="$data_dirs" gio info -a standard::content-type "$lecture" |
  sed -n 's/^ *standard::content-type: //p')
[ "$type" = application/x-bloom-lab-lecture ] ||
  { echo "a *.bloomlab-lecture file is '$type', not application/x-bloom-lab-lecture" >&2; exit 1; }
grep -q '^MimeType=.*application/x-bloom-lab-lecture;' "$share/applications/$id.desktop" ||
  { echo "the desktop file does not open application/x-bloom-lab-lecture" >&2; exit 1; }
grep -q '^Exec=bloom-lab %[FU]$' "$share/applications/$id.desktop" ||
  { echo "the desktop file's Exec= takes no files" >&2; exit 1; }

