# e2e_interrupt.sh — Ctrl-C during `hako solve`: the current level is
# cancelled, the totals are printed, -o is written with what was done, and
# the exit code is 130. Run by ctest as: bash e2e_interrupt.sh HAKO_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/lib_e2e.sh"

levels=$shared/XSokoban_90.xsb
need_shared "$levels"

# python3 starts hako with SIGINT at its default (a background job of this
# script would have it ignored) and interrupts it once it is searching.
python3 - "$hako" "$levels" "$work" <<'PY'
import signal, subprocess, sys, time
hako, levels, work = sys.argv[1:4]
# XSokoban #90, move-optimal: far beyond one second of search.
child = subprocess.Popen(
    [hako, "solve", "-v", "-O", "moves", "-t", "300", "-l", "90", "-o", work + "/out.sok", levels],
    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
first = child.stderr.readline()
assert first.startswith("solving "), first
time.sleep(1.0)
child.send_signal(signal.SIGINT)
try:
    out, err = child.communicate(timeout=60)
except subprocess.TimeoutExpired:
    child.kill()
    sys.exit("FAIL: hako did not stop within 60 s of SIGINT")
print(out, end="")
if child.returncode == 0 and "solved 1 of 1" in out:
    print("note: the level was solved before the interrupt; nothing to check")
    sys.exit(0)
assert child.returncode == 130, ("exit code", child.returncode, err)
assert "cancelled" in out, out
assert "(interrupted)" in out, out
text = open(work + "/out.sok").read()
assert "screen.90" in text and "Solution" not in text, text
print("all passed")
PY
