# solve under mpirun: the positions a ply or more below the root solved exactly on the ranks,
# their values taken up by negamax. Value, best moves and every move's value are those of one
# process (its --all-moves), on FFO 1-19 and on a 6x6 position 7 plies from the start (6x6 from
# the start itself takes minutes this way: docs/cluster.md).
source "$(dirname "$0")/lib.sh" "$@"

# "value: ..." and the move values sorted (ties may come in any order), from a text result.
summary() {
  local text
  text=$(cat)
  echo "$text" | grep -E '^(value|outcome):' | sed 's/ — .*//'
  echo "$text" | grep -E '^moves:' | sed 's/^moves: //' | tr ';' '\n' | sed 's/ //g' | grep . | sort
}

check() {  # check NAME SOLVE-ARGS...
  local name=$1
  shift
  "$binary" solve --threads 2 --hash-mb 64 --all-moves "$@" | summary >one.txt
  on_ranks solve --threads 1 --hash-mb 16 --all-moves "$@" 2>/dev/null | summary >many.txt
  [ -s one.txt ] || fail "$name: no result from one process"
  same "$name: $(head -1 one.txt)" one.txt many.txt
}

n=0
while IFS= read -r line; do
  n=$((n + 1))
  board=$(echo "$line" | cut -d';' -f1)
  check "FFO #$n" --board "$board"
done <"$source_dir/data/ffo/fforum-1-19.obf"
[ "$n" = 19 ] || fail "read $n FFO positions, not 19"
check "6x6 after c2 b2 a2 c1 b1 a1 b3" --size 6 --moves "c2 b2 a2 c1 b1 a1 b3"
check "FFO #1 split at ply 2" --split-depth 2 --board "$(head -1 "$source_dir/data/ffo/fforum-1-19.obf" | cut -d';' -f1)"
