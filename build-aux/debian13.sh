#!/bin/sh
# Bloom Lab on Debian 13 (trixie: GTK 4.18, GLib 2.84, GObject
# introspection 1.84), the stack nearest the Flatpak's GNOME runtime, from
# any Debian machine:
#
#   build-aux/debian13.sh test      the whole suite (build-aux/dev.sh test),
#                                   then the Flatpak module's build check
#   build-aux/debian13.sh shell     a shell in the chroot, the clone at /src
#   build-aux/debian13.sh run CMD…  one command in the chroot, in /src
#
# The chroot comes from debootstrap (minbase) and the Debian archive that
# this machine's apt sources name (or $BLOOM_DEBIAN_MIRROR). It is kept in
# $BLOOM_CHROOT_CACHE (default /var/cache/bloom-lab), keyed by its package
# list, so later runs reuse it. Each run mounts what it needs in a mount
# and network namespace of its own (a private /tmp, /root and /run, the
# clone at /src), so two runs side by side never meet, and nothing stays
# mounted afterwards. The build directory is _build-debian13 in the clone.
# Needs root (or sudo), debootstrap and unshare.
set -eu

cd "$(dirname "$0")/.."
source_dir=$PWD
mode=${1:-test}
[ $# -gt 0 ] && shift

if [ "$(id -u)" -ne 0 ]; then
  exec sudo --preserve-env=BLOOM_CHROOT_CACHE,BLOOM_DEBIAN_MIRROR "$0" "$mode" "$@"
fi

cache=${BLOOM_CHROOT_CACHE:-/var/cache/bloom-lab}
suite=trixie

# The packages dev.sh installs for its tests, plus what the Flatpak check
# and the chroot itself need. The cache key covers them and this recipe.
recipe_version=1
packages="$(build-aux/dev.sh packages) ca-certificates dbus-x11 python3"

# The first Debian archive in the apt sources, one-line or deb822 format:
# an entry for a release suite (not -security, -updates, nor a third party's
# "nodistro").
debian_mirror() {
  if [ -n "${BLOOM_DEBIAN_MIRROR:-}" ]; then
    echo "$BLOOM_DEBIAN_MIRROR"
    return
  fi
  releases=" oldstable stable testing unstable sid bullseye bookworm trixie forky "
  for file in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$file" ] || continue
    sed -e 's/#.*//' -e 's/\[[^]]*\]//' "$file" | while read -r type uri dist rest; do
      if [ "$type" = deb ] && case "$releases" in *" $dist "*) true ;; *) false ;; esac; then
        echo "$uri"
      fi
    done
  done
  for file in /etc/apt/sources.list.d/*.sources; do
    [ -f "$file" ] || continue
    # One stanza per blank-line-separated block.
    awk -v releases="$releases" '
      function flush() {
        if (types ~ /(^| )deb( |$)/ && enabled != "no") {
          n = split(suites, list, " ")
          for (i = 1; i <= n; i++)
            if (index(releases, " " list[i] " ")) { split(uris, u, " "); print u[1]; break }
        }
        types = uris = suites = enabled = ""
      }
      /^[ \t]*#/ { next }
      /^[ \t]*$/ { flush(); next }
      { key = tolower($1); $1 = ""; sub(/^ +/, "") }
      key == "types:" { types = $0 }
      key == "uris:" { uris = $0 }
      key == "suites:" { suites = $0 }
      key == "enabled:" { enabled = tolower($0) }
      END { flush() }
    ' "$file"
  done
}

key=$(printf '%s\n%s\n%s\n' "$recipe_version" "$suite" "$packages" | sha256sum | cut -c1-16)
root="$cache/debian13-$key"

# Runs "$@" inside the chroot, in namespaces of its own. With --net, the
# run also gets a network of its own (no network at all), so its X server
# and buses cannot meet another run's.
in_chroot() {
  unshare_args="--mount --propagation private"
  if [ "$1" = --net ]; then
    unshare_args="$unshare_args --net"
    shift
  fi
  # shellcheck disable=SC2086 # the arguments are words
  unshare $unshare_args /bin/sh -eu -c '
    root=$1; source_dir=$2; shift 2
    mount -t proc proc "$root/proc"
    mount --rbind /sys "$root/sys"
    mount --rbind /dev "$root/dev"
    mount -t tmpfs tmpfs "$root/dev/shm"
    for dir in tmp root run; do
      mount -t tmpfs tmpfs "$root/$dir"
    done
    chmod 1777 "$root/tmp"
    mkdir -p "$root/src"
    mount --bind "$source_dir" "$root/src"
    exec chroot "$root" /usr/bin/env -i \
      PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
      HOME=/root LANG=C.UTF-8 TERM="${TERM:-dumb}" "$@"
  ' in-chroot "$root" "$source_dir" "$@"
}

make_chroot() {
  mirror=$(debian_mirror | head -n 1)
  if [ -z "$mirror" ]; then
    echo "debian13.sh: no Debian archive in /etc/apt/sources.list*; set BLOOM_DEBIAN_MIRROR" >&2
    exit 2
  fi
  if ! command -v debootstrap >/dev/null 2>&1; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends debootstrap
  fi
  echo "debian13.sh: making the Debian 13 chroot from $mirror (once; kept in $root)"
  staging="$root.staging"
  rm -rf "$staging"
  debootstrap --variant=minbase "$suite" "$staging" "$mirror"
  saved_root=$root
  root=$staging
  mkdir -p "$root/src"
  # shellcheck disable=SC2086 # the package list is words
  in_chroot /bin/sh -eu -c '
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$@"
    apt-get clean
    dbus-uuidgen --ensure
  ' install $packages
  root=$saved_root
  touch "$staging/.bloom-lab-ready"
  mv "$staging" "$root"
  # Chroots of older package lists are not used again: each goes once no
  # run holds it (runs hold a shared lock on it; see below).
  for old in "$cache"/debian13-*; do
    case "$old" in "$root" | "$root".* | *.lock) continue ;; esac
    [ -d "$old" ] || continue
    flock --nonblock --exclusive "$old.lock" rm -rf "$old" "$old.staging" || true
  done
}

mkdir -p "$cache"
(
  # One run makes the chroot; one beside it waits, then reuses it.
  flock 9
  if [ ! -f "$root/.bloom-lab-ready" ]; then
    make_chroot
  fi
) 9>"$cache/.debian13.lock"

# Held while this run uses the chroot, so that a run with another package
# list does not remove it underneath.
exec 8>"$root.lock"
flock --shared 8

case "$mode" in
  test)
    in_chroot --net /bin/sh -eu -c '
      cd /src
      BUILDDIR=_build-debian13 build-aux/dev.sh test
      build-aux/check-flatpak-build.sh _build-flatpak
    '
    ;;
  shell)
    in_chroot --net /bin/sh -c 'cd /src && exec bash -i'
    ;;
  run)
    in_chroot --net /bin/sh -c 'cd /src && exec "$@"' run "$@"
    ;;
  *)
    echo "usage: $0 test|shell|run CMD…" >&2
    exit 2
    ;;
esac
