"""The families of the command line, called from Python; tables; heap games and their Grundy
values. Expected values come from the rules (brute force written here) or the literature."""

import re
import threading
from functools import lru_cache

from typing import Iterable

import pytest

import partizan
from partizan import Game


def mex(values: Iterable[int]) -> int:
    seen = set(values)
    n = 0
    while n in seen:
        n += 1
    return n


@lru_cache(maxsize=None)
def kayles(n: int) -> int:
    """Kayles from its rules: knock down one pin or two adjacent pins from a row of n, leaving
    two rows of a and b pins; the Grundy value of a sum is the XOR (Sprague-Grundy)."""
    return mex(kayles(a) ^ kayles(n - k - a) for k in (1, 2) for a in range(n - k + 1))


def test_every_family_is_a_function_and_its_example_runs() -> None:
    families = partizan.families()
    assert {"domineering", "octal", "nim", "toads", "hackenbush", "queen"} <= set(families)
    for name, usage in families.items():
        f = getattr(partizan, name)
        assert f.__doc__.startswith(usage)
    # Each registry example, written in Python (the notation's calls are Python calls), gives
    # the same game as the expression: the binding forwards positional and named arguments.
    for f in partizan._core.families():
        example = f["example"]
        assert eval(example, vars(partizan)) == partizan.evaluate(example), example


def test_values_from_the_literature() -> None:
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


def test_heap_games_and_grundy_sequences() -> None:
    k = partizan.octal("0.77")
    assert isinstance(k, partizan.HeapGame)
    assert k.grundy(range(100)) == [kayles(n) for n in range(100)]
    assert k.grundy(7) == kayles(7) and isinstance(k.grundy(7), int)
    assert k.grundy([10, 3, 50]) == [kayles(10), kayles(3), kayles(50)]
    # Kayles is periodic with period 12 from n = 71 on (OEIS A002186; Guy and Smith).
    assert k.periodicity == (71, 12)
    assert partizan.kayles().grundy(range(60)) == [kayles(n) for n in range(60)]
    # Beyond the direct method's 100 000 heaps the sparse-space engine answers; by that period,
    # heap 10^6 has the value of heap 71 + (10^6 - 71) mod 12.
    assert partizan.kayles().grundy(10**6) == kayles(71 + (10**6 - 71) % 12)
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


def test_tables_are_lists_of_lists() -> None:
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


def test_table_parameters_are_the_familys_keywords() -> None:
    # The partizan Queen with diagonal moves of at most p - 1 = 2 steps: G(x, y) =
    # x - y + *(min(x, y) mod p) (formula (4) of the Wythoff-variant paper; its Table 3).
    t = partizan.table("queen", size=9, p=3)
    assert len(t) == 9 and all(len(row) == 9 for row in t)
    for y, row in enumerate(t):
        for x, cell in enumerate(row):
            assert cell == Game(x - y) + Game.nimber(min(x, y) % 3), (x, y)
    # The family's declared parameters are listed, and None means the default.
    assert "p=N" in partizan.tables()["queen"]
    # Wythoff: G(0, 0) = 0, G(1, 0) = G(0, 1) = 1, G(1, 1) = mex{0, 1, 1} = 2 (the mex rule).
    assert partizan.table("wythoff", size=2, rows=None) == [[0, 1], [1, 2]]
    # A name the family does not declare: the command line's message, naming the parameters.
    message = r'wythoff: unknown parameter "p" \(parameters: size, cols, rows\)'
    with pytest.raises(ValueError, match=message):
        partizan.table("wythoff", p=3)
    with pytest.raises(ValueError, match="size must be a non-negative integer, not -1"):
        partizan.table("wythoff", size=-1)
    with pytest.raises(TypeError):
        partizan.table("queen", size="9")  # type: ignore[arg-type]  # the error is the test
    with pytest.raises(TypeError):
        partizan.table("queen", size=True)


def test_heap_families_come_from_the_registry() -> None:
    # Every family with a Grundy sequence, called with its rules only, is a HeapGame; the
    # others are not (a family without its arguments raises the family's error).
    heaps = {f["name"] for f in partizan._core.families() if f["sequence"] is not None}
    assert {"octal", "subtraction", "take_range", "kayles", "dawson_kayles"} <= heaps
    assert isinstance(partizan.dawson_kayles(), partizan.HeapGame)
    # take-a-range P..Q = 2..3: a heap of n: mex over the heaps n - 2, n - 3, or 0 when n < 2
    # (the rule "all when fewer than P remain"), by brute force here.
    g = [0] * 30
    for n in range(1, 30):
        g[n] = mex(g[n - k] for k in (2, 3) if k <= n) if n >= 2 else mex([g[0]])
    assert partizan.take_range(2, 3).grundy(range(30)) == g
    with pytest.raises(ValueError, match="usage: domineering"):
        partizan.domineering()


def test_loopy_families() -> None:
    # A toad with room steps forward and back for ever and Right has no move: {pass|} = on
    # (Winning Ways ch. 11).
    assert str(partizan.backsliding_toads("T.")) == "on"
    # Fox and Geese: CGSuite's test suite (GameGridTest.scala) gives {4*|7/2} for geese at
    # (4,2), (4,4), (4,6), (4,8) and the fox at (1,1) on the board 8 wide.
    assert str(partizan.fox_and_geese(".G.G.G.G|........|........|F.......")) == "{4*|7/2}"
    # Take one, or put one back while the heap stays <= 1: heaps 0 and 1 move to each other and
    # neither is terminal, so Smith's value is infinite with no finite option: inf.
    assert partizan.loopy_subtraction("1", 0, add="1", max=1) == "inf"
    # Without putting back, the subtraction game {1}: heap n is *(n mod 2), an int.
    assert partizan.loopy_subtraction("1", 3) == 1
    with pytest.raises(ValueError, match="usage: loopy_subtraction"):
        partizan.loopy_subtraction("x", 1)


def test_to_pandas() -> None:
    pandas = pytest.importorskip("pandas")
    frame = partizan.table("domineering", rows=2, cols=3).to_pandas()
    assert isinstance(frame, pandas.DataFrame)
    assert frame.shape == (2, 3)
    assert frame.loc["2", "2"] == Game("+-1")


def test_bad_arguments_raise_value_error_with_the_usage() -> None:
    with pytest.raises(ValueError) as e:
        partizan.domineering("..|.x")
    assert "usage: domineering(" in str(e.value)
    with pytest.raises(ValueError, match="unknown named argument"):
        partizan.queen(5, 3, r=2)
    with pytest.raises(TypeError):
        partizan.nim(1.5)  # type: ignore[arg-type]  # the error is the test
    with pytest.raises(ValueError):
        partizan.nim(-1)


def test_the_gil_is_released_around_rust_work() -> None:
    """A long family call in a thread lets the main thread run meanwhile."""
    board = "|".join(["." * 5] * 5)
    done = threading.Event()
    result: list[Game] = []

    def work() -> None:
        # A family call is a position at once; its canonical form is the long work.
        result.append(partizan.domineering(board).canonical_form())
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
