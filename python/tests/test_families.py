"""The families of the command line, called from Python; tables; heap games and their Grundy
values. Expected values come from the rules (brute force written here) or the literature."""

import re
import threading
from functools import lru_cache

import pytest

import partizan
from partizan import Game


def mex(values):
    values = set(values)
    n = 0
    while n in values:
        n += 1
    return n


@lru_cache(maxsize=None)
def kayles(n):
    """Kayles from its rules: knock down one pin or two adjacent pins from a row of n, leaving
    two rows of a and b pins; the Grundy value of a sum is the XOR (Sprague-Grundy)."""
    return mex(kayles(a) ^ kayles(n - k - a) for k in (1, 2) for a in range(n - k + 1))


def test_every_family_is_a_function_and_its_example_runs():
    families = partizan.families()
    assert {"domineering", "octal", "nim", "toads", "hackenbush", "queen"} <= set(families)
    for name, usage in families.items():
        f = getattr(partizan, name)
        assert f.__doc__.startswith(usage)
    # Each registry example, written in Python (the notation's calls are Python calls), gives
    # the same game as the expression: the binding forwards positional and named arguments.
    for name, usage, example in partizan._core.families():
        assert eval(example, vars(partizan)) == partizan.evaluate(example), example


def test_values_from_the_literature():
    # The 2×2 Domineering board is ±1, 1×2 is -1 (only Right can move), 2×1 is 1 (WW ch. 5).
    assert partizan.domineering("..|..") == Game("+-1")
    assert partizan.domineering("..") == -1
    assert partizan.domineering(".|.") == 1
    # Bouton: 3 ⊕ 5 ⊕ 6 = 0, so nim(3,5,6) is a second-player win; nim(1,2) = *3.
    assert partizan.nim(3, 5, 6) == 0
    assert partizan.nim(1, 2).nim_value == 3
    # Cutcake: on a 2-wide, 1-high cake only Left (who cuts vertically) can move, to 0 + 0.
    assert partizan.cutcake(2, 1) == 1 and partizan.cutcake(1, 2) == -1
    # Blue-red Hackenbush: a stalk B R is 1/2 (WW ch. 1).
    assert partizan.hackenbush("BR") == Game("1/2")
    # Toads and Frogs: T.F is * (each side has one move, to a dead position) (WW ch. 1).
    assert partizan.toads("T.F") == Game("*")


def test_heap_games_and_grundy_sequences():
    k = partizan.octal("0.77")
    assert isinstance(k, partizan.HeapGame)
    assert k.grundy(range(100)) == [kayles(n) for n in range(100)]
    assert k.grundy(7) == kayles(7) and isinstance(k.grundy(7), int)
    assert k.grundy([10, 3, 50]) == [kayles(10), kayles(3), kayles(50)]
    # Kayles is periodic with period 12 from n = 71 on (OEIS A002186; Guy and Smith).
    assert k.periodicity == (71, 12)
    assert partizan.kayles().grundy(range(60)) == [kayles(n) for n in range(60)]
    assert k(7) == Game.nimber(kayles(7)) and partizan.octal("0.77", 7) == k(7)
    # Subtraction game {1,3,4}: 0 1 0 1 2 3 2, period 7 from 0 (WW ch. 4).
    s = partizan.subtraction([1, 3, 4])
    assert s.grundy(range(14)) == [0, 1, 0, 1, 2, 3, 2] * 2
    assert s.periodicity == (0, 7)
    assert partizan.subtraction("1,3,4", 5) == Game("*3")
    with pytest.raises(ValueError):
        k.grundy(-1)
    with pytest.raises(ValueError, match="octal"):
        partizan.octal("0.9").grundy(3)


def test_tables_are_lists_of_lists():
    t = partizan.table("domineering", rows=2, cols=2)
    assert isinstance(t, list) and isinstance(t, partizan.Table)
    # rows × columns: 1×1 = 0, 1×2 = -1, 2×1 = 1, 2×2 = ±1 (from the rules; WW ch. 5).
    assert t == [[Game(0), Game(-1)], [Game(1), Game("+-1")]]
    assert t.index == ["1", "2"] and t.columns == ["1", "2"]
    assert str(t).startswith("# ")
    assert partizan.domineering.table(rows=2, cols=2) == t
    # Grundy tables hold ints: Wythoff's game, G(x, y) with G(1, 1) = 2, G(1, 2) = 0 (mex rule).
    w = partizan.table("wythoff", size=3)
    assert w[1][1] == 2 and w[1][2] == 0 and isinstance(w[0][0], int)
    assert "domineering" in partizan.tables()
    with pytest.raises(ValueError, match="unknown table family"):
        partizan.table("chess", size=3)


def test_to_pandas():
    pandas = pytest.importorskip("pandas")
    frame = partizan.table("domineering", rows=2, cols=3).to_pandas()
    assert isinstance(frame, pandas.DataFrame)
    assert frame.shape == (2, 3)
    assert frame.loc["2", "2"] == Game("+-1")


def test_bad_arguments_raise_value_error_with_the_usage():
    with pytest.raises(ValueError) as e:
        partizan.domineering("..|.x")
    assert "usage: domineering(" in str(e.value)
    with pytest.raises(ValueError, match="unknown named argument"):
        partizan.queen(5, 3, r=2)
    with pytest.raises(TypeError):
        partizan.nim(1.5)
    with pytest.raises(ValueError):
        partizan.nim(-1)


def test_the_gil_is_released_around_rust_work():
    """A long family call in a thread lets the main thread run meanwhile."""
    board = "|".join(["." * 5] * 5)
    done = threading.Event()
    result = []

    def work():
        result.append(partizan.domineering(board))
        done.set()

    ticks = 0
    thread = threading.Thread(target=work)
    thread.start()
    while not done.is_set():
        ticks += 1
    thread.join()
    # The 5×5 board is 0: a second-player win (Lachmann, Moore and Rapaport, "Who wins
    # Domineering on rectangular boards?", 2002).
    assert result == [Game(0)]
    assert ticks > 1000
