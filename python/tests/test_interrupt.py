"""A long call stops at Ctrl-C: the computation runs with the GIL released
on a thread of its own, the calling thread polls for signals, and the
engine stops through its progress context (src/progress.rs), so
``KeyboardInterrupt`` is raised within about a second, not when the work is
done (``grundy.octal.values('0.164', 2**22)`` takes minutes)."""

import os
import signal
import subprocess
import sys
import time

CHILD = r"""
import sys, time
import grundy
print("start", flush=True)
start = time.monotonic()
try:
    grundy.octal.values("0.164", 2**22)
    print("finished", time.monotonic() - start, flush=True)
except KeyboardInterrupt:
    print("interrupted", time.monotonic() - start, flush=True)
# The module still works after an interrupted call.
print(grundy.octal.values("0.137", 10).tolist(), flush=True)
"""


def test_ctrl_c_raises_keyboard_interrupt_within_a_second():
    p = subprocess.Popen(
        [sys.executable, "-c", CHILD], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert p.stdout.readline().strip() == "start"
        # Let the computation get going (it would take minutes).
        time.sleep(1.0)
        assert p.poll() is None, p.stderr.read()
        sent = time.monotonic()
        os.kill(p.pid, signal.SIGINT)
        out, err = p.communicate(timeout=60)
        latency = time.monotonic() - sent
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    lines = out.splitlines()
    assert p.returncode == 0, err
    assert lines[0].startswith("interrupted"), out
    assert lines[1] == "[0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]", out
    # Within about a second of the signal (the engine polls its stop about
    # every 10 ms and the caller every 50 ms; the rest is the child's exit).
    assert latency < 2.0, f"KeyboardInterrupt {latency:.2f} s after SIGINT"
