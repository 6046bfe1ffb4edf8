# selfplay under mpirun: the games' work units spread over the ranks and the positions file is
# byte for byte the one a single process writes, whatever the unit size.
source "$(dirname "$0")/lib.sh" "$@"

"$binary" selfplay --games 24 --seed 7 --random-plies 4 --unit-games 5 --threads 2 \
  -o one.pos >/dev/null
for unit in 1 5 24; do
  on_ranks selfplay --games 24 --seed 7 --random-plies 4 --unit-games "$unit" --threads 1 \
    -o "ranks-$unit.pos" >/dev/null 2>&1 || fail "selfplay under mpirun, units of $unit"
  same "selfplay, units of $unit games" one.pos "ranks-$unit.pos"
done
