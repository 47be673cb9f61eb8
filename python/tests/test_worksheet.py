"""The worksheet language from Python: partizan.eval and partizan.Worksheet.

Expected values come from CGSuite's EvalTest (lib/core/src/test/scala/org/cgsuite/lang/) or from
the same computation in Python.
"""

from fractions import Fraction

import pytest

import partizan


def test_eval_runs_statements_loops_and_comprehensions() -> None:
    assert partizan.eval("g := 7; g + 1") == partizan.Game(8)
    assert partizan.eval("[x^2 for x from 1 to 5]") == [partizan.Game(n * n) for n in range(1, 6)]
    assert partizan.eval("for n from 1 to 10 by 3 yield n end") == [partizan.Game(n) for n in range(1, 11, 3)]
    assert partizan.eval("if 1 > 0 then \"yes\" else \"no\" end") == "yes"
    assert partizan.eval("0;") is None


def test_values_are_native() -> None:
    assert partizan.eval("4/6") == Fraction(2, 3)
    assert partizan.eval("{3,5,3,1}") == frozenset(partizan.Game(n) for n in (1, 3, 5))
    assert partizan.eval('{"a" => 1}') == {"a": partizan.Game(1)}
    assert partizan.eval("3..12..3") == range(3, 13, 3)
    assert partizan.eval("begin end") is None
    assert partizan.eval("Left") == "Left"


def test_a_worksheet_keeps_its_names() -> None:
    w = partizan.Worksheet()
    assert w.eval("fact := n -> if n == 0 then 1 else n * fact(n - 1) end;") is None
    import math

    assert w.eval("fact(20)") == partizan.Game(math.factorial(20))
    assert w.names == ["fact"]
    assert "fact" in w
    w.eval("g := {2||1|0}")
    assert w["g"] == partizan.Game("{2||1|0}")
    assert w.run("a := 1\na + 1\nb := 3;") == [partizan.Game(1), partizan.Game(2)]
    w.clear()
    assert w.names == []
    with pytest.raises(KeyError):
        w["g"]


def test_cgsuite_names_and_errors() -> None:
    kayles = [partizan.kayles(n).nim_value for n in range(1, 21)]
    assert partizan.eval("[game.heap.Kayles(n).NimValue for n from 1 to 20]") == [partizan.Game(v) for v in kayles]
    with pytest.raises(ValueError, match="unknown name"):
        partizan.eval("undefined_name + 1")
    with pytest.raises(ValueError, match="deeper than"):
        partizan.eval("f := n -> f(n); f(1)")
