#!/usr/bin/env bash
# Installs the build into a scratch prefix, then builds and runs the outside consumer against it.
set -euo pipefail
build_dir=$1
source_dir=$(cd "$(dirname "$0")" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cmake --install "$build_dir" --prefix "$scratch/prefix" >/dev/null
cmake -S "$source_dir/consumer" -B "$scratch/build" -DCMAKE_PREFIX_PATH="$scratch/prefix" \
  -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$scratch/build" >/dev/null
test "$("$scratch/build/consumer")" = 244
# The installed binary finds the FFO suites it installed beside itself, from any folder.
ffo=$(cd "$scratch" && "$scratch/prefix/bin/reversi" bench ffo --first 1 --last 1 --threads 1)
grep -q "g8   +18" <<<"$ffo"
echo "installed package works: find_package(reversi), reversi::analysis, share/reversi/ffo"
