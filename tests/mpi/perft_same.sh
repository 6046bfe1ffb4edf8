# perft under mpirun: the frontier's units spread over the ranks, their counts times their
# multiplicities summed. The count is the one-process count, for every convention and split.
source "$(dirname "$0")/lib.sh" "$@"

count() {  # the leaves of the last "ply" line
  grep '^ply' | tail -1 | awk '{print $3}'
}

check() {  # check RULES...: one process against the ranks, at the chosen and at given splits
  local expected
  expected=$("$binary" perft --threads 2 "$@" | count)
  [ -n "$expected" ] || fail "no count from one process for $*"
  for split in -1 0 2 5; do
    local got
    got=$(on_ranks perft --threads 1 --split-depth "$split" "$@" 2>/dev/null | count)
    [ "$got" = "$expected" ] || fail "perft $* split $split: $got, one process $expected"
  done
  echo "ok: perft $*: $expected"
}

check --depth 9
check --depth 9 --convention bik
check --size 6 --depth 11 --convention bik
check --size 6 --depth 10 --hole b2 --hole e5
check --depth 8 --moves "f5 d6 c3"
check --size 4 --depth 12 --convention bik
