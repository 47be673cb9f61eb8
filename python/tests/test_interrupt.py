"""Ctrl-C (SIGINT, a notebook's "interrupt") stops long work with KeyboardInterrupt, and the
package goes on working. Each case starts work that takes minutes and sends SIGINT to this
process half a second later."""

import os
import signal
import sys
import threading

from typing import Callable

import pytest

import partizan

pytestmark = pytest.mark.skipif(
    sys.platform == "win32", reason="sends SIGINT with os.kill, POSIX only"
)


def interrupted(work: Callable[[], object]) -> None:
    """Runs `work` with a SIGINT arriving after 0.5 s: KeyboardInterrupt must come out of it.

    Python's own handler is installed for the test: a process started in the background by a
    shell (as CI may be) inherits SIGINT ignored, and Python then leaves it so."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            work()
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)


def test_ctrl_c_stops_a_sum_of_many_switches() -> None:
    # ±1 ± 2 ± … ± 40 has a canonical form of about 2^40 followers: it never ends on its own.
    interrupted(lambda: partizan.evaluate(" + ".join(f"+-{k}" for k in range(1, 41))))
    # ±1 ± 2 = {{3 | 1} | {-1 | -3}} (Winning Ways ch. 2: a sum of switches).
    assert partizan.evaluate("+-1 + +-2") == partizan.Game("{{3|1}|{-1|-3}}")


def test_ctrl_c_stops_a_ruleset_and_a_table() -> None:
    # The family call gives the position at once; its canonical form is the long work.
    interrupted(lambda: partizan.domineering("|".join(["......"] * 6)).canonical_form())
    # The 2x2 board is {1 | -1} (Winning Ways ch. 2).
    assert partizan.domineering("..|..") == partizan.Game("+-1")


def test_ctrl_c_stops_a_long_grundy_sequence() -> None:
    # Treblecross to 10^8 takes minutes on the sparse-space engine.
    interrupted(lambda: partizan.octal("0.007").grundy(10**8))
    # Kayles, OEIS A002186.
    assert partizan.kayles().grundy(range(12)) == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
