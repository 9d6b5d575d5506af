# e2e_shorten.sh — the fast mode's solution post-pass (issue 5) through the
# hako program: --json reports the counts before when it changed them, the
# shortened solutions verify, --no-shorten and the optimal modes keep the
# search's own solution. Run by ctest as
#   bash e2e_shorten.sh HAKO_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/lib_e2e.sh"

cd "$work" || exit 1
sample="$source_dir/data/levels/boxoban_sample.txt"

echo "== --no-shorten is an option of solve"
run 0 solve --help && has out -- '--no-shorten'

echo "== shortened: fewer pushes, or as many and fewer moves; every solution verifies"
run 0 solve --json -t 20 "$sample" && cp "$work/out" on.json
run 0 solve --json -t 20 --no-shorten "$sample" && cp "$work/out" off.json
run 0 solve --json -t 20 -O pushes -l 1-5 "$sample" && cp "$work/out" optimal.json
python3 - "$hako" "$sample" <<'PY' || fail "shortening report or solutions wrong"
import json, subprocess, sys
hako, sample = sys.argv[1], sys.argv[2]
on = [json.loads(l) for l in open("on.json")]
off = [json.loads(l) for l in open("off.json")]
assert len(on) == len(off) == 20, (len(on), len(off))
changed = 0
for a, b in zip(on, off):  # with threads, the two runs may find different solutions
    assert a["status"] == b["status"] == "solved", (a, b)
    assert "moves_before" not in b and "pushes_before" not in b, b
    assert "shorten_seconds" in a and "shorten_seconds" not in b, (a, b)
    before = (a.get("pushes_before", a["pushes"]), a.get("moves_before", a["moves"]))
    if "moves_before" in a:
        changed += 1
        assert (a["pushes"], a["moves"]) < before, a
    run = subprocess.run([hako, "verify", sample, "-l", str(a["level"]), a["solution"]],
                         capture_output=True, text=True)
    assert run.returncode == 0 and "ok" in run.stdout, (a["level"], run.stdout, run.stderr)
assert changed >= 1, "no solution of the sample was shortened"
for c in (json.loads(l) for l in open("optimal.json")):
    assert "moves_before" not in c and "shorten_seconds" not in c, c
print(f"{changed} of 20 shortened")
PY

echo "== -j 1 gives the same shortened solutions every run (the post-pass stops on nodes, not time)"
run 0 solve --json -t 20 -j 1 "$sample" && cp "$work/out" j1a.json
run 0 solve --json -t 20 -j 1 "$sample" && cp "$work/out" j1b.json
python3 - <<'PY' || fail "-j 1 runs differ"
import json
a = [json.loads(l) for l in open("j1a.json")]
b = [json.loads(l) for l in open("j1b.json")]
assert [(r["solution"], r["nodes"]) for r in a] == [(r["solution"], r["nodes"]) for r in b]
assert any("moves_before" in r for r in a), "nothing shortened: the check proves nothing"
PY

echo "== the table says what a solution was before"
run 0 solve -t 20 "$sample" && has out 'shortened from [0-9]+ moves, [0-9]+ pushes'
run 0 solve -t 20 --no-shorten "$sample"
grep -q 'shortened from' "$work/out" && fail "--no-shorten still shortens"

finish
