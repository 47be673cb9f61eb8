"""partizan: combinatorial game theory for short games, with a Rust engine.

>>> import partizan
>>> print(partizan.Game("{0|*}") + partizan.Game("^"))
^^
>>> partizan.Game("{3|-2}").mean
Fraction(1, 2)
>>> partizan.domineering("..|..")
Game('+-1')
>>> partizan.octal("0.77").grundy(range(8))
[0, 1, 2, 3, 1, 4, 3, 2]

``Game`` is a value in canonical form (CGSuite notation in and out); every family of the
command line is a function here (``partizan.families()`` lists them); ``partizan.table`` gives a
family's table as a list of lists; ``partizan.Solver`` solves a ruleset written in Python with
the Rust solver. Numbers come back as ``fractions.Fraction``, Grundy values and nimber values as
``int``. Bad input raises ``ValueError`` with the command line's message.
"""

import html as _html

from . import _core
from ._core import Game, Solver, Thermograph

__all__ = [
    "Game",
    "Solver",
    "Thermograph",
    "Table",
    "HeapGame",
    "evaluate",
    "families",
    "methods",
    "solve",
    "table",
    "clear_caches",
]

__version__ = "0.1.0"


def evaluate(expression):
    """Evaluate an expression of the notation, as ``partizan eval`` does.

    Families, methods and comparisons may be used: ``evaluate("^ <| *")`` is ``True``,
    ``evaluate("({3|-2}).Thermograph")`` a ``Thermograph``. The value is a ``Game``, a
    ``bool``, a ``list``, a ``Thermograph`` or a ``str``.
    """
    return _core.evaluate(expression)


def methods():
    """The methods of games: ``{name: (cgsuite_name, params, summary)}``.

    Those without parameters are properties of ``Game`` (``g.atomic_weight``); the others are
    methods (``g.ordinal_sum(h)``).
    """
    return {name: (cg, tuple(params), summary) for name, cg, params, summary in _core.methods()}


def families():
    """Every family callable as ``partizan.NAME(...)``: ``{name: usage}``."""
    return {name: usage for name, usage, _ in _core.families()}


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


def table(name, *, size=None, rows=None, cols=None, p=None, q=None):
    """The table of family ``name``, as ``partizan table NAME --size ... --rows ...`` prints it.

    ``table("domineering", rows=3, cols=3)[1][1]`` is the value of the 2×2 board. Families with
    tables: ``partizan.tables()``.
    """
    caption, column_label, row_label, columns, index, cells = _core.table(
        name, size=size, rows=rows, cols=cols, p=p, q=q
    )
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
    """Every family with a table: ``{name: usage}``."""
    return {name: usage for name, usage, _ in _core.tables()}


# --------------------------------------------------------------------------------------------
# Heap games and their Grundy sequences

# Expression family -> (sequence family of `partizan grundy`, number of rule arguments before
# the heap size). Calling the family with only its rule arguments gives a HeapGame.
_HEAP_FAMILIES = {
    "octal": ("octal", 1),
    "subtraction": ("subtraction", 1),
    "take_range": ("take-range", 2),
    "kayles": ("kayles", 0),
    "dawson_kayles": ("dawson-kayles", 0),
    "dawson_chess": ("dawson-chess", 0),
    "grundy_game": ("grundy-game", 0),
}


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

    ``g(n)`` is the value of a heap of ``n`` (a nimber ``Game``); ``g.grundy(n)`` its Grundy
    value (an ``int``), ``g.grundy(range(100))`` a list of them, computed with integers only;
    ``g.periodicity`` the ``(preperiod, period)`` proven by the Octal Periodicity Theorem (or
    the subtraction-game window argument), or ``None``.
    """

    def __init__(self, family, sequence, rules):
        self.family = family
        self._sequence = sequence
        self.rules = tuple(rules)
        self._rule_texts = [_rule_text(r) for r in self.rules]
        self._call_args = _call_args(self.rules)
        self._values = []
        self._period = None
        self.description = None

    def __call__(self, n):
        """The value of a heap of ``n``."""
        return _core.call_family(self.family, self._call_args + (n,))

    def _compute(self, to):
        if to >= len(self._values):
            self.description, self._values, self._period = _core.sequence(
                self._sequence, self._rule_texts, max(to, 2 * len(self._values))
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
        self._compute(0)
        return self._period

    def __repr__(self):
        args = ", ".join(repr(r) for r in self.rules)
        return f"partizan.{self.family}({args})"


# --------------------------------------------------------------------------------------------
# The families, one function each, generated from the library's registry

_TABLE_NAMES = {name for name, _, _ in _core.tables()}


def _family_function(name, usage, example):
    heap = _HEAP_FAMILIES.get(name)

    def family(*args, **kwargs):
        if heap is not None and len(args) == heap[1] and not kwargs:
            return HeapGame(name, heap[0], args)
        return _core.call_family(name, _call_args(args), kwargs)

    family.__name__ = family.__qualname__ = name
    family.__module__ = __name__
    doc = [usage, "", f"Example: partizan.{example}"]
    if heap is not None:
        rules = "" if heap[1] == 0 else f" with only its {heap[1]} rule argument(s)"
        doc.append(f"Called{rules} and no heap size, it gives a HeapGame with .grundy(...).")
    if name in _TABLE_NAMES:
        doc.append(f"partizan.{name}.table(...) is partizan.table({name!r}, ...).")

        def family_table(**kwargs):
            return table(name, **kwargs)

        family_table.__name__ = "table"
        family.table = family_table
    family.__doc__ = "\n".join(doc)
    return family


for _name, _usage, _example in _core.families():
    globals()[_name] = _family_function(_name, _usage, _example)
    __all__.append(_name)

del _name, _usage, _example
