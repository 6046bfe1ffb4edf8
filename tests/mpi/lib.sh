# Shared by the cluster tests: bash SCRIPT BINARY SOURCE_DIR MPIEXEC [SHARED_DATA]
set -euo pipefail
binary=$1
source_dir=$2
mpiexec=$3
shared_data=${4:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

# The binary under mpirun with $ranks ranks (3 unless set); as root and on 2 cores too. mpirun
# reads standard input: it gets none.
ranks=3
on_ranks() {
  "$mpiexec" --allow-run-as-root --oversubscribe -np "$ranks" "$binary" "$@" </dev/null
}

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# same WHAT FILE1 FILE2: the files hold the same bytes, or the test fails showing the difference.
same() {
  if ! cmp -s "$2" "$3"; then
    diff "$2" "$3" | head -20 >&2 || true
    fail "$1: $2 and $3 differ"
  fi
  echo "ok: $1"
}
