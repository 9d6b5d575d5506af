# e2e_label.sh — hako label: one line per level (push-optimal when proven,
# the fast mode's otherwise; each solution replayed by hako verify), a
# re-run skips the levels done,
# a cut last line is dropped and redone, Ctrl-C and kill -9 never leave a
# broken file, and the usage errors. Run by ctest as
#   bash e2e_label.sh HAKO_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/lib_e2e.sh"

sample=$source_dir/data/levels/boxoban_sample.txt
hard=$source_dir/../shared/levels/boxoban_hard_000.txt
[[ -f $sample ]] || skip "$sample not found"
command -v python3 >/dev/null || skip "python3 not found"
cd "$work" || exit 1

# check FILE LINES — every line is a whole JSON object, no level twice,
# and there are LINES of them.
check() {
	python3 - "$1" "$2" <<'PY' || fail "$1 is not $2 good lines"
import json, sys
path, want = sys.argv[1], int(sys.argv[2])
text = open(path, encoding="utf-8").read()
assert text == "" or text.endswith("\n"), "a cut last line"
rows = [json.loads(line) for line in text.splitlines()]
keys = [(r["file"], r["level"]) for r in rows]
assert len(set(keys)) == len(keys), "a level twice"
assert len(rows) == want, f"{len(rows)} lines"
for r in rows:
    assert r["status"] in ("solved", "unsolvable", "timeout", "memout", "invalid"), r
    assert (r["status"] == "solved") == (r["solution"] != ""), r
PY
}

echo "== usage errors"
run 2 label "$sample" && has err -- '-o'
run 2 label -o out.jsonl && has err 'no level file'
run 2 label --shard 3/2 -o out.jsonl "$sample" && has err -- '--shard'
run 0 label --help && has out 'hako label'
cp "$sample" input.txt
run 2 label -o input.txt input.txt && has err 'input file'
cmp -s "$sample" input.txt || fail "label wrote into its input"

echo "== labels, each replayed; a re-run skips what is there"
run 0 label -q -j 1 -t 20 -l 1-5 -o out.jsonl "$sample"
check out.jsonl 5
grep -c '"optimal":"pushes"' out.jsonl | grep -qx 5 || fail "not all 5 proven push-optimal"
while IFS=$'\t' read -r level lurd; do
	"$hako" verify "$sample" -l "$level" "$lurd" >/dev/null 2>&1 ||
		fail "level $level: its label does not replay"
done < <(python3 -c '
import json, sys
for line in open("out.jsonl"):
    r = json.loads(line)
    print("%d\t%s" % (r["level"], r["solution"]))')
run 0 label -j 2 -t 20 -o out.jsonl "$sample" && has err '15 levels.*5 already in'
check out.jsonl 20
# Levels in input order, also side by side.
python3 -c '
import json
levels = [json.loads(l)["level"] for l in open("out.jsonl")]
assert levels == list(range(1, 21)), levels' || fail "labels out of order"
run 0 label -t 20 -o out.jsonl "$sample" && has err '0 levels.*20 already in'
check out.jsonl 20

echo "== a cut last line is dropped and that level done again"
head -n 17 out.jsonl >cut.jsonl
sed -n 18p out.jsonl | head -c 40 >>cut.jsonl
run 0 label -q -j 1 -t 20 -o cut.jsonl "$sample"
check cut.jsonl 20
diff <(sort out.jsonl | sed -E 's/"seconds":[0-9.]+//') \
	<(sort cut.jsonl | sed -E 's/"seconds":[0-9.]+//') >/dev/null ||
	fail "the resumed labels differ"

echo "== push-optimal out of time: the fast mode's solution, marked so"
xsokoban=$source_dir/../shared/levels/XSokoban_90.xsb
if [[ -f $xsokoban ]]; then
	# Level 2: far beyond 1 s push-optimally, milliseconds in the fast mode.
	run 0 label -q -j 1 -t 1 -l 2 -o fallback.jsonl "$xsokoban"
	check fallback.jsonl 1
	grep -q '"status":"solved","optimal":"none"' fallback.jsonl ||
		fail "XSokoban 2 at 1 s is not a fast-mode label: $(cat fallback.jsonl)"
	lurd=$(python3 -c 'import json; print(json.loads(open("fallback.jsonl").read())["solution"])')
	"$hako" verify "$xsokoban" -l 2 "$lurd" >/dev/null 2>&1 || fail "XSokoban 2: the label does not replay"
else
	echo "skipped: $xsokoban not found"
fi

echo "== Ctrl-C and kill -9 never leave a broken file"
if [[ -f $hard ]]; then
	"$hako" label -q -j 1 -t 20 -o hard.jsonl "$hard" 2>/dev/null &
	pid=$!
	sleep 1
	kill -INT "$pid" 2>/dev/null
	wait "$pid"
	code=$?
	[[ $code -eq 130 || $code -eq 0 ]] || fail "label after Ctrl-C exited $code, want 130"
	done_lines=$(wc -l <hard.jsonl)
	check hard.jsonl "$done_lines"
	"$hako" label -q -j 1 -t 20 -o hard.jsonl "$hard" 2>/dev/null &
	pid=$!
	sleep 0.5
	kill -KILL "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	# kill -9 may cut the line being written; the next run drops it.
	more=$(($(wc -l <hard.jsonl) + 3))
	((more > 1000)) && more=1000
	run 0 label -q -j 2 -t 20 -l 1-"$more" -o hard.jsonl "$hard"
	check hard.jsonl "$more"
else
	echo "skipped: $hard not found"
fi

finish
