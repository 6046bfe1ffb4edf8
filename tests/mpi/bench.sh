#!/usr/bin/env bash
# The cluster benchmark of docs/cluster.md (not a test): on this machine, 2 ranks with 1 thread
# each against 1 process with 2 threads, on annotate (games per second), perft(12) and FFO 40-44.
#   tests/mpi/bench.sh [BUILD_DIR] [WTHOR_FILE]
# BUILD_DIR is an MPI build (./build.sh mpi makes build-mpi/); WTHOR_FILE defaults to the shared
# data's WTH_1980.wtb. Prints one line per measure: wall times and their ratio (one process / 2
# ranks: above 1, the ranks are faster), and the CPU times.
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build-mpi}
wthor=${2:-../shared/data/wthor/WTH_1980.wtb}
binary=$build/reversi
ranks=(mpirun --allow-run-as-root -np 2 "$binary")

calc() { awk "BEGIN { print $* }"; }

# measure COMMAND...: "WALL CPU" seconds of the command (CPU: user + system of it and its
# children, the ranks included), its output discarded. On a shared machine the wall time depends
# on the load; the CPU time much less.
measure() {
  /usr/bin/time -f "%e %U %S" -o "$timing" "$@" >/dev/null 2>&1 </dev/null || true
  awk '{ print $1, $2 + $3 }' "$timing"
}

# report WHAT "WALL CPU" (one process) "WALL CPU" (2 ranks) [UNITS UNIT]: the times and the
# ratios one process / 2 ranks (above 1: the ranks are faster).
report() {
  local one_wall one_cpu two_wall two_cpu rate=""
  read -r one_wall one_cpu <<<"$2"
  read -r two_wall two_cpu <<<"$3"
  if [ $# -ge 5 ]; then
    rate=$(printf ' (%.2f vs %.2f %s/s)' "$(calc "$4 / $one_wall")" "$(calc "$4 / $two_wall")" "$5")
  fi
  printf '%-32s wall 1x2 %7.2f s, 2x1 %7.2f s: ratio %.2f%s; CPU %7.2f s vs %7.2f s\n' "$1" \
    "$one_wall" "$two_wall" "$(calc "$one_wall / $two_wall")" "$rate" "$one_cpu" "$two_cpu"
}

timing=$(mktemp)
trap 'rm -f "$timing"' EXIT
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
annotate=(annotate --exact-empties 14 --depth 6 --hash-mb 16 "$wthor")
games=$("$binary" "${annotate[@]}" --threads 2 | tail -1 | sed 's/.*"games":\([0-9]*\).*/\1/')
one=$(measure "$binary" "${annotate[@]}" --threads 2)
two=$(measure "${ranks[@]}" "${annotate[@]}" --threads 1)
report "annotate $(basename "$wthor") ($games games)" "$one" "$two" "$games" games

one=$(measure "$binary" perft --depth 12 --threads 2)
two=$(measure "${ranks[@]}" perft --depth 12 --threads 1)
report "perft 12" "$one" "$two"
# The split merges symmetric subtrees: the same split in one process shows what that alone gives.
split=$(measure "$binary" perft --depth 12 --threads 2 --split-depth 5)
report "perft 12, one process split too" "$split" "$two"

one_total="0 0"
two_total="0 0"
number=40
while IFS= read -r line && [ "$number" -le 44 ]; do
  board=$(echo "$line" | cut -d';' -f1)
  one=$(measure "$binary" solve --threads 2 --board "$board")
  two=$(measure "${ranks[@]}" solve --threads 1 --board "$board")
  report "FFO #$number" "$one" "$two"
  one_total=$(echo "$one_total $one" | awk '{ print $1 + $3, $2 + $4 }')
  two_total=$(echo "$two_total $two" | awk '{ print $1 + $3, $2 + $4 }')
  number=$((number + 1))
done <data/ffo/fforum-40-59.obf
report "FFO #40-44" "$one_total" "$two_total"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
