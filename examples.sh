#!/usr/bin/env bash
# The main jobs on the bundled examples; run by './build.sh example' after the build.
set -euo pipefail
cd "$(dirname "$0")"
r=build/reversi
set -x
$r show --moves "f5 d6 c3 d3 c4"
$r perft --depth 9 --by-ply
