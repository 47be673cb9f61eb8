"""Executes a notebook with nbclient (as Jupyter would, in a python3 kernel) and fails if any
cell raises: CI runs `python python/examples/run_notebook.py python/examples/tour.ipynb`.

With --write, the executed notebook (with its outputs) replaces the file."""

import sys

import nbformat
from nbclient import NotebookClient


def main(argv: list[str]) -> int:
    write = "--write" in argv
    paths = [a for a in argv if a != "--write"]
    for path in paths:
        # nbformat's read and write carry no annotations.
        nb = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
        NotebookClient(nb, timeout=300, kernel_name="python3").execute()
        outputs = sum(len(c.get("outputs", [])) for c in nb.cells if c.cell_type == "code")
        print(f"{path}: {len(nb.cells)} cells executed, {outputs} outputs")
        if write:
            nbformat.write(nb, path)  # type: ignore[no-untyped-call]
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
