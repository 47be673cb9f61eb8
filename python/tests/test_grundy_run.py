"""partizan.GrundyRun: an octal game's values computed, extended, saved and resumed.

The expected values are brute force from the rules (an octal digit d at position k allows
taking k tokens and leaving no heap (bit 1), one heap (bit 2) or two heaps (bit 4)).
"""

from typing import List

import pytest

import partizan


def octal_by_rules(code: str, n: int) -> List[int]:
    """G(0..n) of an octal game, from the rules alone."""
    digits = [int(c) for c in code.split(".")[1]]
    g: List[int] = []
    for h in range(n + 1):
        options = set()
        for k, d in enumerate(digits, start=1):
            if k > h:
                break
            rest = h - k
            if d & 1 and rest == 0:
                options.add(0)
            if d & 2 and rest > 0:
                options.add(g[rest])
            if d & 4 and rest > 1:
                options.update(g[a] ^ g[rest - a] for a in range(1, rest))
        m = 0
        while m in options:
            m += 1
        g.append(m)
    return g


@pytest.mark.parametrize("code", ["0.77", "0.137", "0.6", "0.4", "0.07", "0.165"])
def test_values_follow_the_rules(code: str) -> None:
    run = partizan.GrundyRun(code)
    assert run.compute(300)
    assert len(run) == 301
    assert run.values() == octal_by_rules(code, 300)
    assert run.values(100, 120) == octal_by_rules(code, 300)[100:120]


def test_kayles_is_periodic_with_period_12_after_71_values() -> None:
    # Kayles, 0.77: the last exceptional value is G(70) (WW ch. 4), period 12.
    run = partizan.GrundyRun("0.77")
    run.compute(2000)
    s = run.summary()
    assert (s["preperiod"], s["period"]) == (71, 12)
    assert s["code"] == "0.77" and s["len"] == 2001


def test_saved_runs_resume_and_slices_equal_one_run() -> None:
    whole = partizan.GrundyRun("0.16")
    whole.compute(20000)
    part = partizan.GrundyRun("0.16")
    part.compute(5000)
    resumed = partizan.GrundyRun.load("0.16", part.save())
    assert len(resumed) == 5001
    assert resumed.compute(20000)
    assert resumed.values() == whole.values()
    # A run cut into slices of time ends where one run does.
    whole = partizan.GrundyRun("0.164")
    whole.compute(30000)
    sliced = partizan.GrundyRun("0.164")
    slices = 1
    while not sliced.compute(30000, seconds=0.01):
        sliced = partizan.GrundyRun.load("0.164", sliced.save())
        slices += 1
    assert slices > 1
    assert sliced.values() == whole.values()


def test_bad_codes_and_states_are_refused() -> None:
    with pytest.raises(ValueError):
        partizan.GrundyRun("0.8")
    run = partizan.GrundyRun("0.77")
    run.compute(100)
    state = run.save()
    with pytest.raises(ValueError):
        partizan.GrundyRun.load("0.137", state)
    with pytest.raises(ValueError):
        partizan.GrundyRun.load("0.77", state[: len(state) // 2])
    with pytest.raises(ValueError):
        run.values(0, 500)
