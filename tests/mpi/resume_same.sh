# A run cut short and resumed (--journal, --resume) gives what an uninterrupted run gives: a
# journal holding some units and a line cut in the middle, Ctrl-C on mpirun, and the batch
# system's way without MPI (--emit-jobs, --units, --merge).
source "$(dirname "$0")/lib.sh" "$@"

count() { grep '^ply' | tail -1 | awk '{print $3}'; }
perft_args=(perft --depth 10 --split-depth 4)
expected=$("$binary" perft --depth 10 --threads 2 | count)

# A journal of the first 20 units, then half a line as a kill leaves it: --resume does the rest.
on_ranks "${perft_args[@]}" --threads 1 --journal perft.journal --units 0-19 2>/dev/null
printf '{"result":"00' >>perft.journal
got=$(on_ranks "${perft_args[@]}" --threads 1 --journal perft.journal --resume 2>/dev/null | count)
[ "$got" = "$expected" ] || fail "resumed perft: $got, uninterrupted $expected"
units=$(on_ranks "${perft_args[@]}" --emit-jobs jobs.jsonl 2>&1 >/dev/null | grep -o '[0-9]* work units' |
  awk '{print $1}')
[ "$(wc -l <perft.journal)" = $((units + 1)) ] || fail "the journal does not hold each unit once"
echo "ok: perft resumed from 20 of $units units: $got"

# A journal from another job is refused.
if on_ranks perft --depth 9 --split-depth 4 --journal perft.journal --resume >/dev/null 2>err.txt; then
  fail "--resume took the journal of another job"
fi
echo "ok: the journal of another job is refused"

# annotate: the first batches in the journal, the resumed run writes the same bytes.
inputs=("$source_dir"/data/examples/games.txt "$source_dir"/data/examples/annotate.txt
  "$source_dir"/data/examples/games.ggf)
settings=(annotate --exact-empties 10 --depth 3 --hash-mb 8 --batch 1)
"$binary" "${settings[@]}" "${inputs[@]}" -o one.jsonl || true
on_ranks "${settings[@]}" --threads 1 --journal annotate.journal "${inputs[@]}" -o full.jsonl \
  2>/dev/null || true
head -3 annotate.journal >cut.journal
head -4 annotate.journal | tail -1 | head -c 40 >>cut.journal
mv cut.journal annotate.journal
on_ranks "${settings[@]}" --threads 1 --journal annotate.journal --resume "${inputs[@]}" \
  -o resumed.jsonl 2>/dev/null || true
same "annotate with a journal" one.jsonl full.jsonl
same "annotate resumed from 2 batches" one.jsonl resumed.jsonl

# Ctrl-C on mpirun: the journal stays whole, and the resumed run gives the right count.
"$mpiexec" --allow-run-as-root --oversubscribe -np "$ranks" "$binary" perft --depth 11 \
  --split-depth 6 --threads 1 --journal int.journal >/dev/null 2>&1 &
launcher=$!
for _ in $(seq 100); do
  [ -f int.journal ] && [ "$(wc -l <int.journal)" -gt 50 ] && break
  sleep 0.1
done
kill -INT "$launcher"
wait "$launcher" && fail "mpirun ended normally after Ctrl-C" || true
expected11=$("$binary" perft --depth 11 --threads 2 --hash-mb 64 | count)
got=$(on_ranks perft --depth 11 --split-depth 6 --threads 1 --journal int.journal --resume \
  2>/dev/null | count)
[ "$got" = "$expected11" ] || fail "perft resumed after Ctrl-C: $got, uninterrupted $expected11"
echo "ok: Ctrl-C, then --resume: $got"

# Without MPI: the units written out, computed in two halves, merged.
"$binary" "${perft_args[@]}" --emit-jobs jobs.jsonl 2>/dev/null
[ "$(wc -l <jobs.jsonl)" = $((units + 1)) ] || fail "--emit-jobs wrote the wrong number of units"
half=$((units / 2))
"$binary" "${perft_args[@]}" --threads 1 --units "0-$((half - 1))" --journal a.journal 2>/dev/null
"$binary" "${perft_args[@]}" --threads 1 --units "$half-$((units - 1))" --journal b.journal 2>/dev/null
got=$("$binary" "${perft_args[@]}" --merge a.journal --merge b.journal | count)
[ "$got" = "$expected" ] || fail "merged perft: $got, one run $expected"
if "$binary" "${perft_args[@]}" --merge a.journal >/dev/null 2>err.txt; then
  fail "--merge with half the units gave a result"
fi
grep -q "units have no result" err.txt || fail "--merge with units missing: $(cat err.txt)"
echo "ok: --emit-jobs, --units in two halves, --merge: $got"

# solve with windows: the journal records each solve's window and the unit's bounds; a run
# resumed from the first lines ends with the uninterrupted value, best moves and move values.
board=$(sed -n 3p "$source_dir/data/ffo/fforum-1-19.obf" | cut -d';' -f1)
solve_args=(solve --board "$board" --all-moves --split-depth 2 --threads 1 --hash-mb 16)
result() { grep -E '^(value|best move|moves)'; }
on_ranks "${solve_args[@]}" --journal solve.journal 2>/dev/null | result >solve_full.txt
[ -s solve_full.txt ] || fail "no solve result"
lines_before=$(wc -l <solve.journal)
head -3 solve.journal >cut.journal
mv cut.journal solve.journal
on_ranks "${solve_args[@]}" --journal solve.journal --resume 2>/dev/null | result >solve_resumed.txt
same "solve resumed from 2 of $((lines_before - 1)) journaled solves" solve_full.txt solve_resumed.txt
