# A simulated cluster: 4 ranks on this machine, one killed mid-run. The run stops with an error
# naming the rank (no hang, no total), and the run resumed from the journal gives the right count.
source "$(dirname "$0")/lib.sh" "$@"
ranks=4
count() { grep '^ply' | tail -1 | awk '{print $3}'; }
args=(perft --depth 11 --split-depth 6 --threads 1 --journal "$work/killed.journal")

on_ranks "${args[@]}" >out.txt 2>err.txt &
launcher=$!
for _ in $(seq 200); do
  [ -f killed.journal ] && [ "$(wc -l <killed.journal)" -gt 50 ] && break
  sleep 0.1
done
# Rank 2 of this run: the process whose environment says so.
victim=""
for pid in $(pgrep -P "$launcher" || true) $(pgrep -f -- "--journal $work/killed.journal" || true); do
  if tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null | grep -qx OMPI_COMM_WORLD_RANK=2; then
    victim=$pid
  fi
done
[ -n "$victim" ] || fail "rank 2 not found"
kill -KILL "$victim"
status=0
timeout 60 tail --pid="$launcher" -f /dev/null || fail "the run hangs after rank 2 died"
wait "$launcher" || status=$?
[ "$status" != 0 ] || fail "the run ended normally without rank 2"
# Our line, not only mpirun's: the dead rank and the journal to resume from.
ours="reversi: rank 2 died (no answer to the leader; mpirun ends the job); the finished units are in $work/killed.journal: run the same command with --resume to go on"
grep -qxF "$ours" err.txt || fail "no line naming rank 2 and the journal: $(cat err.txt)"
! grep -q '^ply' out.txt || fail "a count was printed after rank 2 died"
echo "ok: rank 2 killed: exit status $status, $(grep -m1 '^reversi: rank 2' err.txt)"

expected=$("$binary" perft --depth 11 --threads 2 --hash-mb 64 | count)
got=$(on_ranks "${args[@]}" --resume 2>/dev/null | count)
[ "$got" = "$expected" ] || fail "resumed after the kill: $got, one process $expected"
echo "ok: resumed after the kill: $got"
