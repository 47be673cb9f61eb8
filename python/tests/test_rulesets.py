"""Rulesets written in Python, solved by the Rust solver, checked against brute force written
here from the rules alone: the outcome of every sum and difference of small positions.

G >= H exactly when Left wins G - H whenever Right moves first (CGT Def. II.1.x; LIP ch. 4), and
the outcome class of a sum is decided by playing it out; so if the solver's values give the same
outcomes as the game tree for all sums G + H and differences G - H, the values are right.
"""

import itertools
from functools import lru_cache
from typing import Any, Iterator

import pytest

import partizan
from partizan import Game, Solver


Board = frozenset[tuple[int, int]]


class Domineering:
    """A set of empty cells (r, c); Left places vertical dominoes, Right horizontal ones."""

    def left_options(self, p: Board) -> list[Board]:
        return [p - {(r, c), (r + 1, c)} for (r, c) in p if (r + 1, c) in p]

    def right_options(self, p: Board) -> list[Board]:
        return [p - {(r, c), (r, c + 1)} for (r, c) in p if (r, c + 1) in p]


class DomineeringSplit(Domineering):
    """The same, with the board split into its regions and each region translated."""

    def components(self, p: Board) -> list[Board]:
        parts: list[Board] = []
        seen: set[tuple[int, int]] = set()
        for cell in sorted(p):
            if cell in seen:
                continue
            stack, part = [cell], set()
            seen.add(cell)
            while stack:
                r, c = stack.pop()
                part.add((r, c))
                for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if n in p and n not in seen:
                        seen.add(n)
                        stack.append(n)
            parts.append(frozenset(part))
        return parts

    def normalize(self, p: Board) -> Board:
        if not p:
            return p
        r0, c0 = min(r for r, _ in p), min(c for _, c in p)
        return frozenset((r - r0, c - c0) for r, c in p)


RULES = Domineering()


@lru_cache(maxsize=None)
def first_player_wins(sides: tuple[tuple[Board, bool], ...], left_to_move: bool) -> bool:
    """Brute force on a sum: `sides` is a tuple of (position, swapped); a swapped component is
    negated (Left and Right exchange their moves in it). The player to move wins when some move
    leads to a position the other player, to move, loses."""
    for i, (p, swapped) in enumerate(sides):
        own_left = left_to_move != swapped
        moves = RULES.left_options(p) if own_left else RULES.right_options(p)
        for q in moves:
            rest = sides[:i] + ((frozenset(q), swapped),) + sides[i + 1:]
            if not first_player_wins(rest, not left_to_move):
                return True
    return False


def outcome(*sides: tuple[Board, bool]) -> str:
    left, right = first_player_wins(sides, True), first_player_wins(sides, False)
    return {(True, False): "L", (False, True): "R", (True, True): "N", (False, False): "P"}[
        (left, right)
    ]


def small_boards() -> Iterator[Board]:
    cells = [(r, c) for r in range(2) for c in range(3)]
    for k in range(len(cells) + 1):
        for chosen in itertools.combinations(cells, k):
            yield frozenset(chosen)


@pytest.mark.parametrize("rules", [Domineering(), DomineeringSplit()])
def test_values_agree_with_brute_force_on_sums_and_differences(rules: Domineering) -> None:
    solver = Solver(rules)
    boards = list(small_boards())
    values = {b: solver.value(b) for b in boards}
    assert len(solver) > 0
    for g in boards:
        assert values[g].outcome == outcome((g, False))
    for g, h in itertools.combinations(boards, 2):
        assert (values[g] + values[h]).outcome == outcome((g, False), (h, False))
        assert (values[g] - values[h]).outcome == outcome((g, False), (h, True))
        # G >= H iff Left wins G - H when Right starts (Right moving first loses).
        assert (values[g] >= values[h]) == (not first_player_wins(((g, False), (h, True)), False))


def test_a_python_ruleset_gives_the_families_values() -> None:
    # The Python Domineering and the built-in family on every board of up to 3×3.
    solver = Solver(DomineeringSplit())
    for rows in range(1, 4):
        for cols in range(1, 4):
            board = frozenset((r, c) for r in range(rows) for c in range(cols))
            text = "|".join(["." * cols] * rows)
            assert solver.value(board) == partizan.domineering(text)


class Subtraction:
    """Impartial: take 1, 3 or 4 from a heap; positions are tuples of heaps (a sum)."""

    def options(self, p: tuple[int, ...]) -> list[tuple[int, ...]]:
        return [p[:i] + (h - k,) + p[i + 1:] for i, h in enumerate(p) for k in (1, 3, 4) if k <= h]

    def components(self, p: tuple[int, ...]) -> list[tuple[int, ...]]:
        return [(h,) for h in p if h > 0]


def test_impartial_rulesets() -> None:
    s = Solver(Subtraction())
    # S = {1,3,4}: 0 1 0 1 2 3 2 repeating with period 7 (WW ch. 4).
    assert [s.grundy((n,)) for n in range(14)] == [0, 1, 0, 1, 2, 3, 2] * 2
    assert s.grundy((2, 4, 5)) == 0 ^ 2 ^ 3
    assert s.value((5,)) == Game("*3")
    assert partizan.solve(Subtraction(), (1, 5)) == Game("*2")  # 1 ⊕ 3
    with pytest.raises(TypeError, match="impartial"):
        Solver(Domineering()).grundy(frozenset())


def test_a_python_exception_surfaces_unchanged() -> None:
    class Faulty:
        def __init__(self) -> None:
            self.calls = 0

        def left_options(self, n: int) -> list[int]:
            self.calls += 1
            if n == 3:
                raise KeyError("no moves from 3")
            return [n - 1] if n > 0 else []

        def right_options(self, n: int) -> list[int]:
            return []

    rules = Faulty()
    solver = Solver(rules)
    with pytest.raises(KeyError, match="no moves from 3"):
        solver.value(10)
    # The solver stays usable, and its table holds nothing computed from partial answers.
    assert len(solver) == 0
    assert solver.value(2) == 2

    class BadNormalize(Domineering):
        def normalize(self, p: Board) -> Board:
            raise ZeroDivisionError("normalize")

    with pytest.raises(ZeroDivisionError):
        Solver(BadNormalize()).value(frozenset({(0, 0), (1, 0)}))

    class BadComponents(Domineering):
        def components(self, p: Board) -> Any:
            return 42  # not iterable

    with pytest.raises(TypeError):
        Solver(BadComponents()).value(frozenset({(0, 0), (1, 0)}))


def test_bad_rulesets_raise_instead_of_crashing() -> None:
    class Unhashable:
        def left_options(self, p: int) -> list[list[int]]:
            return [[1]]

        def right_options(self, p: int) -> list[int]:
            return []

    with pytest.raises(TypeError, match="unhashable"):
        Solver(Unhashable()).value(0)
    with pytest.raises(TypeError, match="unhashable"):
        Solver(Domineering()).value([1])

    class Loopy:
        def options(self, p: int) -> list[int]:
            return [1 - p]

    with pytest.raises(ValueError, match="loopy"):
        Solver(Loopy()).value(0)
    with pytest.raises(ValueError, match="loopy"):
        Solver(Loopy()).grundy(0)

    with pytest.raises(TypeError, match="left_options"):
        Solver(object())

    class Reentrant:
        solver: Solver

        def left_options(self, n: int) -> list[Game]:
            return [self.solver.value(n - 1)] if n > 0 else []

        def right_options(self, n: int) -> list[int]:
            return []

    r = Reentrant()
    r.solver = Solver(r)
    with pytest.raises(RuntimeError, match="already solving"):
        r.solver.value(3)


def test_deep_games_do_not_overflow_any_stack() -> None:
    class Countdown:
        """Only Left moves, one step at a time: the value of n is the integer n."""

        def left_options(self, n: int) -> list[int]:
            return [n - 1] if n > 0 else []

        def right_options(self, n: int) -> list[int]:
            return []

    assert Solver(Countdown()).value(100_000) == 100_000


def test_a_ruleset_that_keeps_its_own_solver_is_collected() -> None:
    # The ruleset refers to its solver, which refers to the ruleset and its bound methods: a
    # cycle that only the garbage collector can free, once the solver reports what it holds.
    import gc
    import weakref

    class Ladder:
        """Left removes one rung at a time; Right has no move: the integer n."""

        options: Any

        def __init__(self) -> None:
            self.solver = Solver(self)

        def left_options(self, n: int) -> list[int]:
            return [n - 1] if n > 0 else []

        def right_options(self, n: int) -> list[int]:
            return []

    for solve in ("value", "grundy"):
        rules = Ladder()
        if solve == "value":
            assert rules.solver.value(3) == Game("3")
        else:
            rules.options = rules.left_options  # impartial: a heap of n with moves to n - 1
            assert rules.solver.grundy(3) == 1
        ref = weakref.ref(rules)
        del rules
        gc.collect()
        assert ref() is None, solve
