# e2e_batch.sh — hako solve on many levels: --shard K/N (the shards' JSON
# lines cover every level exactly once), levels side by side with -j (the
# same lines, in input order, as one after another), and usage errors.
# Run by ctest as
#   bash e2e_batch.sh HAKO_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/lib_e2e.sh"

sample=$source_dir/data/levels/boxoban_sample.txt
[[ -f $sample ]] || skip "$sample not found"
cd "$work" || exit 1
printf '; a\n#####\n#@$.#\n#####\n\n; b\n######\n#@$$.#\n######\n\n; c\n######\n#@ $.#\n######\n' >three.xsb

echo "== --shard usage errors exit 2"
for bad in 0/3 4/3 3 a/b 1/0 1/ /2 2/1; do
	run 2 solve --shard "$bad" three.xsb && has err -- '--shard'
done

echo "== the shards cover every level exactly once (two files, with -l)"
# Lines without the timing fields, to compare runs.
strip() { sed -E 's/,"seconds":[0-9.]+//; s/,"peak_mib":[0-9.]+//; s/,"shorten_seconds":[0-9.]+//'; }
run 3 solve --json -q -j 1 -t 10 -l 1-3 "$sample" three.xsb
strip <"$work/out" >all.jsonl
[[ $(wc -l <all.jsonl) -eq 6 ]] || fail "want 6 lines without shards, got $(wc -l <all.jsonl)"
: >shards.jsonl
for k in 1 2 3 4; do
	"$hako" solve --json -q -j 1 -t 10 -l 1-3 --shard "$k/4" "$sample" three.xsb >"shard$k.jsonl" 2>/dev/null
	strip <"shard$k.jsonl" >>shards.jsonl
done
# shard 1 of 4: the 1st and 5th selected level (the 5th: three.xsb level 2).
[[ $(grep -c . shard1.jsonl) -eq 2 ]] || fail "shard 1/4 has $(grep -c . shard1.jsonl) lines, want 2"
grep -q '"file":"three.xsb","level":2,' shard1.jsonl || fail "shard 1/4 lacks three.xsb level 2"
keys() { grep -oE '"file":"[^"]*","level":[0-9]+' "$1" | sort; }
dups=$(keys shards.jsonl | uniq -d)
[[ -z $dups ]] || fail "levels in two shards: $dups"
if ! diff <(keys all.jsonl) <(keys shards.jsonl) >/dev/null; then
	fail "the shards do not cover the levels of the whole run"
fi
if ! diff <(sort all.jsonl) <(sort shards.jsonl) >/dev/null; then
	fail "a shard's line differs from the whole run's"
fi
run 0 solve --json -q --shard 20/20 -l 1-3 "$sample" three.xsb
[[ ! -s $work/out ]] || fail "shard 20/20 of 6 levels is not empty"

echo "== levels side by side: the same lines, in input order"
run 0 solve --json -q -j 2 -t 10 "$sample"
strip <"$work/out" >side.jsonl
run 0 solve --json -q -j 1 -t 10 "$sample"
strip <"$work/out" >one.jsonl
[[ $(grep -oE '"level":[0-9]+' side.jsonl | tr -dc '0-9\n' | paste -sd,) == \
	$(seq -s, 1 20) ]] || fail "side by side: levels not in input order"
# -j 1 and side by side both search each level in one thread, reproducibly.
diff one.jsonl side.jsonl >/dev/null || fail "side by side gave other lines than -j 1"
run 0 solve -q -j 2 -t 10 -o out.sok "$sample"
run 0 verify out.sok && has out 'level 20, solution 1: ok'

finish
