"""partizan: combinatorial game theory for short games, with a Rust engine.

>>> import partizan
>>> print(partizan.Game("{0|*}") + partizan.Game("^"))
^^
>>> partizan.Game("{3|-2}").mean
Fraction(1, 2)
>>> partizan.domineering("..|..")
Position('domineering("..|..")')
>>> partizan.domineering("..|..").canonical_form()
Game('+-1')
>>> partizan.nim(1, 2, 3).misere_outcome()
'P'
>>> partizan.octal("0.77").grundy(range(8))
[0, 1, 2, 3, 1, 4, 3, 2]

``Game`` is a value in canonical form (CGSuite notation in and out); every family of the
command line is a function here (``partizan.families()`` lists them), which gives a
``Position`` when the family gives its positions (its own options, followers and misère play;
its canonical form for everything else, ``p.mean``) and a ``Game`` when it is known by its
value only; ``partizan.table`` gives a
family's table as a list of lists; ``partizan.Solver`` solves a ruleset written in Python with
the Rust solver. Numbers come back as ``fractions.Fraction``, Grundy values and nimber values as
``int``. Bad input raises ``ValueError`` with the command line's message.
"""

import html as _html

from . import _core
from ._core import (
    Game,
    GrundyRun,
    LoopyGame,
    MisereGame,
    Position,
    Solver,
    Thermograph,
    Worksheet,
)

__all__ = [
    "Game",
    "GrundyRun",
    "LoopyGame",
    "MisereGame",
    "Position",
    "Solver",
    "Thermograph",
    "Worksheet",
    "Table",
    "HeapGame",
    "evaluate",
    "eval",
    "families",
    "methods",
    "solve",
    "table",
    "tables",
    "clear_caches",
]

__version__ = "0.1.0"


def evaluate(expression):
    """Evaluate an expression of the notation, as ``partizan eval`` does.

    Families, methods and comparisons may be used: ``evaluate("^ <| *")`` is ``True``,
    ``evaluate("({3|-2}).Thermograph")`` a ``Thermograph``. The value is a ``Game``, a
    ``bool``, a ``list``, a ``Thermograph``, a ``MisereGame`` (``evaluate("*[2] + *[2]")``), a
    ``LoopyGame`` (``evaluate("on + off")`` is ``LoopyGame('dud')``; both add, compare and print in
    CGSuite's notation) or a ``str``: an explicit game in quotes (``evaluate("'{*|*}'")`` is
    ``"'{*|*}'"``, which evaluates back to it; ``evaluate("'{*|*}'.CanonicalForm")`` is
    ``Game(0)``), an outcome with draws by its name (``"D"``, ``"NHat"``), a genus (``"0^120"``);
    Smith's value of an impartial loopy game is an ``int`` when finite, else its notation
    (``"inf_{0,1}"``). A position answers with its canonical form, but the options of one are
    ``Position`` objects (``evaluate("nim(1,2).LeftOptions")``); for the position itself,
    ``Position("nim(1,2)")``.
    """
    return _core.evaluate(expression)


def eval(text):  # noqa: A001 (the worksheet's own name, as partizan.eval)
    """Evaluate an entry of CGSuite's worksheet language, as ``partizan eval`` does.

    The entry may be several statements (``"g := 7; g + 1"`` is ``Game(8)``), loops and
    comprehensions (``eval("[n^2 for n from 1 to 5]")`` is ``[1, 4, 9, 16, 25]``), functions,
    collections and CGSuite's names (``eval("game.heap.Kayles(5).NimValue")`` is ``4``).
    Sets are ``frozenset``, maps ``dict``, ranges ``range``, rationals ``Fraction``, ``Nothing``
    is ``None``. The value of the last statement is returned (``None`` when it ends with ``;``).
    Each call starts afresh; a ``Worksheet`` keeps its names from one entry to the next. For a
    program, Python itself is the language: ``[partizan.kayles(n).nim_value for n in range(1,
    21)]``.
    """
    return Worksheet().eval(text)


def methods():
    """The methods of games: ``{name: (cgsuite_name, params, summary)}``.

    Those without parameters are properties of ``Game`` (``g.atomic_weight``); the others are
    methods (``g.ordinal_sum(h)``).
    """
    return {name: (cg, tuple(params), summary) for name, cg, params, summary in _core.methods()}


def families():
    """Every family callable as ``partizan.NAME(...)``: ``{name: usage}``."""
    return {f["name"]: f["usage"] for f in _FAMILIES}


def clear_caches():
    """Empty the algebra's (bounded) memo tables, returning their memory at once."""
    _core.clear_caches()


def solve(ruleset, position):
    """The canonical form of ``position`` under a ruleset written in Python.

    A one-off ``Solver(ruleset).value(position)``: keep a ``Solver`` to reuse its transposition
    table across positions.
    """
    return Solver(ruleset).value(position)


# --------------------------------------------------------------------------------------------
# Tables


class Table(list):
    """A family's table: a list of rows, each a list of cells.

    Cells are ``Game`` values, or ``int`` Grundy values in a table of Grundy values. ``index``
    and ``columns`` are the row and column keys (as strings, as the command line prints them),
    ``caption`` the table's title; ``to_pandas()`` gives a ``pandas.DataFrame`` when pandas is
    installed (it is not a dependency), and ``str(table)`` the command line's text.
    """

    def __init__(self, rows, *, caption, columns, index, column_label, row_label, text):
        super().__init__(rows)
        self.caption = caption
        self.columns = columns
        self.index = index
        self.column_label = column_label
        self.row_label = row_label
        self._text = text

    def to_pandas(self):
        try:
            import pandas
        except ImportError as e:  # pragma: no cover - depends on the environment
            raise ImportError("Table.to_pandas() needs pandas: pip install pandas") from e
        frame = pandas.DataFrame(list(self), index=self.index, columns=self.columns)
        frame.index.name = self.row_label or None
        frame.columns.name = self.column_label or None
        frame.attrs["caption"] = self.caption
        return frame

    def __str__(self):
        return self._text

    def __repr__(self):
        return f"<Table {self.caption!r}: {len(self)} rows>"

    def _repr_html_(self):
        def cell(x, tag="td"):
            text = x.unicode if isinstance(x, Game) else str(x)
            return f"<{tag}>{_html.escape(text)}</{tag}>"

        corner = f"{self.row_label}\\{self.column_label}" if self.row_label else self.column_label
        head = "".join(cell(c, "th") for c in [corner] + self.columns)
        body = "".join(
            "<tr>" + cell(key, "th") + "".join(cell(x) for x in row) + "</tr>"
            for key, row in zip(self.index, self)
        )
        caption = f"<caption>{_html.escape(self.caption)}</caption>" if self.caption else ""
        return f"<table>{caption}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _cell(text, grundy):
    if grundy and text.isdigit():
        return int(text)
    try:
        return Game(text)
    except ValueError:
        return text


def table(name, **params):
    """The table of family ``name``, as ``partizan table NAME rows=3 cols=4`` prints it.

    The keyword arguments are the family's integer parameters (``partizan.tables()`` lists
    them; ``None`` means the default): ``table("domineering", rows=3, cols=3)[1][1]`` is the
    value of the 2×2 board, ``table("queen", size=9, p=3)`` the partizan Queen with a
    diagonal reach of two. An unknown family or parameter raises ``ValueError`` with the command
    line's message. Cells are ``Game`` values, or ``int`` Grundy values in the tables whose
    caption says they are Grundy values.
    """
    caption, column_label, row_label, columns, index, cells = _core.table(name, **params)
    # The library's tables are cells of text; those of Grundy values say so in their caption
    # ("Grundy values of ..."), and their cells n mean *n.
    grundy = "grundy" in caption.lower()
    corner = f"{row_label}\\{column_label}" if row_label else column_label
    lines = [f"# {caption}"] if caption else []
    lines.append("\t".join([corner] + columns))
    lines += ["\t".join([key] + row) for key, row in zip(index, cells)]
    return Table(
        [[_cell(c, grundy) for c in row] for row in cells],
        caption=caption,
        columns=columns,
        index=index,
        column_label=column_label,
        row_label=row_label,
        text="\n".join(lines) + "\n",
    )


def tables():
    """Every family with a table: ``{name: usage}``, the usage naming its parameters."""
    return {f["name"]: f["table"] for f in _FAMILIES if f["table"] is not None}


# --------------------------------------------------------------------------------------------
# Heap games and their Grundy sequences

def _call_args(args):
    """Arguments of a family call: a set of numbers (a subtraction set) becomes the string of
    the expression language, ``"1,3,4"``."""
    return tuple(_rule_text(a) if isinstance(a, _SETS) else a for a in args)


_SETS = (list, tuple, set, frozenset, range)


def _rule_text(arg):
    if isinstance(arg, _SETS):
        return ",".join(str(int(x)) for x in sorted(arg))
    return str(arg)


class HeapGame:
    """A heap game without its heap: ``partizan.octal("0.77")``, ``partizan.kayles()``.

    A family with a Grundy sequence (``partizan grundy NAME ARGS``), called with only the
    arguments of its rules, gives a ``HeapGame``: ``g(n)`` is a heap of ``n`` (a ``Position``
    whose canonical form is a nimber, or that nimber ``Game`` when the heap is known by its value
    only); ``g.grundy(n)`` its Grundy value (an ``int``), ``g.grundy(range(100))`` a
    list of them, computed with integers only; ``g.periodicity`` the ``(preperiod, period)``
    proven by the Octal Periodicity Theorem (or the subtraction-game window argument), or
    ``None``. ``HeapGame(family, rules)`` raises ``ValueError`` when the family's sequence does
    not accept these rules.
    """

    def __init__(self, family, rules):
        self.family = family
        self.rules = tuple(rules)
        self._rule_texts = [_rule_text(r) for r in self.rules]
        self._call_args = _call_args(self.rules)
        self._values = []
        self._period = None
        self.description = None
        self._compute(0)

    def __call__(self, n):
        """The value of a heap of ``n``."""
        return _core.call_family(self.family, self._call_args + (n,))

    def _compute(self, to):
        if to >= len(self._values):
            self.description, self._values, self._period = _core.sequence(
                self.family, self._rule_texts, max(to, 2 * len(self._values))
            )

    def grundy(self, n):
        """The Grundy value of a heap of ``n`` (an int), or a list for an iterable of sizes."""
        if isinstance(n, int):
            if n < 0:
                raise ValueError(f"a heap size must be non-negative, not {n}")
            self._compute(n)
            return self._values[n]
        sizes = list(n)
        if not sizes:
            return []
        if any(not isinstance(k, int) or k < 0 for k in sizes):
            raise ValueError("heap sizes must be non-negative ints")
        self._compute(max(sizes))
        return [self._values[k] for k in sizes]

    @property
    def periodicity(self):
        """``(preperiod, period)`` when proven, else ``None``."""
        return self._period

    def __repr__(self):
        args = ", ".join(repr(r) for r in self.rules)
        return f"partizan.{self.family}({args})"


# --------------------------------------------------------------------------------------------
# The families, one function each, generated from the library's registry

_FAMILIES = _core.families()


def _family_function(info):
    name = info["name"]
    heap = info["sequence"] is not None

    def family(*args, **kwargs):
        try:
            return _core.call_family(name, _call_args(args), kwargs)
        except ValueError as error:
            # Not a game: the arguments may be the rules of a heap game without its heap.
            if not heap or kwargs:
                raise
            try:
                return HeapGame(name, args)
            except ValueError:
                raise error from None

    family.__name__ = family.__qualname__ = name
    family.__module__ = __name__
    doc = [info["usage"], "", f"Example: partizan.{info['example']}"]
    if info["loopy"]:
        doc.append(
            "A loopy family: a value that is not a short game comes back as its notation (a str),"
            " Smith's finite values as ints."
        )
    if heap:
        doc.append(
            f"Called with only its rules (as `partizan {info['sequence']}`), it gives a HeapGame"
            " with .grundy(...)."
        )
    if info["table"] is not None:
        params = "; ".join(f"{p}: {meaning}" for p, meaning in info["table_params"])
        doc.append(f"partizan.{name}.table(...) is partizan.table({name!r}, ...); {params}.")

        def family_table(**params):
            return table(name, **params)

        family_table.__name__ = "table"
        family.table = family_table
    family.__doc__ = "\n".join(doc)
    return family


for _info in _FAMILIES:
    globals()[_info["name"]] = _family_function(_info)
    __all__.append(_info["name"])

del _info
