"""Notebook display: LaTeX and HTML for games, SVG for thermographs."""

import xml.etree.ElementTree as ET
from fractions import Fraction

from partizan import Game


def test_latex() -> None:
    assert Game("^")._repr_latex_() == r"${\uparrow}$"
    assert Game("^^*")._repr_latex_() == r"${\Uparrow}{\ast}$"
    assert Game("v")._repr_latex_() == r"${\downarrow}$"
    assert Game("+-1")._repr_latex_() == r"$\pm 1$"
    assert Game("*3")._repr_latex_() == r"${\ast}3$"
    assert Game("{3||2|1}")._repr_latex_() == r"$\{3\mid \mid 2\mid 1\}$"
    assert Game("1/2")._repr_latex_() == "$1/2$"


def test_html() -> None:
    html = Game("^^*")._repr_html_()
    assert html.startswith("<span") and "⇑*" in html
    assert "±1" in Game("+-1")._repr_html_()
    assert "↑&lt;3&gt;" in Game("^<3>")._repr_html_()


def test_thermograph_svg() -> None:
    t = Game("{3|-2}").thermograph
    assert (t.mean, t.temperature) == (Fraction(1, 2), Fraction(5, 2))
    # Walls of the switch {3|-2}: from (t=-1, 4) and (t=-1, -3) to the mast at (5/2, 1/2).
    assert t.left_wall == [(-1, 4), (Fraction(5, 2), Fraction(1, 2))]
    assert t.right_wall == [(-1, -3), (Fraction(5, 2), Fraction(1, 2))]
    assert t.walls_at(0) == (Fraction(3), Fraction(-2))  # the stops
    assert t.walls_at(3) == (Fraction(1, 2), Fraction(1, 2))
    svg = t._repr_svg_()
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert svg.count('class="wall ') == 2
    assert "{3|-2}" in svg
    assert "temperature: 5/2" in str(t)
    assert "{3|-2}" in repr(t)


def test_table_html() -> None:
    import partizan

    html = partizan.table("domineering", rows=2, cols=2)._repr_html_()
    assert html.startswith("<table><caption>") and "<td>±1</td>" in html
    assert "<th>rows\\cols</th>" in html


def test_thermograph_is_a_property_like_mean() -> None:
    g = Game("{3|-2}")
    t = g.thermograph
    assert t.mean == g.mean and t.temperature == g.temperature
