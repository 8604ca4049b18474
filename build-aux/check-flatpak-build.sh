#!/bin/sh
# Builds the Flatpak manifest's module the way flatpak-builder does and
# checks the tree it installs, without flatpak itself:
#
#   build-aux/check-flatpak-build.sh [BUILDDIR]   (default _build-flatpak)
#
# What flatpak-builder does for a meson module, read from the manifest so
# the two cannot drift: `meson setup --wrap-mode=nodownload --prefix=PREFIX
# --libdir=PREFIX/lib CONFIG-OPTS` (PREFIX is /app unless the build-options
# say otherwise), ninja, `ninja install`; here into a staging directory.
# The staged tree then gets the checks of an installed one
# (check-desktop-files.sh: desktop file, metainfo with this machine's
# `appstreamcli validate --pedantic`, MIME package, schema, icons), plus
# what `flatpak build-finish` needs: the command is installed, and every
# file it exports (desktop files, metainfo, icons, MIME packages, D-Bus
# services) is named after the app id. Run it on Debian 13 (build-aux/
# debian13.sh test does), whose GTK and AppStream are nearest the runtime.
set -eu

cd "$(dirname "$0")/.."
builddir=${1:-_build-flatpak}
manifest=flatpak/io.github.bloomlab.BloomLab.json

# The manifest's last module is this repository; print what its build
# takes, one value per line: app id, command, prefix, libdir, then each
# config option.
settings=$(python3 - "$manifest" <<'EOF'
import json, sys

with open(sys.argv[1], encoding="utf-8") as f:
    manifest = json.load(f)
module = manifest["modules"][-1]
if module.get("buildsystem") != "meson":
    sys.exit(f"{sys.argv[1]}: the last module is built with "
             f"{module.get('buildsystem')!r}, not meson")
options = {**manifest.get("build-options", {}), **module.get("build-options", {})}
prefix = options.get("prefix", "/app")
print(manifest["id"])
print(manifest["command"])
print(prefix)
print(options.get("libdir", prefix + "/lib"))
for option in options.get("config-opts", []) + module.get("config-opts", []):
    if "\n" in option:
        sys.exit(f"{sys.argv[1]}: a config option spans lines: {option!r}")
    print(option)
EOF
)

app_id=$(echo "$settings" | sed -n 1p)
command=$(echo "$settings" | sed -n 2p)
prefix=$(echo "$settings" | sed -n 3p)
libdir=$(echo "$settings" | sed -n 4p)

rm -rf "$builddir"
set -- setup --wrap-mode=nodownload --prefix="$prefix" --libdir="$libdir"
while IFS= read -r option; do
  set -- "$@" "$option"
done <<EOF
$(echo "$settings" | sed -n '5,$p')
EOF
echo "check-flatpak-build.sh: meson $* $builddir"
meson "$@" "$builddir" >/dev/null
ninja -C "$builddir" >/dev/null

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT INT TERM
DESTDIR="$stage" ninja -C "$builddir" install >/dev/null

[ -x "$stage$prefix/bin/$command" ] ||
  { echo "the manifest's command $prefix/bin/$command is not installed" >&2; exit 1; }

# flatpak build-finish exports only files named after the app id.
for dir in share/applications share/metainfo share/icons share/mime/packages \
           share/dbus-1/services share/gnome-shell/search-providers; do
  [ -d "$stage$prefix/$dir" ] || continue
  find "$stage$prefix/$dir" -type f | while read -r file; do
    case "$(basename "$file")" in
      "$app_id".* | "$app_id"-*) ;;
      *) echo "not exported by flatpak build-finish (not named $app_id.*): ${file#$stage}" >&2
         exit 1 ;;
    esac
  done
done

# Inside the sandbox the library is found in $libdir: the program's
# RUNPATH names it ($ORIGIN being $prefix/bin).
runpath=$(readelf -d "$stage$prefix/bin/$command" | sed -n 's/.*(RUNPATH).*\[\(.*\)\]/\1/p')
found=""
for dir in $(echo "$runpath" | tr ':' ' '); do
  dir=$(echo "$dir" | sed "s|^\\\$ORIGIN|$prefix/bin|")
  [ "$(realpath -m "$dir")" = "$(realpath -m "$libdir")" ] && found=yes
done
[ -n "$found" ] ||
  { echo "$prefix/bin/$command looks for its library in '$runpath', not $libdir" >&2; exit 1; }
[ -e "$stage$libdir/libbloom-model-1.so.1" ] ||
  { echo "not installed: $libdir/libbloom-model-1.so.1" >&2; exit 1; }

build-aux/check-desktop-files.sh "$stage" "$prefix"

echo "the Flatpak module builds and installs a valid tree under $prefix"
