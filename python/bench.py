"""Benchmark: partizan from Python beside pure-Python pycgt, on the empty 4×5 Domineering board.

    python python/bench.py [--samples N] [--rows R --cols C]

Three workloads compute the canonical form of the empty R×C board (R rows, C columns; Left
places vertical dominoes):

- ``py-builtin``: ``partizan.domineering("....|...")``, the Rust family;
- ``py-ruleset``: a Domineering ruleset written in Python below (bitboard positions, with
  ``components`` and ``normalize``), solved by partizan's Rust solver through ``partizan.Solver``;
- ``pycgt``: ``pycgt.rulesets.domineering.rectangle(R, C)`` (pure Python, from PyPI; only in the
  benchmark's environment: ``pip install pycgt``). Skipped when it is not installed.

Like a criterion bench, every workload is sampled several times, and each sample runs in a fresh
interpreter (so that no memo of either library survives from one sample to the next); the time
is the CPU time of the computation alone (``time.process_time`` around the call, no start-up),
which a second busy core disturbs less than wall-clock time. Each line is
``name RxC<TAB>seconds<TAB>summary`` with the median; the last lines give the ratios of the
medians. The three answers are checked to be the same value.
"""

import argparse
import statistics
import subprocess
import sys
import textwrap

RULESET = textwrap.dedent(
    '''
    class Domineering:
        """Domineering on a bitboard: cell (r, c) is bit r*S + c with S = cols + 1, so that a
        blank column separates the rows and no shift wraps. Left places vertical dominoes,
        Right horizontal ones."""

        def __init__(self, rows, cols):
            self.S = cols + 1
            self.column0 = sum(1 << (r * self.S) for r in range(rows + 1))

        def _moves(self, p, shift):
            pairs = p & (p >> shift)  # cells whose neighbour at +shift is also empty
            out = []
            while pairs:
                low = pairs & -pairs
                out.append(p ^ (low | (low << shift)))
                pairs ^= low
            return out

        def left_options(self, p):
            return self._moves(p, self.S)

        def right_options(self, p):
            return self._moves(p, 1)

        def components(self, p):
            """The connected regions (orthogonal adjacency), by flood fill on the bitboard."""
            S, out = self.S, []
            while p:
                region = p & -p
                while True:
                    grown = (region | region << 1 | region >> 1 | region << S | region >> S) & p
                    if grown == region:
                        break
                    region = grown
                out.append(region)
                p ^= region
            return out

        def normalize(self, p):
            """The region translated to the bottom-left corner (translation keeps the value)."""
            if not p:
                return 0
            low = (p & -p).bit_length() - 1
            p >>= (low // self.S) * self.S
            while not p & self.column0:
                p >>= 1
            return p

    def board(rows, cols):
        return sum(1 << (r * (cols + 1) + c) for r in range(rows) for c in range(cols))
    '''
)

WORKLOADS = {
    "py-builtin": (
        "import partizan",
        "g = partizan.domineering('|'.join(['.' * C] * R)); answer = str(g)",
    ),
    "py-ruleset": (
        "import partizan\n" + RULESET,
        "g = partizan.Solver(Domineering(R, C)).value(board(R, C)); answer = str(g)",
    ),
    "pycgt": (
        "from pycgt.rulesets import domineering\nfrom pycgt import render",
        "g = domineering.rectangle(R, C); answer = render(g)",
    ),
}

SAMPLE = """
import time
R, C = {rows}, {cols}
{setup}
t = time.process_time()
{work}
print(time.process_time() - t, answer)
"""


def sample(name, rows, cols):
    setup, work = WORKLOADS[name]
    code = SAMPLE.format(rows=rows, cols=cols, setup=setup, work=work)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    if out.returncode != 0:
        return None, out.stderr.strip().splitlines()[-1]
    seconds, answer = out.stdout.split(maxsplit=1)
    return float(seconds), answer.strip()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=5)
    parser.add_argument("--rows", type=int, default=4)
    parser.add_argument("--cols", type=int, default=5)
    args = parser.parse_args()
    size = f"{args.rows}x{args.cols}"
    medians, answers = {}, {}
    for name in WORKLOADS:
        times = []
        for _ in range(args.samples):
            seconds, answer = sample(name, args.rows, args.cols)
            if seconds is None:
                print(f"{name} {size}\tskipped\t{answer}")
                break
            times.append(seconds)
            answers.setdefault(name, answer)
        if times:
            medians[name] = statistics.median(times)
            spread = f"min={min(times):.4f} max={max(times):.4f} samples={len(times)}"
            print(f"{name} {size}\t{medians[name]:.4f}\tvalue={answers[name]} {spread}")
    if len(set(answers.values())) > 1:
        print(f"error: the answers differ: {answers}", file=sys.stderr)
        return 1
    if "pycgt" in medians:
        for name in ("py-builtin", "py-ruleset"):
            if name in medians:
                ratio = medians["pycgt"] / medians[name]
                print(f"ratio pycgt/{name} {size}\t{ratio:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
