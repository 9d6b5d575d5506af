# e2e_engine.sh — hako-engine, the bench tool that runs one search engine
# alone (bench/engine_main.c): each engine solves a small level and its
# solution is replayed (the tool's own check), -R sets FESS's restarts,
# -P bounds the backward search of FESS's plan, -p prints the packing plans
# (a dead-end goal corridor fills from its far end), and the usage errors.
# Run by ctest as
#   bash e2e_engine.sh HAKO_BINARY SOURCE_DIR
# (hako-engine is built beside hako).
source "$(dirname "${BASH_SOURCE[0]}")/lib_e2e.sh"

engine=$(dirname "$hako")/hako-engine
# Built by the same build as hako: missing is a failure, not a skip.
[[ -x $engine ]] || { echo "FAIL: $engine not built"; exit 1; }
cd "$work" || exit 1

# A corridor of three goals closed at its right end, entered from the left.
cat >corridor.xsb <<'XSB'
#########
#@      #
# $ $ $ #
#   #####
#   ...#
########
XSB

# erun CODE ARGS... — run hako-engine, as `run` does hako.
erun() {
	run_with "$engine" "$@"
}

echo "== every engine solves the corridor, its solution replayed"
for e in bidir astar fess order bidir-newest bidir-hf fess-plain fast; do
	erun 0 -e "$e" -t 20 corridor.xsb && has out '^solved 1 of 1'
	grep -q BAD "$work/out" && fail "engine $e: a bad solution"
done

echo "== -R: FESS's restarts, never or after every expansion, still solve"
erun 0 -e fess -R 0 corridor.xsb && has out '^solved 1 of 1'
erun 0 -e fess -R 1,1 corridor.xsb && has out '^solved 1 of 1'
erun 2 -e fess -R x corridor.xsb && has err '^usage: hako-engine'

echo "== -P: FESS's plan from the backward search, or the layered order, still solve"
erun 0 -e fess -P 0 corridor.xsb && has out '^solved 1 of 1'
erun 0 -e fess -P 1 corridor.xsb && has out '^solved 1 of 1'
erun 0 -e fess -P 2000 corridor.xsb && has out '^solved 1 of 1'
erun 2 -e fess -P x corridor.xsb && has err '^usage: hako-engine'
erun 2 -e fess -P -1 corridor.xsb && has err '^usage: hako-engine'

echo "== -p: both plans fill the corridor from its far end"
erun 0 -p corridor.xsb && has out '^fill order: \(6,4\) \(5,4\) \(4,4\)$' &&
	has out '^#   123##$' && has out '^planned 1 of 1$' &&
	has out '^backward plan \(3 expansions, 0 boxes left\): 1:\(6,4\) 2:\(5,4\) 3:\(4,4\)$'
if [[ -f $shared/XSokoban_90.xsb ]]; then
	# XSokoban 1: six goals, each named once in the fill order.
	erun 0 -p -l 1 "$shared/XSokoban_90.xsb" &&
		[[ $(grep '^fill order:' "$work/out" | grep -o '(' | wc -l) -eq 6 ]] ||
		fail "XSokoban 1: not six goals in the fill order: $(cat "$work/out")"
else
	skip_part "-p on XSokoban 1"
fi

echo "== usage errors"
erun 2 -e nosuch corridor.xsb && has err 'no engine named nosuch'
erun 2 && has err '^usage: hako-engine'
erun 3 -p missing.xsb && has err 'missing.xsb: cannot read'
printf '######\n#@$.x#\n######\n' >bad.xsb
erun 3 -p bad.xsb && has err '^bad.xsb:2:5: unknown character'
printf '######\n#@@$.#\n######\n' >two.xsb
erun 1 -p two.xsb && has out '^1	invalid$' && has out '^planned 0 of 1$'

finish
