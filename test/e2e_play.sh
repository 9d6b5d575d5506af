# e2e_play.sh — `hako play` driven in tmux: play a level to the end with
# arrows, hjkl and wasd, counters and the solved message, undo and redo,
# deadlock warnings and refusal, a box's reachable squares and a push by
# the cursor, a walk by mouse click, the hint, help, the progress file
# written and read back, .sok export, LURD import, and Ctrl-C restoring the
# terminal (exit 130). Run by ctest as: bash e2e_play.sh HAKO_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/lib_e2e.sh"

command -v tmux >/dev/null 2>&1 || skip "tmux not installed"
# Each start gets its own server: a new session on the socket of a server
# still shutting down after kill-server fails with "server exited
# unexpectedly" (seen on CI).
runs=0
socket=hako-e2e-$$-$runs
tmx() { tmux -L "$socket" -f /dev/null "$@"; }
trap 'tmx kill-server >/dev/null 2>&1; rm -rf "$work"' EXIT

screen() { tmx capture-pane -p -t play; }

# wait_for REGEX [SECONDS] — poll the screen until it matches.
wait_for() {
	local deadline=$((SECONDS + ${2:-10}))
	while ((SECONDS <= deadline)); do
		screen 2>/dev/null | grep -Eq -- "$1" && return 0
		sleep 0.05
	done
	fail "screen never showed /$1/:"
	screen | sed 's/^/  | /'
	return 1
}

keys() { tmx send-keys -t play "$@"; }

# start — run hako play on the test collection in a fresh tmux server. The
# runner prints the exit code and waits so the end can be checked; its
# trap keeps Ctrl-C (sent to the whole pane) from ending it too.
cat >"$work/run.sh" <<EOF
trap : INT
cd "$work" || exit 1
HOME="$work" XDG_DATA_HOME="$work/data" "$hako" play levels.xsb
echo EXIT=\$?
sleep 600
EOF
start() {
	tmx kill-server >/dev/null 2>&1
	runs=$((runs + 1))
	socket=hako-e2e-$$-$runs
	tmx new-session -d -s play -x 80 -y 24 "bash '$work/run.sh'"
	wait_for 'Test set \| level'
}

# click X Y — a mouse click on board square (X, Y), found from the player's
# square (PX, PY) on the screen (two columns per square), in the X10
# encoding ncurses reads for kmous.
click() {
	local x=$1 y=$2 px=$3 py=$4 row col
	read -r row col < <(screen | awk '{ i = index($0, "@"); if (i) { print NR - 1, i - 1; exit } }')
	row=$((row + y - py))
	col=$((col + 2 * (x - px)))
	local press release
	press=$(printf '\033[M %b%b' "\\$(printf %o $((33 + col)))" "\\$(printf %o $((33 + row)))")
	release=$(printf '\033[M#%b%b' "\\$(printf %o $((33 + col)))" "\\$(printf %o $((33 + row)))")
	keys -l "$press$release"
}

# room: rrrDullldRdrU solves it (13 moves, 3 pushes). block: the first
# push left closes a 2x2 block of boxes off the goals (freeze).
cat >"$work/levels.xsb" <<'EOF'
; Test set

; room
#######
#@ .  #
# $ $ #
#   . #
#######
Author: Tester

; block
#########
#       #
#  $$   #
#  $ $@ #
#       #
#  ..   #
#  ..   #
#########
EOF
printf 'rrrD ullldRdrU\n' >"$work/room.lurd"
# A progress line of another collection with the same file name: kept.
progress="$work/data/hako/levels.xsb.progress"
mkdir -p "$work/data/hako"
foreign='7 0123456789abcdef moves 3 1 rrR'
printf '%s\n' "$foreign" >"$progress"

echo "== a level played to the end"
start
screen | grep -q 'level 1/2 "room" by Tester' || fail "header lacks the level's title and author"
wait_for 'moves 0  pushes 0'
screen | grep -Eq '##x +\$' || fail "dead squares are not marked"
keys Right l d j  # r r r D (arrow, vim, wasd, vim)
wait_for 'moves 4  pushes 1'
keys k h a Left s l j d w  # u l l l d R d r U
wait_for 'Solved in 13 moves, 3 pushes'
wait_for 'moves 13  pushes 3  \| solved, best 13/3'

echo "== undo and redo"
keys u
wait_for 'moves 12  pushes 2'
keys z
wait_for 'moves 11  pushes 2'
keys r
wait_for 'moves 12  pushes 2'
keys y
wait_for 'moves 13  pushes 3'
keys 0
wait_for 'moves 0  pushes 0'
keys End
wait_for 'moves 13  pushes 3'
grep -q ' moves 13 3 rrrDullldRdrU$' "$progress" 2>/dev/null || fail "progress file lacks the solution"
grep -qx "$foreign" "$progress" || fail "the other collection's progress line was lost"
ls "$work/data/hako" | grep -q tmp && fail "a temporary file was left behind"

echo "== deadlocks: warned, then refused"
keys 0 l j l j h  # rDrdL: the box into the bottom-left corner
wait_for 'Deadlock \(simple\)'
keys u
wait_for 'moves 4  pushes 1'
keys f
wait_for 'Deadlocking pushes are refused'
keys h
wait_for 'Refused: that push makes a simple deadlock'
wait_for 'moves 4  pushes 1  \| solved.*refusing deadlocks'
keys f n
wait_for 'level 2/2 "block"'
keys h
wait_for 'Deadlock \(freeze\)'
keys p

echo "== a box's reachable squares, pushed there by the cursor"
wait_for 'level 1/2'
keys c Right Down Space
wait_for 'squares the box can go to'
screen | grep -q 'O' || fail "the goal above the box is not marked as a target"
keys Up Right Space
wait_for 'moves 5  pushes 2'
keys u
wait_for 'moves 0  pushes 0'

echo "== a mouse click walks"
click 5 3 1 1
wait_for 'moves 6  pushes 0'
keys 0

echo "== hint and help"
keys i
wait_for 'Hint: push the marked box'
keys i
wait_for 'pushes 1'
keys '?'
wait_for 'hako play - keys'
keys x
wait_for 'moves'

echo "== export"
keys e
wait_for 'Export the best solutions to: levels-solutions.sok'
keys Enter
wait_for 'Exported to levels-solutions.sok'
grep -q '^rrrDullldRdrU$' "$work/levels-solutions.sok" 2>/dev/null ||
	fail "export lacks the solution"

echo "== quit, then the progress is read back"
keys q
wait_for '^EXIT=0$'
start
wait_for 'level 2/2 "block"' # the first unsolved level
keys p
wait_for 'moves 0  pushes 0  \| solved, best 13/3'

echo "== import a LURD file"
keys o
wait_for 'Import a LURD file'
keys -l room.lurd
keys Enter
wait_for 'Solved in 13 moves, 3 pushes'

echo "== Ctrl-C restores the terminal"
keys C-c
wait_for '^EXIT=130$'

finish "check(s) failed" "all play checks passed"
