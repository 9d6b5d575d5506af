# e2e_deadlocks.sh — end-to-end tests of `hako deadlocks`: exit codes, the
# marked board, verdicts with their boxes and first step, --json, stdin.
# Run by ctest as
#   bash e2e_deadlocks.sh HAKO_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/lib_e2e.sh"

cd "$work" || exit 1

# room: two boxes, two goals; dead squares are the corners and the squares
# along the left and right walls. rrrDullldRdrU solves it. rrdL pushes the
# box of (2,2) against the left wall (a dead square) at step 4.
printf '; room\n#######\n#@ .  #\n# $ $ #\n#   . #\n#######\n' >room.xsb
# block: the push L closes a 2x2 block of boxes off the goals.
printf '; block\n#########\n#       #\n#  $$   #\n#  $ $@ #\n#       #\n#  ..   #\n#  ..   #\n#########\n' >block.xsb
# three levels: room, block, and one with no player in the middle.
{ cat room.xsb; echo; printf '; broken\n#####\n# $.#\n#####\n\n'; cat block.xsb; } >three.xsb

echo "== usage errors exit 2"
run 2 deadlocks && has err '^hako: ' && has err -- '--help'
run 2 deadlocks --no-such-option room.xsb && has err 'unknown option'
run 2 deadlocks room.xsb extra.xsb && has err 'unexpected argument'
run 2 deadlocks --budget abc room.xsb && has err 'budget'
run 2 deadlocks --budget -1 room.xsb
run 2 deadlocks -l 0 room.xsb && has err 'level spec'
run 2 deadlocks -l 2 room.xsb && has err 'no level 2'
run 2 deadlocks three.xsb --moves R && has err -- '-l N'
run 2 deadlocks three.xsb -l 1,3 --moves R && has err -- '-l N'
run 2 deadlocks - --moves - <room.xsb && has err 'stdin'
run 2 deadlocks --moves && has err 'needs a value'

echo "== help exits 0 and documents the legend and exit codes"
run 0 deadlocks --help && has out 'hako deadlocks' && has out -- '--moves' && has out -- '--budget'
has out ' x +a dead floor square' && has out ' ! +a box of' && has out 'Exit codes'

echo "== input errors exit 3"
run 3 deadlocks no_such_file.xsb && has err '^hako: no_such_file.xsb: No such file'
printf 'no board here\n' >no_board.txt
run 3 deadlocks no_board.txt && has err '^no_board.txt'
run 3 deadlocks room.xsb --moves 'rX' && has err 'moves'
run 3 deadlocks room.xsb --moves '2(r' && has err 'moves'
run 3 deadlocks room.xsb --moves 'rrrrr' && has err 'step 5' && has err 'wall'
run 3 deadlocks room.xsb --moves 'dRR' && has err 'step 3' && has err 'box cannot move'
run 3 deadlocks three.xsb -l 2 && has err '^three.xsb:[0-9]+' && has out 'level 2: invalid level'

echo "== the board with dead squares marked"
run 0 deadlocks room.xsb && has out '^level 1 \(room\)$' && has out '^#@ \. x#$' \
	&& has out '^#x\$ \$x#$' && has out '^#x  \.x#$' && has out '^verdict: none$'
grep -q 'first deadlock' "$work/out" && fail "no --moves: no step line expected"

echo "== a deadlock after the moves: exit 1, kind, boxes, step"
run 1 deadlocks room.xsb --moves rrdL && has out '^verdict: simple \(boxes 1,2\)$' \
	&& has out '^first deadlock at step 4$' && has out 'after 4 moves, 1 pushes' && has out '^#!@ \$x#$'
# Walking on after the deadlock keeps the first step.
run 1 deadlocks room.xsb --moves 'rrdLdr' && has out '^first deadlock at step 4$'
run 1 deadlocks block.xsb --moves L && has out '^verdict: freeze \(boxes [0-9, ]+\)$' \
	&& has out '^first deadlock at step 1$' && has out '!!'
run 1 deadlocks room.xsb --moves 'rrdLdlU' && has out '^verdict: simple \(boxes 1,1' \
	&& has out '^first deadlock at step 4$'

echo "== no deadlock: exit 0"
run 0 deadlocks room.xsb --moves rrrD && has out '^verdict: none$' && has out '^no deadlock along the moves$'
run 0 deadlocks room.xsb --moves rrrDullldRdrU && has out '^verdict: none$'
run 0 deadlocks room.xsb --moves '' && has out '^verdict: none$'
run 0 deadlocks room.xsb --moves '3r D ;comment' --budget 0 && has out 'after 4 moves, 1 pushes'
run 0 deadlocks block.xsb && has out '^verdict: none$'

echo "== every level of a file; the worst exit code wins"
run 3 deadlocks three.xsb && has out '^level 1 \(room\)$' && has out '^level 3 \(block\)$'
run 0 deadlocks three.xsb -l 1,3
run 1 deadlocks three.xsb -l 1 --moves rrdL

echo "== --json"
check_json() {
	python3 -c '
import json, sys
want = {"level", "dead_squares", "verdict", "boxes", "step"}
kinds = {"none", "simple", "freeze", "bipartite", "diagonal", "corral"}
for line in sys.stdin:
    obj = json.loads(line)
    if "error" in obj:
        assert set(obj) == {"level", "error"}, obj
        continue
    assert set(obj) == want, ("fields", set(obj) ^ want, line)
    assert obj["verdict"] in kinds, obj
    for pair in obj["dead_squares"] + obj["boxes"]:
        assert len(pair) == 2 and all(isinstance(v, int) and v >= 0 for v in pair), obj
    assert (obj["verdict"] == "none") == (obj["boxes"] == []), obj
    assert isinstance(obj["step"], int) and obj["step"] >= 0, obj
' <"$work/out" || fail "--json output does not parse or breaks the contract: $(head -c 600 "$work/out")"
}
run 1 deadlocks --json room.xsb --moves rrdL && check_json
has out '^\{"level":1,"dead_squares":\[\[1,1\],\[5,1\],\[1,2\],\[5,2\],\[1,3\],\[5,3\]\],"verdict":"simple","boxes":\[\[1,2\]\],"step":4\}$'
run 0 deadlocks --json room.xsb && check_json && has out '"verdict":"none","boxes":\[\],"step":0\}$'
run 3 deadlocks --json three.xsb && check_json
[[ $(wc -l <"$work/out") -eq 3 ]] || fail "--json: want 3 lines, got $(wc -l <"$work/out")"
has out '^\{"level":2,"error":"three.xsb:[0-9]+'
run 1 deadlocks --json block.xsb --moves L && check_json && has out '"verdict":"freeze".*"step":1\}$'

echo "== stdin"
run 1 deadlocks room.xsb --moves - <<<"rrdL" && has out '^first deadlock at step 4$'
run 0 deadlocks - <room.xsb && has out '^verdict: none$'
run 1 deadlocks - --moves rrdL <room.xsb && has out 'simple'

echo "== a Microban solution is never called dead"
if [[ -f $shared/Microban_155.xsb && -f $shared/Microban_155.push_optimal.tsv ]]; then
	for number in 1 2 3 10 50; do
		lurd=$(awk -F'\t' -v n="$number" '$1 == n { print $4 }' "$shared/Microban_155.push_optimal.tsv")
		[[ -n $lurd ]] || continue
		run 0 deadlocks "$shared/Microban_155.xsb" -l "$number" --moves "$lurd" \
			&& has out '^verdict: none$' && has out '^no deadlock along the moves$'
	done
else
	skip_part "solutions replayed through deadlocks --moves"
fi

finish
