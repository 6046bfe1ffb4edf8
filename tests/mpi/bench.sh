#!/usr/bin/env bash
# The cluster benchmark of docs/cluster.md (not a test): on this machine, 2 ranks with 1 thread
# each against 1 process with 2 threads, on annotate (games per second), perft(12) and FFO 40-44.
#   tests/mpi/bench.sh [BUILD_DIR] [WTHOR_FILE]
# BUILD_DIR is an MPI build (./build.sh mpi makes build-mpi/); WTHOR_FILE defaults to the shared
# data's WTH_1980.wtb. Prints one line per measure and the ratio (one process time / 2 ranks time:
# above 1, the ranks are faster).
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build-mpi}
wthor=${2:-../shared/data/wthor/WTH_1980.wtb}
binary=$build/reversi
ranks=(mpirun --allow-run-as-root -np 2 "$binary")

calc() { awk "BEGIN { print $* }"; }

seconds() {  # seconds COMMAND...: wall time of the command, its output discarded
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null 2>&1 </dev/null || true
  end=$(date +%s.%N)
  calc "$end - $start"
}

report() {  # report WHAT ONE_PROCESS_SECONDS TWO_RANKS_SECONDS [UNITS_DONE UNIT]
  local ratio
  ratio=$(calc "$2 / $3")
  if [ $# -ge 5 ]; then
    printf '%-34s 1x2: %7.2f s (%6.2f %s/s)  2x1: %7.2f s (%6.2f %s/s)  ratio %.2f\n' "$1" "$2" \
      "$(calc "$4 / $2")" "$5" "$3" "$(calc "$4 / $3")" "$5" "$ratio"
  else
    printf '%-34s 1x2: %7.2f s  2x1: %7.2f s  ratio %.2f\n' "$1" "$2" "$3" "$ratio"
  fi
}

annotate=(annotate --exact-empties 14 --depth 6 --hash-mb 16 "$wthor")
games=$("$binary" "${annotate[@]}" --threads 2 | tail -1 | sed 's/.*"games":\([0-9]*\).*/\1/')
one=$(seconds "$binary" "${annotate[@]}" --threads 2)
two=$(seconds "${ranks[@]}" "${annotate[@]}" --threads 1)
report "annotate $(basename "$wthor") ($games games)" "$one" "$two" "$games" games

one=$(seconds "$binary" perft --depth 12 --threads 2)
two=$(seconds "${ranks[@]}" perft --depth 12 --threads 1)
report "perft 12" "$one" "$two"
# The split merges symmetric subtrees: the same split in one process shows what that alone gives.
split=$(seconds "$binary" perft --depth 12 --threads 2 --split-depth 5)
report "perft 12, one process split too" "$split" "$two"

one_total=0
two_total=0
number=40
while IFS= read -r line && [ "$number" -le 44 ]; do
  board=$(echo "$line" | cut -d';' -f1)
  one=$(seconds "$binary" solve --threads 2 --board "$board")
  two=$(seconds "${ranks[@]}" solve --threads 1 --board "$board")
  report "FFO #$number" "$one" "$two"
  one_total=$(calc "$one_total + $one")
  two_total=$(calc "$two_total + $two")
  number=$((number + 1))
done <data/ffo/fforum-40-59.obf
report "FFO #40-44" "$one_total" "$two_total"
