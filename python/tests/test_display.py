"""Notebook display: LaTeX and HTML for games, SVG for thermographs and positions."""

import xml.etree.ElementTree as ET
from fractions import Fraction

import partizan
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


def _svg(p: partizan.Position) -> ET.Element:
    """The position's picture, parsed as XML (so well-formed), with its root checked."""
    text = p._repr_svg_()
    assert text is not None and text == p.to_svg()
    root = ET.fromstring(text)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def _count(root: ET.Element, tag: str, **attrs: str) -> int:
    return sum(
        all(e.get(k) == v for k, v in attrs.items())
        for e in root.iter("{http://www.w3.org/2000/svg}" + tag)
    )


BLUE, RED = "#1f5fbf", "#c8322d"


def test_boards_are_drawn_square_by_square_with_their_pieces() -> None:
    # Clobber 2×3 with three stones of each player and no empty square: 6 squares, 3 blue and
    # 3 red discs.
    root = _svg(partizan.clobber("xox|oxo"))
    assert _count(root, "rect") == 6
    assert (_count(root, "circle", fill=BLUE), _count(root, "circle", fill=RED)) == (3, 3)
    # Domineering: squares only, the hole dark.
    root = _svg(partizan.domineering("..|.#"))
    assert _count(root, "rect") == 4 and _count(root, "rect", fill="#555") == 1
    assert _count(root, "circle") == 0
    # Toads and Frogs, one row: T Left's (blue), F Right's (red).
    root = _svg(partizan.toads("TT..F"))
    assert _count(root, "rect") == 5
    assert (_count(root, "circle", fill=BLUE), _count(root, "circle", fill=RED)) == (2, 1)
    # Amazons: an arrow is a dark square.
    root = _svg(partizan.amazons("x.#|..o"))
    assert _count(root, "rect", fill="#555") == 1 and _count(root, "circle") == 2
    # Sheep: herds with their sizes written on them.
    root = _svg(partizan.sheep("2, 0 | 0, -3"))
    texts = [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert sorted(texts) == ["2", "3"]


def test_hackenbush_is_drawn_standing_on_the_ground() -> None:
    # Two stalks, Blue-Red and Green: three edges in their colours above one ground line.
    root = _svg(partizan.hackenbush("BR G"))
    assert _count(root, "line") == 1  # the ground
    paths = list(root.iter("{http://www.w3.org/2000/svg}path"))
    assert sorted(p.get("stroke") or "" for p in paths) == sorted([BLUE, RED, "#2e8b3a"])
    # Edge-list form: a triangle on the ground with a red edge on top.
    root = _svg(partizan.hackenbush("0-a:B 0-b:B a-b:R"))
    assert len(list(root.iter("{http://www.w3.org/2000/svg}path"))) == 3


def test_positions_without_a_picture_have_none() -> None:
    assert partizan.nim(1, 2)._repr_svg_() is None
    assert (partizan.clobber("xo") + partizan.clobber("ox"))._repr_svg_() is None
