#!/usr/bin/env bash
# Runs reversi and a peer engine over the same work at the same time, each pinned to its own core,
# then again with the cores swapped, and prints both times and their ratio per run: on a shared
# machine absolute times move with the load, the ratio within one run holds. The peer is not part
# of this repository; ../shared/peers/README.md (beside the checkout) says how to build Zebra and
# Edax.
#
#   tests/bench/side_by_side.sh zebra PEER_DIR solve OBF_FILE [RUNS]
#       PEER_DIR: Zebra's build/bin (scrzebra and its coeffs2.bin); OBF_FILE: positions, one a line
#       (an FFO suite file, or OBF lines cut from real games); reversi: solve --obf --threads 1.
#   tests/bench/side_by_side.sh edax PEER_DIR perft DEPTH [RUNS]
#       PEER_DIR: the folder Edax runs from (bin/edax and data/eval.dat); Edax's `count games
#       DEPTH` (perft through its table) against reversi perft --depth DEPTH --hash-mb 256; the
#       times are the ones each engine prints for the count of that ply, not the processes'.
#
# Environment: REVERSI (default build/reversi), HASH_MB for reversi (default 256).
set -euo pipefail

usage() {
  sed -n '2,16p' "$0" >&2
  exit 2
}
[ $# -ge 4 ] || usage
peer=$1 peer_dir=$(realpath "$2") task=$3 arg=$4 runs=${5:-3}
reversi=$(realpath "${REVERSI:-build/reversi}")
hash_mb=${HASH_MB:-256}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
[ -x "$reversi" ] || { echo "no reversi binary at $reversi (set REVERSI)" >&2; exit 2; }
command -v taskset >/dev/null || { echo "taskset (util-linux) is needed" >&2; exit 2; }

# Wall-clock seconds of a command, its output kept in a file: "seconds" on stdout.
timed() {
  local out=$1
  shift
  local start end
  start=$(date +%s.%N)
  "$@" >"$out" 2>&1
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f\n", b - a }'
}

reversi_command() {
  case "$task" in
    solve) echo "$reversi solve --obf $(realpath "$arg") --threads 1 --hash-mb $hash_mb" ;;
    perft) echo "$reversi perft --depth $arg --threads 1 --hash-mb $hash_mb" ;;
    *) usage ;;
  esac
}

# Zebra reads a script of positions: the OBF board and side to move, without the ; comments.
run_zebra() {
  local core=$1 out=$2
  cut -d ';' -f 1 "$(realpath "$arg")" | sed 's/ *$//' | grep -v '^$' >"$scratch/in.scr"
  (cd "$peer_dir" && timed "$out" taskset -c "$core" ./scrzebra -n 1 -line 1 \
    -script "$scratch/in.scr" "$scratch/zebra-result.txt")
}

# Edax reads commands while it works: `quit` goes in once its Total line is out.
run_edax() {
  local core=$1 out=$2
  local fifo="$scratch/edax.in"
  rm -f "$fifo" "$out"
  mkfifo "$fifo"
  # Line-buffered, so that its Total line is seen as soon as it is printed.
  (
    cd "$peer_dir"
    timed "$out" taskset -c "$core" stdbuf -oL ./bin/edax -q -n 1 -book-usage off <"$fifo"
  ) &
  local pid=$!
  exec 3>"$fifo"
  echo "count games $arg" >&3
  until grep -q "Total" "$out" 2>/dev/null || ! kill -0 "$pid" 2>/dev/null; do sleep 0.05; done
  echo "quit" >&3
  exec 3>&-
  wait "$pid"
}

run_peer() {
  case "$peer" in
    zebra) run_zebra "$@" ;;
    edax) run_edax "$@" ;;
    *) usage ;;
  esac
}

echo "side by side: reversi ($(reversi_command)) against $peer ($peer_dir), $runs runs"
echo "load average before: $(cut -d ' ' -f 1-3 /proc/loadavg)"
printf '%-4s %-10s %12s %12s %8s\n' run cores reversi "$peer" ratio
total_r=0 total_p=0
for ((i = 1; i <= runs; i++)); do
  # Odd runs: reversi on core 0; even runs: cores swapped.
  rc=$(((i + 1) % 2)) pc=$((i % 2))
  cmd=$(reversi_command)
  (timed "$scratch/reversi.out" taskset -c "$rc" $cmd >"$scratch/reversi.time") &
  rpid=$!
  peer_time=$(run_peer "$pc" "$scratch/peer.out")
  wait "$rpid"
  reversi_time=$(cat "$scratch/reversi.time")
  if [ "$task" = perft ]; then
    # Both engines time the count of the last ply themselves; their start-up differs widely
    # (Edax spends seconds preparing its evaluation before it reads a command).
    reversi_time=$(awk -v d="$arg" '$1 == "ply" && $2 == d { print $4 }' "$scratch/reversi.out")
    peer_time=$(awk -F, -v d="$arg" '$1 + 0 == d && NF > 7 {
      split($8, t, ":"); print t[1] * 60 + t[2] }' "$scratch/peer.out")
  fi
  ratio=$(awk -v a="$reversi_time" -v b="$peer_time" 'BEGIN { print a / b }')
  printf '%-4s %-10s %12.2f %12.2f %8.2f\n' "$i" "r$rc/p$pc" "$reversi_time" "$peer_time" "$ratio"
  total_r=$(awk -v a="$total_r" -v b="$reversi_time" 'BEGIN { print a + b }')
  total_p=$(awk -v a="$total_p" -v b="$peer_time" 'BEGIN { print a + b }')
done
printf '%-15s %12.2f %12.2f %8.2f\n' "all runs" "$total_r" "$total_p" \
  "$(awk -v a="$total_r" -v b="$total_p" 'BEGIN { print a / b }')"
echo "load average after: $(cut -d ' ' -f 1-3 /proc/loadavg)"
echo "reversi's last output:"
tail -3 "$scratch/reversi.out"
echo "$peer's last output:"
tail -3 "$scratch/peer.out"
