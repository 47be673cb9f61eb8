"""The type stubs (partizan/__init__.pyi) cover the whole API and are what stubgen.py writes."""

import importlib.util
from pathlib import Path

import partizan

HERE = Path(__file__).resolve().parent.parent


def test_the_stubs_are_what_stubgen_writes() -> None:
    spec = importlib.util.spec_from_file_location("stubgen", HERE / "stubgen.py")
    assert spec is not None and spec.loader is not None
    stubgen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(stubgen)
    written = (HERE / "partizan" / "__init__.pyi").read_text()
    assert written == stubgen.stubs(), "run: python python/stubgen.py"


def test_the_stubs_name_every_public_attribute() -> None:
    stubs = (HERE / "partizan" / "__init__.pyi").read_text()
    for name in partizan.__all__:
        assert f"\n{name}: _Family" in stubs or f"class {name}" in stubs or f"def {name}(" in stubs, name
    for cls in (
        partizan.Game,
        partizan.Position,
        partizan.Thermograph,
        partizan.Solver,
        partizan.MisereGame,
        partizan.LoopyGame,
    ):
        for attr in dir(cls):
            if attr.startswith("__") or attr in ("_repr_latex_", "_repr_html_", "_repr_svg_"):
                continue
            assert f"def {attr}(" in stubs, f"{cls.__name__}.{attr}"
    game = partizan.Game("^")
    for attr in dir(game):
        if not attr.startswith("_"):
            assert f"def {attr}(" in stubs, f"Game.{attr}"
    assert (HERE / "partizan" / "py.typed").exists()
