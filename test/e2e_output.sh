#!/usr/bin/env bash
# e2e_output.sh — `hako solve -o` writes to what the path names (issue 10):
# through a symbolic link to its target (the link stays a link), into a
# FIFO directly, and over an old file keeping its mode.
#   bash e2e_output.sh HAKO_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/lib_e2e.sh"
cd "$work" || exit 1
printf '; one\n#####\n#@$.#\n#####\n' >one.xsb

echo "== symbolic link"
mkdir real
ln -s real/target.sok link.sok
run 0 solve -q -o link.sok one.xsb
[[ -L link.sok ]] || fail "the link was replaced by a file"
grep -q '^Solution' real/target.sok || fail "the link's target holds no solution"
ln -s missing.sok dangling.sok
run 0 solve -q -o dangling.sok one.xsb
[[ -L dangling.sok ]] || fail "the dangling link was replaced by a file"
grep -q '^Solution' missing.sok 2>/dev/null || fail "the dangling link's target was not created"

echo "== the mode of an old file"
printf 'old\n' >private.sok
chmod 600 private.sok
run 0 solve -q -o private.sok one.xsb
[[ $(stat -c %a private.sok) == 600 ]] || fail "mode 600 became $(stat -c %a private.sok)"
grep -q '^Solution' private.sok || fail "private.sok not written"

echo "== FIFO"
mkfifo pipe.sok
cat pipe.sok >from_pipe.txt &
reader=$!
run 0 solve -q -o pipe.sok one.xsb
wait "$reader"
[[ -p pipe.sok ]] || fail "the FIFO was replaced"
grep -q '^Solution' from_pipe.txt || fail "nothing came through the FIFO"

echo "== a device"
run 0 solve -q -o /dev/null one.xsb
[[ -c /dev/null ]] || fail "/dev/null is no longer a device"

finish
