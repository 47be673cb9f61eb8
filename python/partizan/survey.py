"""Surveys on Dask: many independent computations, distributed, kept in SQLite, resumable.

Run as ``python -m partizan.survey``::

    python -m partizan.survey octal --codes all-3-digit --to 10^6 --db survey.sqlite
    python -m partizan.survey octal --codes 0.137,0.4ddd --to 10^5 --db s.sqlite --scheduler tcp://host:8786
    python -m partizan.survey expressions positions.txt --db s.sqlite
    python -m partizan.survey table domineering --range rows=1..4 --range cols=1..6 --db s.sqlite
    python -m partizan.survey report --db survey.sqlite

Each computation is a *task*: an octal code's Grundy values to a bound, an expression, a
family's table for one choice of its parameters. Without ``--scheduler`` the survey starts a
local Dask cluster of one single-threaded worker process per core (``--workers N``), listening
on loopback; with ``--scheduler ADDRESS`` it uses a running Dask scheduler (a workstation, a
SLURM allocation through ``dask-jobqueue``, the cloud), whose workers must have this package
installed.

Results go to one SQLite file, written only by this driver, one row per task (``tasks``: its
kind, key and parameters, status ``pending``/``done``/``failed``, result as JSON, error, seconds
of work, attempts, engine version, time finished; ``meta``: the file's format). Every change of
a row is one transaction, so a killed driver leaves no half-written row. A rerun of the same
command skips the tasks done and goes on with the others; an octal run is computed in slices of
``--slice-seconds`` and the state after each slice is stored in its row, so a rerun resumes it
there (the state is the format of ``partizan grundy CODE --save``). A worker that dies in a
task is replaced by Dask and the task recomputed elsewhere (``--retries`` times at most); a
result is written once, when it first arrives.

The schema and example queries are in ``docs/DATABASE.md`` of the repository.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import itertools
import json
import os
import sqlite3
import sys
import time
from array import array
from collections import deque
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Type

#: The ``format`` and ``format_version`` stored in a survey file's ``meta`` table.
FORMAT = "partizan-survey"
FORMAT_VERSION = "1"

#: The exit status for bad input and for a survey that cannot start.
EXIT_USAGE = 2

_INSTALL_HINT = (
    "partizan.survey needs Dask's distributed scheduler: pip install 'partizan[distributed]' "
    "(or pip install distributed)"
)


class SurveyError(Exception):
    """A survey that cannot run as asked: bad input, a foreign or damaged file."""


# --------------------------------------------------------------------------------------------
# Octal codes


def normalise_code(code: str) -> str:
    """The canonical spelling of an octal code: ``".770"`` and ``"0.77"`` are ``"0.77"``.

    Trailing zero digits change nothing (a digit says which moves take that many tokens), so
    a code is spelled without them; a code of zeros only is ``"0.0"`` (no move at all), kept
    so that it can be refused by name.
    """
    text = code.strip()
    if text.startswith("."):
        text = "0" + text
    whole, dot, digits = text.partition(".")
    if not dot or not whole or not all(c in "01234567" for c in whole + digits):
        raise SurveyError(f"octal code {code!r}: expected digits 0-7 around a point, as 0.137 or 4.07")
    digits = digits.rstrip("0") or "0"
    return f"{int(whole, 8):o}.{digits}"


def expand_codes(spec: str) -> List[str]:
    """The codes of ``--codes``: a comma-separated list of codes and patterns, normalised and
    without repeats, in the order given.

    A pattern has ``d`` for any digit 0-7 after the point: ``0.dd`` is the 64 two-digit codes,
    ``4.ddd`` the 512 three-digit codes with the first digit 4; ``all-3-digit`` is
    ``0.d,0.dd,0.ddd``. Codes equal after normalisation (``0.70`` and ``0.7``) are one task,
    and ``0.0``, the game without moves, is left out of patterns (and refused when named).
    """
    codes: List[str] = []
    seen = set()
    for item in (s.strip() for s in spec.split(",")):
        if not item:
            continue
        if item == "all-3-digit":
            patterns = ["0.d", "0.dd", "0.ddd"]
        else:
            patterns = [item]
        for pattern in patterns:
            if "d" in pattern:
                whole, _, digits = pattern.partition(".")
                slots = [i for i, c in enumerate(digits) if c == "d"]
                for fill in itertools.product("01234567", repeat=len(slots)):
                    chars = list(digits)
                    for i, c in zip(slots, fill):
                        chars[i] = c
                    code = normalise_code(whole + "." + "".join(chars))
                    if code.endswith(".0") and code.startswith("0."):
                        continue
                    if code not in seen:
                        seen.add(code)
                        codes.append(code)
            else:
                code = normalise_code(pattern)
                if code == "0.0":
                    raise SurveyError("octal code 0.0 has no moves: every value is 0")
                if code not in seen:
                    seen.add(code)
                    codes.append(code)
    if not codes:
        raise SurveyError(f"--codes {spec!r}: expected codes or patterns such as 0.ddd")
    return codes


def parse_count(text: str) -> int:
    """A count written as ``1000000``, ``10^6``, ``1e6`` or ``2*10^5``."""
    t = text.strip().replace("_", "")
    try:
        value: int
        if "*" in t:
            a, b = t.split("*", 1)
            return parse_count(a) * parse_count(b)
        if "^" in t:
            a, b = t.split("^", 1)
            value = int(a) ** int(b)
        elif "e" in t.lower():
            m, e = t.lower().split("e", 1)
            value = int(m) * 10 ** int(e)
        else:
            value = int(t)
    except ValueError:
        raise SurveyError(f"{text!r}: expected a count such as 1000000 or 10^6") from None
    if value < 0:
        raise SurveyError(f"{text!r}: expected a count of at least 0")
    return value


def values_digest(values: Sequence[int]) -> str:
    """The SHA-256 of values as little-endian 32-bit integers: one run's values compared with
    another's without storing them."""
    data = array("I", values)
    if sys.byteorder != "little":
        data.byteswap()
    return hashlib.sha256(data.tobytes()).hexdigest()


# --------------------------------------------------------------------------------------------
# The work a worker does (plain functions of plain values, so Dask ships them by name)


def octal_slice(
    code: str, to: int, state: Optional[bytes], seconds: Optional[float], max_bytes: Optional[int]
) -> Dict[str, Any]:
    """Computes ``G(0..=to)`` of ``code`` for at most ``seconds``, from ``state`` (the bytes of a
    saved run) or from the start: a dict with ``done``, the ``state`` to go on from (``None``
    when done), the ``summary`` and ``digest`` of the values when done, ``seconds`` and the
    engine version."""
    import partizan

    start = time.perf_counter()
    run = partizan.GrundyRun.load(code, state) if state else partizan.GrundyRun(code)
    done = run.compute(to, seconds=seconds, max_bytes=max_bytes)
    out: Dict[str, Any] = {
        "done": done,
        "len": len(run),
        "engine_version": partizan.__version__,
    }
    if done:
        summary = dict(run.summary())
        summary["digest"] = values_digest(run.values(0, to + 1))
        summary["to"] = to
        out["summary"] = summary
        out["state"] = None
    else:
        out["state"] = bytes(run.save())
    out["seconds"] = time.perf_counter() - start
    return out


def expression_task(text: str) -> Dict[str, Any]:
    """Evaluates one expression: its printed value and the kind of value."""
    import partizan

    start = time.perf_counter()
    value = partizan.evaluate(text)
    return {
        "value": str(value),
        "type": type(value).__name__,
        "seconds": time.perf_counter() - start,
        "engine_version": partizan.__version__,
    }


def table_task(family: str, params: Dict[str, int]) -> Dict[str, Any]:
    """One family's table for one choice of its parameters, as text."""
    import partizan

    start = time.perf_counter()
    table = partizan.table(family, **params)
    return {
        "text": str(table),
        "seconds": time.perf_counter() - start,
        "engine_version": partizan.__version__,
    }


# --------------------------------------------------------------------------------------------
# The survey file

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tasks (
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    params TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'done', 'failed')),
    result TEXT,
    error TEXT,
    seconds REAL NOT NULL DEFAULT 0,
    attempts INTEGER NOT NULL DEFAULT 0,
    engine_version TEXT,
    finished_at TEXT,
    state BLOB,
    PRIMARY KEY (kind, key, params)
);
CREATE INDEX IF NOT EXISTS tasks_status ON tasks (kind, status);
"""


class SurveyFile:
    """A survey's SQLite file, opened by the driver (its only writer)."""

    def __init__(self, path: str) -> None:
        self.path = path
        exists = os.path.exists(path) and os.path.getsize(path) > 0
        try:
            self.conn = sqlite3.connect(path, isolation_level=None)
            self.conn.execute("PRAGMA journal_mode=WAL")
            tables = {r[0] for r in self.conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        except sqlite3.DatabaseError as e:
            raise SurveyError(f"{path}: not a survey file ({e})") from None
        if exists and tables:
            if "meta" not in tables or "tasks" not in tables:
                raise SurveyError(f"{path}: an SQLite file, but not a partizan survey (tables {sorted(tables)})")
            meta = dict(self.conn.execute("SELECT key, value FROM meta"))
            if meta.get("format") != FORMAT:
                raise SurveyError(f"{path}: not a partizan survey (format {meta.get('format')!r})")
            if meta.get("format_version") != FORMAT_VERSION:
                raise SurveyError(
                    f"{path}: a survey of format version {meta.get('format_version')}, "
                    f"this is version {FORMAT_VERSION}"
                )
        else:
            import partizan

            with self.transaction():
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        self.conn.execute(statement)
                self.conn.executemany(
                    "INSERT OR REPLACE INTO meta VALUES (?, ?)",
                    [
                        ("format", FORMAT),
                        ("format_version", FORMAT_VERSION),
                        ("created_by", f"partizan {partizan.__version__}"),
                    ],
                )

    def transaction(self) -> "_Transaction":
        return _Transaction(self.conn)

    def add(self, kind: str, key: str, params: Dict[str, Any]) -> None:
        """Adds a pending task unless it is there already (done, failed or pending)."""
        self.conn.execute(
            "INSERT OR IGNORE INTO tasks (kind, key, params, status) VALUES (?, ?, ?, 'pending')",
            (kind, key, _params_text(params)),
        )

    def row(self, kind: str, key: str, params: Dict[str, Any]) -> Any:
        self.conn.row_factory = sqlite3.Row
        try:
            r = self.conn.execute(
                "SELECT * FROM tasks WHERE kind=? AND key=? AND params=?",
                (kind, key, _params_text(params)),
            ).fetchone()
        finally:
            self.conn.row_factory = None
        return r

    def save_state(self, task: "Task", state: bytes, seconds: float) -> None:
        """Stores an unfinished task's state after a slice, in one transaction."""
        with self.transaction():
            self.conn.execute(
                "UPDATE tasks SET state=?, seconds=seconds+? WHERE kind=? AND key=? AND params=? "
                "AND status='pending'",
                (state, seconds, task.kind, task.key, task.params_text),
            )

    def finish(self, task: "Task", result: Dict[str, Any], seconds: float, version: str) -> bool:
        """Records a result; ``False`` (and nothing written) when the task was done already."""
        with self.transaction():
            cur = self.conn.execute(
                "UPDATE tasks SET status='done', result=?, error=NULL, state=NULL, "
                "seconds=seconds+?, engine_version=?, finished_at=? "
                "WHERE kind=? AND key=? AND params=? AND status='pending'",
                (
                    json.dumps(result, sort_keys=True),
                    seconds,
                    version,
                    _now(),
                    task.kind,
                    task.key,
                    task.params_text,
                ),
            )
            return cur.rowcount == 1

    def fail(self, task: "Task", error: str) -> None:
        with self.transaction():
            self.conn.execute(
                "UPDATE tasks SET status='failed', error=?, finished_at=?, attempts=attempts+1 "
                "WHERE kind=? AND key=? AND params=? AND status='pending'",
                (error, _now(), task.kind, task.key, task.params_text),
            )

    def attempt(self, task: "Task") -> None:
        with self.transaction():
            self.conn.execute(
                "UPDATE tasks SET attempts=attempts+1 WHERE kind=? AND key=? AND params=?",
                (task.kind, task.key, task.params_text),
            )

    def close(self) -> None:
        self.conn.close()


class _Transaction:
    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def __enter__(self) -> None:
        self.conn.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: Any, value: Any, tb: Any) -> None:
        self.conn.execute("COMMIT" if kind is None else "ROLLBACK")


def _params_text(params: Dict[str, Any]) -> str:
    return json.dumps(params, sort_keys=True, separators=(",", ":"))


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


# --------------------------------------------------------------------------------------------
# Tasks and the driver


class Task:
    """One row of the survey: what to submit, and what to do with what comes back."""

    kind = ""

    def __init__(self, key: str, params: Dict[str, Any]) -> None:
        self.key = key
        self.params = params
        self.params_text = _params_text(params)
        self.attempts = 0
        #: The saved state of an unfinished octal run, to go on from.
        self.state: Optional[bytes] = None

    def submit(self, client: Any, state: Optional[bytes]) -> Any:
        raise NotImplementedError

    def label(self) -> str:
        return f"{self.kind} {self.key}"


class OctalTask(Task):
    kind = "octal"

    def __init__(self, code: str, to: int, slice_seconds: Optional[float], max_bytes: Optional[int]) -> None:
        super().__init__(code, {"to": to})
        self.slice_seconds = slice_seconds
        self.max_bytes = max_bytes

    def submit(self, client: Any, state: Optional[bytes]) -> Any:
        return client.submit(
            octal_slice,
            self.key,
            self.params["to"],
            state,
            self.slice_seconds,
            self.max_bytes,
            pure=False,
        )


class ExpressionTask(Task):
    kind = "expression"

    def __init__(self, text: str) -> None:
        super().__init__(text, {})

    def submit(self, client: Any, state: Optional[bytes]) -> Any:
        return client.submit(expression_task, self.key, pure=False)


class TableTask(Task):
    kind = "table"

    def __init__(self, family: str, params: Dict[str, int]) -> None:
        super().__init__(family, params)

    def submit(self, client: Any, state: Optional[bytes]) -> Any:
        return client.submit(table_task, self.key, self.params, pure=False)


class Progress:
    """The survey's progress on stderr: tasks done, share, failures, ETA; a line in place on a
    terminal, a line every ten seconds elsewhere."""

    def __init__(self, total: int, done: int, quiet: bool) -> None:
        self.total = total
        self.done = done
        self.at_start = done
        self.failed = 0
        self.start = time.monotonic()
        self.last = 0.0
        self.quiet = quiet
        self.tty = sys.stderr.isatty()

    def update(self, force: bool = False) -> None:
        if self.quiet:
            return
        now = time.monotonic()
        if not force and now - self.last < (1.0 if self.tty else 10.0):
            return
        self.last = now
        share = 100.0 * self.done / self.total if self.total else 100.0
        finished_here = self.done - self.at_start
        left = self.total - self.done - self.failed
        eta = ""
        if finished_here and left:
            eta = f", ETA {_duration((now - self.start) / finished_here * left)}"
        failed = f", {self.failed} failed" if self.failed else ""
        line = f"survey: {self.done}/{self.total} tasks done ({share:.1f}%){failed}{eta}"
        if self.tty:
            sys.stderr.write("\r\x1b[K" + line)
            if force:
                sys.stderr.write("\n")
        else:
            sys.stderr.write(line + "\n")
        sys.stderr.flush()


def _duration(seconds: float) -> str:
    s = int(seconds + 0.5)
    if s < 60:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s // 3600}h{(s % 3600) // 60:02d}m"


def _lost_worker_errors() -> Tuple[Type[BaseException], ...]:
    """The exceptions of a task whose worker or connection died, as opposed to the task's own
    error: such a task is submitted again."""
    import asyncio
    import concurrent.futures

    from distributed import KilledWorker
    from distributed.comm.core import CommClosedError

    return (
        KilledWorker,
        CommClosedError,
        concurrent.futures.CancelledError,
        asyncio.CancelledError,
        OSError,
        TimeoutError,
    )


def drive(
    client: Any,
    survey: SurveyFile,
    tasks: Sequence[Task],
    *,
    window: int,
    retries: int,
    quiet: bool = False,
    on_result: Optional[Callable[[Task, bool], None]] = None,
) -> Tuple[int, int]:
    """Runs every task of ``tasks`` not yet done or failed in ``survey`` on ``client``, at most
    ``window`` at a time, and records each result as it arrives: ``(done, failed)`` at the end.

    An octal run comes back after each slice with its state, which is stored before the next
    slice is submitted; a task whose worker died is submitted again from its stored state, at
    most ``retries`` times; a task that raises (a bad expression, a code the engine refuses)
    is recorded as failed with its message. ``on_result(task, first)`` is called for each
    result, ``first`` saying whether it was written (a result that arrives twice is not).
    """
    import distributed

    dask: Any = distributed  # untyped
    lost = _lost_worker_errors()
    with survey.transaction():
        for t in tasks:
            survey.add(t.kind, t.key, t.params)
    queue: "deque[Task]" = deque()
    done = 0
    failed = 0
    for t in tasks:
        row = survey.row(t.kind, t.key, t.params)
        if row["status"] == "done":
            done += 1
        elif row["status"] == "failed":
            failed += 1
        else:
            t.attempts = row["attempts"]
            t.state = row["state"]
            queue.append(t)
    progress = Progress(len(tasks), done, quiet)
    progress.failed = failed
    progress.update(force=True)
    in_flight: Dict[Any, Task] = {}
    pool = dask.as_completed()

    def fill() -> None:
        while queue and len(in_flight) < window:
            t = queue.popleft()
            future = t.submit(client, t.state)
            in_flight[future] = t
            pool.add(future)

    fill()
    try:
        for future in pool:
            t = in_flight.pop(future)
            try:
                out = future.result()
            except lost as e:
                t.attempts += 1
                survey.attempt(t)
                if t.attempts > retries:
                    survey.fail(t, f"lost {t.attempts} times: {type(e).__name__}: {e}")
                    progress.failed += 1
                else:
                    queue.append(t)
            except Exception as e:  # the task's own error: recorded, not retried
                survey.fail(t, f"{type(e).__name__}: {e}")
                progress.failed += 1
            else:
                if isinstance(t, OctalTask) and not out["done"]:
                    t.state = out["state"]
                    survey.save_state(t, out["state"], out["seconds"])
                    queue.append(t)
                else:
                    result = out.get("summary", out)
                    result = {k: v for k, v in result.items() if k not in ("seconds", "engine_version")}
                    first = survey.finish(t, result, out["seconds"], out["engine_version"])
                    if first:
                        progress.done += 1
                    t.state = None
                    if on_result is not None:
                        on_result(t, first)
            future.release()
            fill()
            progress.update()
    finally:
        for future in in_flight:
            future.cancel()
    progress.update(force=True)
    return progress.done, progress.failed


# --------------------------------------------------------------------------------------------
# The command line


def _parse_range(text: str) -> Tuple[str, List[int]]:
    name, eq, spec = text.partition("=")
    if not eq or not name.strip():
        raise SurveyError(f"--range {text!r}: expected NAME=A..B or NAME=V")
    try:
        if ".." in spec:
            a, b = spec.split("..", 1)
            values = list(range(int(a), int(b) + 1))
        else:
            values = [int(v) for v in spec.split(",")]
    except ValueError:
        raise SurveyError(f"--range {text!r}: expected integers, as rows=1..4 or p=2,3") from None
    if not values:
        raise SurveyError(f"--range {text!r}: the range is empty")
    return name.strip(), values


def _read_expressions(path: str) -> List[str]:
    try:
        with (sys.stdin if path == "-" else open(path, encoding="utf-8")) as f:
            lines = [line.strip() for line in f]
    except OSError as e:
        raise SurveyError(f"{path}: {e.strerror}") from None
    exprs = []
    seen = set()
    for line in lines:
        if line and not line.startswith("#") and line not in seen:
            seen.add(line)
            exprs.append(line)
    if not exprs:
        raise SurveyError(f"{path}: no expressions (one a line; '#' starts a comment line)")
    return exprs


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m partizan.survey",
        description="Run a survey on Dask, keeping every result in an SQLite file; a rerun resumes.",
        epilog="Exit status: 0 when every task is done, 1 when some failed, 2 on bad input, "
        "130 on Ctrl-C (rerun the same command to resume).",
    )
    sub = p.add_subparsers(dest="command", required=True)

    def common(q: argparse.ArgumentParser) -> None:
        q.add_argument("--db", required=True, help="the SQLite file of results (created if absent)")
        q.add_argument("--scheduler", help="the address of a running Dask scheduler (default: a local cluster)")
        q.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="workers of the local cluster (default: the cores)")
        q.add_argument("--retries", type=int, default=5, help="times a task whose worker died is resubmitted (default 5)")
        q.add_argument("--quiet", action="store_true", help="no progress on stderr")

    o = sub.add_parser("octal", help="Grundy values of octal codes to a bound")
    o.add_argument("--codes", required=True, help="codes and patterns: 0.137,0.4d,0.ddd,4.ddd,all-3-digit")
    o.add_argument("--to", required=True, help="compute G(0..=N): 1000000, 10^6, 1e6")
    o.add_argument("--slice-seconds", type=float, default=60.0, help="seconds a run works before its state is saved (default 60)")
    o.add_argument("--max-memory", help="memory for one run's values: 200MB, 2GB (default: no bound beyond the worker's)")
    common(o)

    e = sub.add_parser("expressions", help="evaluate a file of expressions, one a line")
    e.add_argument("file", help="the expressions ('-' for stdin)")
    common(e)

    t = sub.add_parser("table", help="a family's table for every choice of parameters in ranges")
    t.add_argument("family")
    t.add_argument("--range", action="append", default=[], metavar="NAME=A..B", help="a parameter's values (repeatable)")
    common(t)

    r = sub.add_parser("report", help="print a survey file's results")
    r.add_argument("--db", required=True)
    r.add_argument("--kind", default="octal", choices=["octal", "expression", "table"])
    r.add_argument("--json", action="store_true", help="one JSON object a line")
    return p


def _memory(text: Optional[str]) -> Optional[int]:
    if text is None:
        return None
    units = {"": 1, "b": 1, "kb": 10**3, "mb": 10**6, "gb": 10**9, "tb": 10**12,
             "k": 2**10, "m": 2**20, "g": 2**30, "t": 2**40,
             "kib": 2**10, "mib": 2**20, "gib": 2**30, "tib": 2**40}
    t = text.strip().lower()
    number = t.rstrip("abcdefghijklmnopqrstuvwxyz")
    unit = t[len(number):].strip()
    try:
        value = float(number) * units[unit]
    except (ValueError, KeyError):
        raise SurveyError(f"--max-memory {text!r}: expected a size such as 200MB or 1.5GB") from None
    if value <= 0:
        raise SurveyError(f"--max-memory {text!r}: expected a positive size")
    return int(value)


def _tasks(args: argparse.Namespace) -> List[Task]:
    if args.command == "octal":
        to = parse_count(args.to)
        max_bytes = _memory(args.max_memory)
        import partizan

        codes = expand_codes(args.codes)
        for c in codes:  # refused here, before the cluster starts, if the engine refuses it
            try:
                partizan.GrundyRun(c)
            except ValueError as e:
                raise SurveyError(f"octal code {c}: {e}") from None
        return [OctalTask(c, to, args.slice_seconds, max_bytes) for c in codes]
    if args.command == "expressions":
        return [ExpressionTask(x) for x in _read_expressions(args.file)]
    if args.command == "table":
        import partizan

        if args.family not in partizan.tables():
            raise SurveyError(f"table {args.family!r}: no such table (partizan.tables() lists them)")
        ranges = [_parse_range(r) for r in args.range]
        names = [n for n, _ in ranges]
        if len(set(names)) != len(names):
            raise SurveyError("--range: a parameter is given twice")
        combos = itertools.product(*[v for _, v in ranges])
        return [TableTask(args.family, dict(zip(names, c))) for c in combos]
    raise AssertionError(args.command)


def _client(args: argparse.Namespace) -> Tuple[Any, Any]:
    try:
        import distributed
    except ImportError:
        raise SurveyError(_INSTALL_HINT) from None
    dask: Any = distributed  # untyped
    if args.scheduler:
        return dask.Client(args.scheduler), None
    if args.workers < 1:
        raise SurveyError("--workers: expected at least 1")
    cluster = dask.LocalCluster(
        n_workers=args.workers,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address="127.0.0.1:0",
    )
    return dask.Client(cluster), cluster


def report(path: str, kind: str, as_json: bool, out: Any = sys.stdout) -> None:
    """Prints the tasks of a survey file: for octal codes, the period and preperiod when proved
    (else ``open`` with the values' largest value and rare count)."""
    if not os.path.exists(path):
        raise SurveyError(f"{path}: no such file")
    survey = SurveyFile(path)
    rows = survey.conn.execute(
        "SELECT key, params, status, result, error, seconds FROM tasks WHERE kind=? ORDER BY key, params",
        (kind,),
    ).fetchall()
    survey.close()
    for key, params, status, result, error, seconds in rows:
        r = json.loads(result) if result else None
        if as_json:
            out.write(json.dumps({"key": key, "params": json.loads(params), "status": status,
                                  "result": r, "error": error, "seconds": seconds}) + "\n")
        elif kind == "octal" and r is not None:
            if r.get("period") is not None:
                verdict = f"preperiod {r['preperiod']} period {r['period']}"
            else:
                verdict = "open"
            out.write(f"{key}\tto {r['to']}\t{verdict}\tmax {r['max']}\trare {r['rare']}\t{seconds:.2f}s\n")
        elif r is not None:
            text = r.get("value", r.get("text", ""))
            out.write(f"{key}\t{params}\t{text}\n")
        else:
            out.write(f"{key}\t{params}\t{status}\t{error or ''}\n")


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "report":
            report(args.db, args.kind, args.json)
            return 0
        tasks = _tasks(args)
        survey = SurveyFile(args.db)
        client, cluster = _client(args)
    except SurveyError as e:
        sys.stderr.write(f"error: {e}\n")
        return EXIT_USAGE
    try:
        if not args.quiet:
            where = args.scheduler or f"a local cluster of {args.workers} workers"
            if importlib.util.find_spec("bokeh") is not None:
                dashboard = f"dashboard {client.dashboard_link}"
            else:
                dashboard = "Dask's dashboard needs bokeh (pip install bokeh)"
            sys.stderr.write(f"survey: {len(tasks)} tasks on {where}; {dashboard}\n")
        workers = max(1, len(client.scheduler_info().get("workers", {})) or args.workers)
        done, failed = drive(client, survey, tasks, window=4 * workers, retries=args.retries, quiet=args.quiet)
    except KeyboardInterrupt:
        sys.stderr.write("\nsurvey: interrupted; every finished result is kept, rerun the same command to resume\n")
        return 130
    finally:
        survey.close()
        client.close()
        if cluster is not None:
            cluster.close()
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
