#!/usr/bin/env bash
# The main jobs on the bundled examples; run by './build.sh example' after the build.
set -uo pipefail
cd "$(dirname "$0")"
r=build/reversi
run() {
  echo "\$ reversi $*"
  "$r" "$@"
  echo "(exit status $?)"
  echo
}
# Validate game records; games.txt holds one bad game on purpose, so the status is 1.
run validate data/examples/games.txt data/examples/games.ggf
# Solve 4x4 from the start exactly, with the principal variation.
run solve --size 4
# Annotate a game: exact values and mistakes near the end (JSON Lines; text here).
run annotate --text data/examples/annotate.txt
# Gardner's question on 8x8: the earliest wipeout.
run puzzle wipeout --by 9
