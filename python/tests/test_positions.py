"""Positions of the families: their own moves, followers and misère play, and their canonical
forms for everything else. Expected values come from the literature or the rules."""

import pickle
from fractions import Fraction

import pytest

import partizan
from partizan import Game, Position


def test_family_functions_give_positions_and_value_only_families_games() -> None:
    p = partizan.nim(2, 2)
    assert isinstance(p, Position) and str(p) == "nim(2,2)"
    assert repr(p) == "Position('nim(2,2)')"
    # A heap of Kayles past the direct method's 100 000 pins is known by its value only.
    assert isinstance(partizan.kayles(200000), Game)


def test_repr_round_trip_and_pickle() -> None:
    for p in [
        partizan.nim(1, 2),
        partizan.domineering("..|.."),
        partizan.kayles(1) + partizan.kayles(1),
        partizan.clobber("xo").impartial(),
    ]:
        q = eval(repr(p), {"Position": Position})
        assert isinstance(q, Position) and str(q) == str(p) and q == p
        assert str(pickle.loads(pickle.dumps(p))) == str(p)
    assert str(Position("kayles(1) + kayles(1)")) == "kayles(1) + kayles(1)"
    with pytest.raises(ValueError, match="not a position"):
        Position("*2")
    with pytest.raises(ValueError):
        Position("nim(")


def test_options_and_followers() -> None:
    # From heaps 1 and 2: take the heap of 1, or take 2 or 1 from the heap of 2.
    assert sorted(str(o) for o in partizan.nim(1, 2).options()) == [
        "nim(0,2)",
        "nim(1,0)",
        "nim(1,1)",
    ]
    assert all(isinstance(o, Position) for o in partizan.nim(1, 2).options())
    d = partizan.domineering("..|..")
    assert not d.is_impartial and partizan.nim(1).is_impartial
    with pytest.raises(ValueError, match="left_options"):
        d.options()
    # Left places vertical dominoes: two ways on a 2×2 board, each leaving a 2×1 column (1).
    assert len(d.left_options()) == 2 and all(o == 1 for o in d.left_options())
    assert len(d.right_options()) == 2 and all(o == -1 for o in d.right_options())
    # CGSuite counts 2784 followers of this Amazons position.
    assert len(partizan.amazons("x...|o...").followers()) == 2784
    assert str(partizan.nim(1).followers()[0]) == "nim(1)"


def test_misere_play() -> None:
    # Bouton (WW ch. 13): in misère Nim with a heap larger than 1, the P-positions are those of
    # XOR 0 — 1 ⊕ 2 ⊕ 3 = 0.
    assert partizan.nim(1, 2, 3).misere_outcome() == "P"
    # A single heap of 1 is a misère P-position: the mover must take it and then wins nothing.
    assert partizan.nim(1).misere_outcome() == "P"
    form = (partizan.nim(2) + partizan.nim(2)).misere_canonical_form()
    assert isinstance(form, partizan.MisereGame) and str(form) == "*[2[2]]"
    assert form == partizan.nim(2).misere_canonical_form() + partizan.MisereGame(2)
    assert isinstance(partizan.nim(2).genus(), str)
    with pytest.raises(ValueError, match="partizan"):
        partizan.domineering("..|..").misere_canonical_form()


def test_arithmetic_comparison_and_delegation() -> None:
    assert partizan.nim(1, 2, 3) == 0
    s = partizan.nim(1) + partizan.nim(2)
    assert isinstance(s, Position) and str(s) == "nim(1) + nim(2)" and s == Game("*3")
    g = partizan.nim(2) + Game("*")
    assert isinstance(g, Game) and g == Game("*3")
    assert isinstance(Game("*") + partizan.nim(2), Game)
    assert isinstance(partizan.nim(2) + 1, Game) and partizan.nim(2) + 1 == Game("1*2")
    assert -partizan.domineering("..") == 1 and isinstance(-partizan.domineering(".."), Game)
    assert partizan.domineering(".|.") > 0 and partizan.domineering("..") < 0
    assert partizan.domineering("..|..") == Game("+-1")
    assert not partizan.domineering("..|..") >= 0
    assert partizan.nim(1, 2) == partizan.nim(3) and partizan.nim(1, 2) != partizan.nim(2)
    assert hash(partizan.nim(1, 2)) == hash(Game("*3"))
    assert hash(partizan.domineering(".|.")) == hash(1)
    assert len({partizan.nim(1, 2), partizan.nim(3), Game("*3")}) == 1
    h = partizan.hackenbush("BR")
    assert h.canonical_form() == Game("1/2") and isinstance(h.canonical_form(), Game)
    assert h.mean == Fraction(1, 2) and h.outcome == "L"
    assert partizan.domineering("..|..").temperature == 1
    assert partizan.nim(1, 2).nim_value == 3
    with pytest.raises(AttributeError):
        partizan.nim(1).no_such_attribute


def test_impartial_closure_and_winning_moves() -> None:
    # The impartial closure of Domineering is Cram: on 2×2 either player's move leaves a 1×2
    # strip, *, so the closure is {*|*} = 0.
    c = partizan.domineering("..|..").impartial()
    assert isinstance(c, Position) and c.is_impartial and c == 0
    # nim(1,2) = *3: the winning move is to nim(1,1) (XOR 0).
    left, right = partizan.nim(1, 2).winning_moves()
    assert [str(o) for o in left] == ["nim(1,1)"] and [str(o) for o in right] == ["nim(1,1)"]
    # Named in MCGS's notation: in Clobber xoxo (by the rules) Left's 1-2 and 3-2 win, and
    # Right's 2-3 and 4-3.
    left_named, right_named = partizan.clobber("xoxo").winning_move_names()
    assert {k: str(v) for k, v in left_named.items()} == {"1-2": 'clobber(".xxo")', "3-2": 'clobber("xx.o")'}
    assert sorted(right_named) == ["2-3", "4-3"]


def test_options_in_expressions_are_positions() -> None:
    options = partizan.evaluate("nim(1,2).LeftOptions")
    assert all(isinstance(o, Position) for o in options)
    assert sorted(str(o) for o in options) == ["nim(0,2)", "nim(1,0)", "nim(1,1)"]


def test_value_only_positions_refuse_tree_questions() -> None:
    p = Position("kayles(200000)")
    assert p.canonical_form() == partizan.kayles(200000)
    with pytest.raises(ValueError, match="value only"):
        p.followers()


def test_outcome_by_search_agrees_with_the_canonical_form() -> None:
    # Two squares one above the other: one move for Left (vertical), none for Right: 1, so L.
    outcome, stats = partizan.domineering(".|.").outcome_by_search()
    assert outcome == "L"
    # Two rows of three: {2 | -1/2} (CGSuite), whoever starts wins.
    p = partizan.domineering("...|...")
    outcome, stats = p.outcome_by_search()
    assert outcome == "N" == p.canonical_form().outcome
    # Domineering boards are searched on a bitboard, without valuing components.
    assert stats["components_valued"] == 0 and stats["positions_searched"] >= 1
    # Clobber "xo": Left's capture and Right's each leave no move, so {0 | 0} = *, N. A board
    # this small is decided by the first search (no value), both ways; without the first
    # search it is valued whole by the canonical-form solver within the budget.
    outcome, stats = partizan.clobber("xo").outcome_by_search()
    assert outcome == "N"
    assert stats["first_searches_decided"] == 2 and stats["components_valued"] == 0
    outcome, stats = partizan.clobber("xo").outcome_by_search(first_budget=0)
    assert outcome == "N"
    assert stats["components_valued"] == 1 and stats["positions_searched"] == 0


def test_outcome_of_an_elephants_strip() -> None:
    # A strip of MCGS's elephants tests, value {-27 | -29} by CGSuite: Right wins.
    p = partizan.elephants_rhinos("E...EE.R...E.....RRRR..E...R.....R.R...R")
    assert p.outcome == "R"
    assert p.outcome_by_search()[0] == "R"


def test_a_flag_argument_may_be_a_python_bool() -> None:
    # Toads and Frogs with no slides and friendly jumps (MCGS's gen_toads): in TT. Left's only
    # move is the first toad jumping its friend to .TT, where nothing moves; Right has none. So
    # the value is {0 | } = 1, and True is the flag 1.
    assert partizan.toads("TT.", slide=0, friendly=True) == partizan.toads("TT.", slide=0, friendly=1)
    assert partizan.toads("TT.", slide=0, friendly=True).canonical_form() == Game("1")
