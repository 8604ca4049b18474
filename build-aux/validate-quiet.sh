#!/bin/sh
# Run a validator and fail unless it exits 0 AND says nothing.
#
#   build-aux/validate-quiet.sh [--allow REGEX]... [--] COMMAND [ARG]...
#
# Every line the command prints (stdout and stderr) counts as a finding,
# except blank lines and lines that match one of the --allow extended
# regular expressions as a whole. Use --allow only for a known line that
# cannot be avoided, and say why where the test is defined.
set -u

allowed=""
while [ $# -gt 0 ]; do
  case "$1" in
    --allow)
      if [ $# -lt 2 ]; then
        echo "validate-quiet: --allow needs a pattern" >&2
        exit 2
      fi
      allowed="$allowed$2
"
      shift 2
      ;;
    --)
      shift
      break
      ;;
    *)
      break
      ;;
  esac
done

if [ $# -eq 0 ]; then
  echo "usage: $0 [--allow REGEX]... [--] COMMAND [ARG]..." >&2
  exit 2
fi

output=$("$@" 2>&1)
status=$?

findings=$(printf '%s\n' "$output" | grep -v -x -e '[[:space:]]*')
while IFS= read -r pattern; do
  if [ -n "$pattern" ] && [ -n "$findings" ]; then
    findings=$(printf '%s\n' "$findings" | grep -v -x -E -e "$pattern")
  fi
done <<EOF
$allowed
EOF

if [ "$status" -ne 0 ] || [ -n "$findings" ]; then
  echo "validate-quiet: '$*' exited with status $status" >&2
  if [ -n "$output" ]; then
    printf '%s\n' "$output" >&2
  fi
  if [ -n "$findings" ]; then
    echo "validate-quiet: unexpected output:" >&2
    printf '%s\n' "$findings" >&2
  fi
  if [ "$status" -ne 0 ]; then
    exit "$status"
  fi
  exit 1
fi

# Keep what was allowed in the test log.
if [ -n "$output" ]; then
  printf '%s\n' "$output"
fi
exit 0
