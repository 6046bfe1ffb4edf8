# annotate under mpirun: rank 0 reads, every rank annotates batches, rank 0 writes in input
# order. The output file, the standard output and the exit status are those of one process.
source "$(dirname "$0")/lib.sh" "$@"
inputs=("$source_dir"/data/examples/games.txt "$source_dir"/data/examples/annotate.txt
  "$source_dir"/data/examples/games.ggf)
if [ -n "$shared_data" ]; then
  inputs+=("$shared_data"/wthor/WTH_1977.wtb "$shared_data"/wthor/WTH_1980.wtb)
fi
settings=(--exact-empties 10 --depth 3 --hash-mb 8)

status_one=0
"$binary" annotate "${settings[@]}" --threads 2 "${inputs[@]}" -o one.jsonl || status_one=$?
for batch in 1 3; do
  status_many=0
  on_ranks annotate "${settings[@]}" --threads 1 --batch "$batch" "${inputs[@]}" \
    -o many.jsonl 2>/dev/null || status_many=$?
  [ "$status_one" = "$status_many" ] || fail "exit status $status_many, one process $status_one"
  same "JSON Lines, batches of $batch" one.jsonl many.jsonl
done
[ "$(wc -l <one.jsonl)" -gt 4 ] || fail "too few games annotated"

"$binary" annotate "${settings[@]}" --threads 2 --text "${inputs[@]}" >one.txt || true
on_ranks annotate "${settings[@]}" --threads 1 --text "${inputs[@]}" >many.txt 2>/dev/null || true
same "text on standard output" one.txt many.txt

"$binary" annotate "${settings[@]}" --json "${inputs[@]}" -o one.json || true
on_ranks annotate "${settings[@]}" --threads 1 --json "${inputs[@]}" -o many.json 2>/dev/null || true
same "one JSON document" one.json many.json
