#!/usr/bin/env bash
# e2e_places.sh — every input error names its place (issue 10): level
# errors with line and column, a stored Solution's errors at the file's
# line and column (a typo such as RxR is a parse error there), verify -l
# with a range and a LURD, old Mac line ends read, UTF-16 named, stdin
# named "-" as in JSON.
#   bash e2e_places.sh HAKO_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/lib_e2e.sh"
cd "$work" || exit 1

echo "== level errors"
printf '#####\n#$ .#\n#####\n' >no_player.xsb
run 3 solve no_player.xsb && has err 'no_player.xsb:1:1: no player'
printf '######\n#@$$.#\n######\n' >boxes.xsb
run 3 solve boxes.xsb && has err 'boxes.xsb:2:4: 2 boxes but 1 goal \(the first box in excess\)'
printf '####\n#@ #\n####\n' >no_boxes.xsb
run 3 solve no_boxes.xsb && has err 'no_boxes.xsb:1:1: no boxes'
: >empty.xsb
run 3 solve empty.xsb && has err 'empty.xsb:1:1: no level found'
printf '#####\n#$ .#\n#####\n' | "$hako" solve - >out 2>err
grep -q '^-:1:1: no player' err || fail "stdin is not named '-': $(cat err)"

echo "== line ends and encodings"
printf '; mac\r#####\r#@$.#\r#####\r' >mac.xsb
run 0 solve --json mac.xsb && has out '"title":"mac","status":"solved"'
printf '\xff\xfe#\0#\0#\0\n\0' >utf16.xsb
run 3 solve utf16.xsb && has err 'utf16.xsb:1:1: UTF-16'

echo "== stored solutions"
printf '; one\n#####\n#@$.#\n#####\nSolution\nRxR\n\n; two\n#####\n#@$.#\n#####\nSolution\nLR\n' >sol.sok
run 3 verify sol.sok
has out "level 1, solution 1: FAILED: sol.sok:6:2: unexpected character 'x'"
has out "level 2, solution 1: FAILED: step 1: 'L' walks into a wall \(sol.sok:13:1\)"
run 2 verify sol.sok -l 1-2 R && has err '-l 1-2 names more than one level'

finish
