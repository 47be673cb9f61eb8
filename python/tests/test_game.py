"""partizan.Game: notation, options, operators, comparisons, hashing, properties, errors.

Expected values come from the books, not from the engine: Winning Ways (WW), Lessons in Play
(LIP), Siegel's Combinatorial Game Theory (CGT)."""

import pickle
from fractions import Fraction

from typing import Callable

import pytest

import partizan
from partizan import Game


def test_done_when() -> None:
    # {0|*} is up (WW ch. 3), and up + up is double-up.
    assert str(Game("{0|*}") + Game("^")) == "^^"


def test_notation_and_options_agree() -> None:
    assert Game("{0|*}") == Game.new(left=[0], right=[Game.nimber(1)]) == Game.up()
    assert Game.new(left=[0, "*"], right=[0, "*"]) == Game("*2")  # *2 = {0,*|0,*}
    assert Game.new(left=[0], right=[1]) == Fraction(1, 2)  # {0|1} = 1/2 (simplicity)
    assert Game.new(left=[-1], right=[1]) == 0  # {-1|1} = 0
    assert Game.new() == Game() == 0
    assert Game.new(left=[1], right=[1]) == Game("1*")  # {1|1} = 1*
    assert Game("{1|*}").left_options == [Game(1)]
    assert Game("{1|*}").right_options == [Game("*")]


def test_str_and_repr_round_trip() -> None:
    for text in ["0", "^^", "v*", "3/8", "-5", "*3", "+-1", "{3||2|1}", "1/2^*", "{2|0||-1}"]:
        g = Game(text)
        assert str(g) == text
        assert eval(repr(g), {"Game": Game}) == g
        assert pickle.loads(pickle.dumps(g)) == g


def test_unicode() -> None:
    assert Game("^^*").unicode == "⇑*"
    assert Game("+-1").unicode == "±1"


def test_operators() -> None:
    up, star = Game("^"), Game("*")
    assert up + up + star == Game("^^*")
    assert -up == Game("v")
    assert up - up == 0
    assert star + star == 0  # * + * = 0 (WW ch. 2)
    assert Game("1/2") + Game("1/2") == 1
    assert 1 + Game("*") == Game("1*")
    assert Fraction(3, 4) - Game("1/4") == Fraction(1, 2)
    assert +up == up


def test_comparisons_have_cgsuites_meaning() -> None:
    up, star = Game("^"), Game("*")
    # ↑ > 0, and ↑ is confused with * (WW ch. 3; LIP ch. 5).
    assert up > 0 and up >= 0 and not up <= 0 and 0 < up
    assert up.confused_with(star) and star.confused_with(up)
    assert not (up < star or up > star or up == star or up <= star or up >= star)
    assert up != star
    assert up.compare(star) == "||"
    assert up.compare(0) == ">"
    assert Game("v").compare(0) == "<"
    assert (up + up + star).compare(0) == ">"  # ⇑* > 0
    # ±1 is confused with 0; 1/2 < 1; comparisons with plain numbers.
    assert Game("+-1").confused_with(0)
    assert Game("1/2") < 1 and Game("1/2") == Fraction(1, 2)
    assert (Game("*") == "*") is False  # strings are not coerced in comparisons


def test_hashing() -> None:
    # A number hashes as its Fraction, so it finds the game's entry.
    d: dict[object, str] = {Game("{0|*}"): "up", Game("1/2"): "half"}
    assert d[Game("^")] == "up"
    assert d[Fraction(1, 2)] == "half"
    assert hash(Game(1)) == hash(1) and Game(1) == 1
    assert len({Game("{1|1}"), Game("1*"), Game("*") + 1}) == 1


def test_numbers_are_fractions_and_nimbers_ints() -> None:
    g = Game("{3|-2}")
    # A switch {a|b} with a > b: mean (a+b)/2, temperature (a-b)/2 (LIP ch. 6; CGT II.5).
    assert g.mean == Fraction(1, 2) and isinstance(g.mean, Fraction)
    assert g.temperature == Fraction(5, 2)
    assert (g.left_stop, g.right_stop) == (Fraction(3), Fraction(-2))
    assert isinstance(g.left_stop, Fraction)
    # Cooled by its temperature, the switch becomes its mean plus * (CGT Def. II.5.1).
    assert g.cool(Fraction(5, 2)) == Game("1/2*")
    assert g.cool(1) == Game("{2|-1}")
    # Heating is the inverse of cooling on this switch.
    assert Game("{2|-1}").heat(1) == g
    assert Game(5).temperature == -1  # an integer's temperature is -1 (CGT)
    assert Game("*5").nim_value == 5 and isinstance(Game("*5").nim_value, int)
    assert Game("3/4").to_fraction() == Fraction(3, 4)
    assert float(Game("-3/8")) == -0.375
    assert Game("{1|-1}").outcome == "N" and Game("^").outcome == "L"
    assert Game("v").outcome == "R" and Game("*2+*2").outcome == "P"
    assert Game("{1|-1}").canonical_form == Game("+-1")
    assert Game("*2").birthday == 2 and Game("^").birthday == 2
    assert Game("1/2").is_number and Game("*7").is_nimber and Game("^*").is_infinitesimal


def test_the_methods_of_the_expression_language_by_name() -> None:
    # The atomic weight of ⇑* is 2 (LIP ch. 9: aw(n·↑ + *) = n).
    assert Game("^^*").atomic_weight == 2
    assert Game("^").is_all_small is True
    # 1 : 1 = 2 and 1 : -1 = 1/2 (ordinal sums of integers; WW ch. 2).
    assert Game(1).ordinal_sum(1) == 2
    assert Game(1).ordinal_sum(-1) == Fraction(1, 2)
    # The incentives of {2|-1}: 2 - {2|-1} and {2|-1} + 1 are both {3|0}.
    assert Game("{2|-1}").incentives == [Game("{3|0}")]
    # Both spellings.
    assert Game("^^*").AtomicWeight == 2
    assert "ordinal_sum" in dir(Game("^"))
    assert set(partizan.methods()) >= {"atomic_weight", "cool", "thermograph", "mean"}
    with pytest.raises(AttributeError):
        Game("^").no_such_method  # type: ignore[attr-defined]  # the error is the test
    with pytest.raises(TypeError):
        Game(1).ordinal_sum()  # type: ignore[call-arg]  # the error is the test


def test_evaluate() -> None:
    assert partizan.evaluate("^ <| *") is True
    assert partizan.evaluate("{0|*} + ^") == Game("^^")
    assert partizan.evaluate("({1|-1}).LeftOptions") == [Game(1)]


def test_evaluate_an_explicit_game() -> None:
    # A quoted game is kept as written, and comes back as its notation, which evaluates back to
    # it. {*|*} = 0 (each player's only move is to *, from which the other moves to 0 and
    # wins), but the written options differ from those of 0, which has none.
    form = partizan.evaluate("'{*|*}'")
    assert form == "'{*|*}'" and partizan.evaluate(form) == form
    assert partizan.evaluate(f"{form}.CanonicalForm") == Game(0)
    # Its options as written: * is a game in canonical form.
    assert partizan.evaluate("'{*|*}'.LeftOptions") == [Game("*")]
    assert partizan.evaluate("{*|*}.LeftOptions") == []
    # The ordinal sum uses the form: {*|*}:1 = {*, {*|*}:0 | *} = {0, * | *}, whose Left option
    # * reverses through 0 (Right answers * with 0, and {0, * | *} >= 0) to nothing: {0|*} = ^.
    # On the canonical form, 0:1 = 1. The compound of an explicit game is kept as written, as
    # CGSuite keeps it, until its canonical form is asked for.
    assert partizan.evaluate("'{*|*}'.OrdinalSum(1)") == "'{*|*}' : 1"
    assert partizan.evaluate("'{*|*}'.OrdinalSum(1).CanonicalForm") == Game("^")
    assert partizan.evaluate("'{0|}' + 1") == "'{0|}' + 1"
    assert partizan.evaluate("{*|*}.OrdinalSum(1)") == Game(1)
    with pytest.raises(ValueError, match="explicit game"):
        Game("'{*|*}'")


def test_evaluate_a_loopy_value() -> None:
    # on + off = dud, and over = {0 | pass} is positive and below every positive number
    # (Winning Ways ch. 11; Siegel, CGT ch. VI): loopy values come back in CGSuite's notation.
    assert partizan.evaluate("on + off") == partizan.LoopyGame("dud")
    over = partizan.evaluate("a{0|a}")
    assert isinstance(over, partizan.LoopyGame) and str(over) == "over"
    assert repr(over) == "LoopyGame('over')"
    # Loopy games add, negate and compare as objects (Siegel, CGT ch. VI): on + off = dud,
    # -over = under, over + under = over & under (onside over); over > 0 but over < 1/1024.
    on, off = partizan.LoopyGame("on"), partizan.LoopyGame("off")
    assert str(on + off) == "dud" and str(-over) == "under"
    assert over > 0 and over < Fraction(1, 1024) and not (over <= 0)
    both = over + partizan.LoopyGame("under")
    assert isinstance(both, partizan.LoopyGame) and str(both) == "over & under"
    assert both.onside == over and both.offside == partizan.LoopyGame("under")
    assert on.outcome == "L" and on.is_stopper is True
    assert isinstance(over + 0, partizan.LoopyGame) and str(over + 1) == "1over"
    assert partizan.evaluate("a{0|a} > 0") is True
    assert partizan.evaluate("a{0|a} < 1/1024") is True
    # {0 | {dud|}, *}: Left moving first wins (to 0); Right moving first can at best draw (to
    # {dud|}, where Left moves to dud): outcome NHat.
    assert partizan.evaluate("{0|{dud|},*}.OutcomeClass") == "NHat"
    # Smith's value of a -> b -> c -> {0, a}: b gets 0 (its only option c has the option 0), a
    # then 1 (its only option b is 0), c the mex of 0 and 1, 2. Finite values are ints.
    assert partizan.evaluate("a{b{c{0,a|0,a}|c}|b}.SmithValue") == 1
    # a = {a|a} only moves to itself: no position is ever labelled finite, so inf with no
    # finite options (a draw), as a string.
    assert partizan.evaluate("a{a|a}.SmithValue") == "inf"


def test_evaluate_misere_values() -> None:
    # *2 = {0, * | 0, *} has no reversible or dominated options in misère play either, so its
    # misère canonical form is itself, which CGSuite writes *[2].
    assert partizan.evaluate("*2.MisereCanonicalForm") == partizan.MisereGame("*[2]")
    assert str(partizan.evaluate("*2.MisereCanonicalForm")) == "*[2]"
    # The genus of 0 (Winning Ways ch. 13): its normal value 0, then the misère Grundy values
    # of 0, 0 + *2 and 0 + *2 + *2, which are 1, 2 and 0: written 0^120.
    assert partizan.evaluate("0.Genus") == "0^120"
    # Misère play of 1 = {0 |}: the player who cannot move wins. Right, moving first, cannot
    # move and wins; Left, moving first, must move to 0, where Right cannot move and wins.
    assert partizan.evaluate("1.MisereOutcomeClass") == "R"


def test_evaluate_misere_literals() -> None:
    # CGSuite's misère notation is read: *2 + *2 under misère play, which CGSuite writes with a
    # subscript, and {*2}, whose genus is 0^02 (Winning Ways ch. 13).
    two = partizan.MisereGame("*[2]")
    assert partizan.evaluate("*[2] + *[2]") == two + two
    assert str(two + two) == "*[2[2]]" and repr(two) == "MisereGame('*[2]')"
    # *[1] + *[1] = *[0] (ONAG ch. 12: * + * is 0 in misère play too); *[1] is a P-position
    # (the mover must take the last token), *[0] an N-position (no move: the mover wins).
    one = partizan.MisereGame(1)
    assert one + one == partizan.MisereGame(0) and (one.outcome, (one + one).outcome) == ("P", "N")
    assert two.genus == "2^20" and sorted(str(o) for o in two.options) == ["*[0]", "*[1]"]
    assert partizan.MisereGame("*[2#]").genus == "0^02" and two.is_tame
    assert pickle.loads(pickle.dumps(two)) == two and len({two, partizan.MisereGame(2)}) == 1
    assert partizan.evaluate("*[2#].Genus") == "0^02"
    with pytest.raises(ValueError, match="misère game"):
        partizan.evaluate("*[2].Mean")


def test_bad_notation_raises_value_error_with_position() -> None:
    with pytest.raises(ValueError) as e:
        Game("{1|*2")
    assert str(e.value) == "at byte 5 of \"{1|*2\": expected ',' or '}'"  # the CLI's message
    # The engine sets `position` and `input` on the ValueError it raises.
    assert getattr(e.value, "position") == 5 and getattr(e.value, "input") == "{1|*2"
    with pytest.raises(ValueError, match="write 1.5 as 3/2"):
        Game("1.5")
    with pytest.raises(ValueError, match="not a dyadic rational"):
        Game(Fraction(1, 3))
    with pytest.raises(ValueError, match="not a nimber"):
        Game("^").nim_value
    with pytest.raises(ValueError):
        Game("*").cool(-1)  # cooling is defined for t > -1
    with pytest.raises(ValueError):
        Game("{3|-2}").atomic_weight  # a hot game has no atomic weight
    with pytest.raises(TypeError):
        Game(1.5)  # type: ignore[arg-type]  # the error is the test
    with pytest.raises(TypeError):
        Game.new(left="*")
    with pytest.raises(TypeError):
        Game("^") + "^"  # type: ignore[operator]  # the error is the test


def test_requests_beyond_the_limits_raise_instead_of_crashing() -> None:
    with pytest.raises(OverflowError):
        Game.nimber(2**40).left_options
    with pytest.raises(OverflowError):
        Game.up(-(2**63))
    with pytest.raises(OverflowError):
        Game.nimber(2**64)
    for bad in ["{" * 100000, "}" * 10, "", "((((", "\x00", "domineering(", "nim(-1)"]:
        with pytest.raises(ValueError):
            Game(bad)
    # The ordinal sum *2 : x with x = -m/2^101 (m odd, |x| < 1, so x is born on day 102) shares
    # its followers: born on day 2 + 102, but written out as a tree its notation runs to some
    # 2^100 characters.
    huge = Game("*2:-12345678901234567891/2535301200456458802993406410752")
    assert huge.birthday == 104
    shows: list[Callable[[Game], str]] = [str, repr, lambda g: g.unicode, lambda g: g._repr_html_()]
    for show in shows:
        with pytest.raises(OverflowError, match="longer than the limit"):
            show(huge)
