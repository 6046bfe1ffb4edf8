# solve under mpirun: the leader searches the top of the tree with windows, the ranks solve the
# units inside them. Value, best moves (every tie) and, with --all-moves, every move's value are
# those of one process, on FFO 1-19 (against one process's --all-moves) and on 6x6 from the
# start (against its known value, light wins 20-16: one process takes minutes on it).
source "$(dirname "$0")/lib.sh" "$@"

# The value line, the best moves and the move values, each sorted (ties come in any order).
summary() {
  local text
  text=$(cat)
  echo "$text" | grep -E '^(value|outcome):' | sed 's/ — .*//'
  echo "$text" | { grep -E '^best moves?:' || true; } | sed 's/^best moves*: //' | tr ' ' '\n' | sort | tr '\n' ' '
  echo
  echo "$text" | { grep -E '^moves:' || true; } | sed 's/^moves: //' | tr ';' '\n' | sed 's/ //g' |
    { grep . || true; } | sort
}

check() {  # check NAME SOLVE-ARGS...
  local name=$1
  shift
  "$binary" solve --threads 2 --hash-mb 64 --all-moves "$@" | summary >one.txt
  on_ranks solve --threads 1 --hash-mb 16 --all-moves "$@" 2>/dev/null | summary >many.txt
  [ -s one.txt ] || fail "$name: no result from one process"
  same "$name: $(head -1 one.txt)" one.txt many.txt
  # Without --all-moves: the same value and best moves, the other moves only proven worse.
  head -2 one.txt >one_best.txt
  on_ranks solve --threads 1 --hash-mb 16 "$@" 2>/dev/null | summary >many_best.txt
  same "$name without --all-moves: best moves $(sed -n 2p one.txt)" one_best.txt many_best.txt
}

n=0
while IFS= read -r line; do
  n=$((n + 1))
  board=$(echo "$line" | cut -d';' -f1)
  check "FFO #$n" --board "$board"
done <"$source_dir/data/ffo/fforum-1-19.obf"
[ "$n" = 19 ] || fail "read $n FFO positions, not 19"
check "FFO #1 split at ply 2" --split-depth 2 --board "$(head -1 "$source_dir/data/ffo/fforum-1-19.obf" | cut -d';' -f1)"

# 6x6 from the start: the four first moves are one unit by symmetry, so --all-moves costs nothing.
printf '%s\n' "value: -4 for dark" "b3 c2 d5 e4 " "B3:-4" "C2:-4" "D5:-4" "E4:-4" >known.txt
on_ranks solve --size 6 --threads 1 --hash-mb 16 --all-moves 2>/dev/null | summary >many.txt
same "6x6 from the start: light wins 20-16, every first move" known.txt many.txt
