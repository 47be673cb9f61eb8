"""Surveys on a local Dask cluster of two workers: results equal to the single-process engine's,
periods equal to the published table, nothing lost or written twice when a worker or the driver
is killed, and clear errors for bad input and foreign files."""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Tuple

import pytest

import partizan
from partizan import survey

distributed = pytest.importorskip("distributed")

ROOT = Path(__file__).resolve().parents[2]
PERIODS = ROOT / "tests" / "data" / "octal_periods.tsv"


def reference(code: str, to: int) -> Any:
    """The summary and digest of one run in this process, without Dask."""
    run = partizan.GrundyRun(code)
    assert run.compute(to)
    s = dict(run.summary())
    s["digest"] = survey.values_digest(run.values(0, to + 1))
    s["to"] = to
    return json.loads(json.dumps(s))  # as stored: tuples become lists


def results(path: str, kind: str = "octal") -> Dict[str, Tuple[str, Any, Optional[str]]]:
    conn = sqlite3.connect(path)
    rows = conn.execute("SELECT key, status, result, finished_at FROM tasks WHERE kind=?", (kind,)).fetchall()
    conn.close()
    return {k: (status, json.loads(r) if r else None, at) for k, status, r, at in rows}


def published_periods() -> Dict[str, Tuple[int, int]]:
    table: Dict[str, Tuple[int, int]] = {}
    for line in PERIODS.read_text().splitlines():
        if not line or line.startswith("#") or line.startswith("code"):
            continue
        code, pre, per = line.split("\t")[:3]
        table[code] = (int(pre), int(per))
    return table


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
    )
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


def octal_tasks(spec: str, to: int, slice_seconds: Optional[float] = None) -> List[survey.Task]:
    return [survey.OctalTask(c, to, slice_seconds, None) for c in survey.expand_codes(spec)]


# ---------------------------------------------------------------------------------------------
# Codes and counts


def test_code_patterns_count_every_code_once() -> None:
    assert survey.normalise_code(".770") == "0.77"
    assert survey.normalise_code("4.000") == "4.0"
    # One digit: 0.1 … 0.7; two digits: 8·7 codes end in a non-zero digit, and 0.d0 = 0.d.
    assert len(survey.expand_codes("0.d")) == 7
    assert len(survey.expand_codes("0.dd")) == 7 + 56
    assert len(survey.expand_codes("all-3-digit")) == 7 + 56 + 448
    assert len(survey.expand_codes("4.ddd")) == 512
    assert survey.expand_codes("0.07,0.070,.07,0.137") == ["0.07", "0.137"]
    with pytest.raises(survey.SurveyError, match="no moves"):
        survey.expand_codes("0.000")
    with pytest.raises(survey.SurveyError, match="digits 0-7"):
        survey.expand_codes("0.8")
    assert survey.parse_count("10^7") == 10**7
    assert survey.parse_count("2*10^5") == 200000
    assert survey.parse_count("1e6") == 10**6


# ---------------------------------------------------------------------------------------------
# Results


@pytest.fixture(scope="module")
def three_digit(client: Any, tmp_path_factory: pytest.TempPathFactory) -> str:
    path = str(tmp_path_factory.mktemp("survey") / "three.sqlite")
    s = survey.SurveyFile(path)
    done, failed = survey.drive(client, s, octal_tasks("all-3-digit", 10**4), window=8, retries=5, quiet=True)
    s.close()
    assert (done, failed) == (511, 0)
    return path


def test_three_digit_codes_equal_the_single_process_engine(three_digit: str) -> None:
    got = results(three_digit)
    assert len(got) == 511
    for code in survey.expand_codes("all-3-digit"):
        status, result, _ = got[code]
        assert status == "done"
        assert result == reference(code, 10**4), code


def test_periods_equal_the_published_table(three_digit: str) -> None:
    got = results(three_digit)
    checked = 0
    for code, (pre, per) in published_periods().items():
        if code not in got:
            continue  # a 4.ddd code, checked below
        result = got[code][1]
        if result["period"] is None:
            # Not proved within 10^4 values: only games whose proof (2·pre + 2·period + 3
            # values, for moves of at most three tokens) needs about as many or more.
            assert 2 * pre + 2 * per + 10 >= 10**4, (code, pre, per, result["apparent"])
            continue
        assert (result["preperiod"], result["period"]) == (pre, per), code
        checked += 1
    assert checked >= 60


def test_four_point_codes_equal_the_published_table(client: Any, tmp_path: Path) -> None:
    table = {c: p for c, p in published_periods().items() if c.startswith("4.")}
    s = survey.SurveyFile(str(tmp_path / "four.sqlite"))
    survey.drive(client, s, octal_tasks(",".join(table), 2000), window=8, retries=5, quiet=True)
    s.close()
    got = results(str(tmp_path / "four.sqlite"))
    assert {c: (r["preperiod"], r["period"]) for c, (_, r, _) in got.items()} == table


def test_a_run_in_slices_equals_one_run(client: Any, tmp_path: Path) -> None:
    path = str(tmp_path / "slices.sqlite")
    s = survey.SurveyFile(path)
    survey.drive(client, s, octal_tasks("0.137,0.16,0.4", 30000, slice_seconds=0.01), window=4, retries=5, quiet=True)
    s.close()
    for code, (status, result, _) in results(path).items():
        assert status == "done"
        assert result == reference(code, 30000)


def test_expressions_and_tables(client: Any, tmp_path: Path) -> None:
    path = str(tmp_path / "misc.sqlite")
    s = survey.SurveyFile(path)
    tasks: List[survey.Task] = [survey.ExpressionTask(x) for x in ["*2 + *3", "{0|*}", "1/2 + 1/2", "{|"]]
    tasks += [survey.TableTask("domineering", {"rows": r, "cols": 3}) for r in (1, 2)]
    done, failed = survey.drive(client, s, tasks, window=4, retries=5, quiet=True)
    s.close()
    assert (done, failed) == (5, 1)
    got = results(path, "expression")
    # Nim sums add in binary without carries (WW ch. 3); {0|*} is up (WW ch. 3).
    assert got["*2 + *3"][1]["value"] == "*"
    assert got["{0|*}"][1]["value"] == "^"
    assert got["1/2 + 1/2"][1]["value"] == "1"
    assert got["{|"][0] == "failed"
    conn = sqlite3.connect(path)
    (error,) = conn.execute("SELECT error FROM tasks WHERE key='{|'").fetchone()
    assert "ValueError" in error
    tables = conn.execute("SELECT params, result FROM tasks WHERE kind='table' ORDER BY params").fetchall()
    conn.close()
    for params, result in tables:
        assert json.loads(result)["text"] == str(partizan.table("domineering", **json.loads(params)))


def test_a_rerun_skips_what_is_done(client: Any, tmp_path: Path) -> None:
    path = str(tmp_path / "rerun.sqlite")
    s = survey.SurveyFile(path)
    assert survey.drive(client, s, octal_tasks("0.d", 1000), window=4, retries=5, quiet=True) == (7, 0)
    before = results(path)
    assert survey.drive(client, s, octal_tasks("0.d,0.1d", 1000), window=4, retries=5, quiet=True) == (7 + 7, 0)
    s.close()
    after = results(path)
    assert all(after[c] == before[c] for c in before)


# ---------------------------------------------------------------------------------------------
# Faults


def test_a_worker_killed_half_way_loses_nothing_and_repeats_nothing(tmp_path: Path) -> None:
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
    )
    c = distributed.Client(cluster)
    try:
        tasks = octal_tasks("0.1dd", 30000, slice_seconds=0.05)
        written: List[Tuple[str, bool]] = []
        killed: List[int] = []

        def on_result(task: survey.Task, first: bool) -> None:
            written.append((task.key, first))
            if len(written) == len(tasks) // 2 and not killed:
                # SIGKILL a worker that is busy: its task is lost mid-slice, and the
                # nanny starts a new worker.
                busy = [w for w, keys in c.processing().items() if keys] or list(c.processing())
                pid = c.run(os.getpid, workers=[busy[0]])[busy[0]]
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)

        path = str(tmp_path / "kill.sqlite")
        s = survey.SurveyFile(path)
        done, failed = survey.drive(c, s, tasks, window=8, retries=5, quiet=True, on_result=on_result)
        s.close()
    finally:
        c.close()
        cluster.close()
    assert killed
    assert (done, failed) == (len(tasks), 0)
    keys = [k for k, first in written if first]
    assert sorted(keys) == sorted(t.key for t in tasks)  # each written once
    got = results(path)
    for t in tasks:
        assert got[t.key][1] == reference(t.key, 30000), t.key


def survey_command(path: str, *extra: str) -> List[str]:
    return [sys.executable, "-m", "partizan.survey", "octal", "--db", path, "--workers", "2", "--quiet", *extra]


def test_the_driver_killed_and_rerun_resumes(tmp_path: Path) -> None:
    path = str(tmp_path / "driver.sqlite")
    cmd = survey_command(path, "--codes", "0.1dd", "--to", "30000", "--slice-seconds", "0.05")
    p = subprocess.Popen(cmd, start_new_session=True)
    deadline = time.monotonic() + 120
    done_before: Dict[str, Tuple[str, Any, Optional[str]]] = {}
    states: List[Tuple[str, bytes]] = []
    try:
        while time.monotonic() < deadline:
            time.sleep(0.2)
            if not os.path.exists(path):
                continue
            try:
                got = results(path)
                conn = sqlite3.connect(path)
                states = conn.execute(
                    "SELECT key, state FROM tasks WHERE status='pending' AND state IS NOT NULL"
                ).fetchall()
                conn.close()
            except sqlite3.OperationalError:
                continue
            done_before = {k: v for k, v in got.items() if v[0] == "done"}
            if len(done_before) >= 16 and states:
                break
        assert p.poll() is None, "the survey ended before it could be killed"
    finally:
        os.killpg(p.pid, signal.SIGKILL)  # the driver and its local cluster
        p.wait()
    assert done_before and states
    # A saved state is a run part of the way.
    code, state = states[0]
    run = partizan.GrundyRun.load(code, state)
    assert 0 < len(run) <= 30001
    rerun = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert rerun.returncode == 0, rerun.stderr
    after = results(path)
    assert len(after) == 64
    for code, row in done_before.items():
        assert after[code] == row  # kept, not recomputed
    for code, (status, result, _) in after.items():
        assert status == "done"
        assert result == reference(code, 30000), code


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start_cluster(port: int) -> List["subprocess.Popen[bytes]"]:
    """A scheduler on `port` and two single-threaded workers, each in its own process group."""
    def start(*args: str) -> "subprocess.Popen[bytes]":
        return subprocess.Popen(
            [sys.executable, "-m", *args, "--no-dashboard"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )

    address = f"tcp://127.0.0.1:{port}"
    return [
        start("distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", str(port)),
        start("distributed.cli.dask_worker", address, "--nworkers", "2", "--nthreads", "1"),
    ]


def stop(processes: List["subprocess.Popen[bytes]"]) -> None:
    for p in processes:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
        p.wait()


def wait_for_done(path: str, count: int, seconds: float) -> Dict[str, Tuple[str, Any, Optional[str]]]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        time.sleep(0.2)
        try:
            done = {k: v for k, v in results(path).items() if v[0] == "done"}
        except sqlite3.OperationalError:
            continue
        if len(done) >= count:
            return done
    raise AssertionError(f"fewer than {count} tasks done in {seconds} s")


def test_the_scheduler_restarted_loses_nothing(tmp_path: Path) -> None:
    port = free_port()
    cluster = start_cluster(port)
    path = str(tmp_path / "restart.sqlite")
    driver = subprocess.Popen(
        [sys.executable, "-m", "partizan.survey", "octal", "--db", path, "--quiet",
         "--scheduler", f"tcp://127.0.0.1:{port}",
         "--codes", "0.1dd", "--to", "30000", "--slice-seconds", "0.05"],
        stderr=subprocess.PIPE,
    )
    try:
        done_before = wait_for_done(path, 8, 120)
        stop(cluster)  # the scheduler and its workers die with tasks in flight
        time.sleep(1)
        cluster = start_cluster(port)
        _, err = driver.communicate(timeout=300)
        assert driver.returncode == 0, err
    finally:
        if driver.poll() is None:
            driver.kill()
        stop(cluster)
    after = results(path)
    assert len(after) == 64
    for code, row in done_before.items():
        assert after[code] == row
    for code, (status, result, _) in after.items():
        assert status == "done"
        assert result == reference(code, 30000), code


# ---------------------------------------------------------------------------------------------
# Errors


def execute(path: Path, statement: str) -> None:
    conn = sqlite3.connect(path)
    conn.execute(statement)
    conn.commit()
    conn.close()


def test_foreign_and_other_version_files_are_refused(tmp_path: Path) -> None:
    foreign = tmp_path / "foreign.sqlite"
    execute(foreign, "CREATE TABLE foo (x)")
    with pytest.raises(survey.SurveyError, match="not a partizan survey"):
        survey.SurveyFile(str(foreign))
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(os.urandom(4096))
    with pytest.raises(survey.SurveyError, match="not a survey file"):
        survey.SurveyFile(str(junk))
    other = tmp_path / "other.sqlite"
    survey.SurveyFile(str(other)).close()
    execute(other, "UPDATE meta SET value='99' WHERE key='format_version'")
    with pytest.raises(survey.SurveyError, match="format version 99"):
        survey.SurveyFile(str(other))


def test_bad_input_exits_2_with_one_line(tmp_path: Path) -> None:
    for args in (["--codes", "0.9", "--to", "10"], ["--codes", "0.7", "--to", "ten"]):
        r = subprocess.run(survey_command(str(tmp_path / "x.sqlite"), *args), capture_output=True, text=True)
        assert r.returncode == 2
        assert r.stderr.count("\n") == 1 and r.stderr.startswith("error: ")


def test_without_distributed_the_error_names_the_extra(tmp_path: Path) -> None:
    code = (
        "import sys; sys.modules['distributed'] = None\n"
        "from partizan import survey\n"
        f"sys.exit(survey.main(['octal', '--codes', '0.7', '--to', '10', '--db', {str(tmp_path / 'y.sqlite')!r}]))"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 2
    assert "pip install 'partizan[distributed]'" in r.stderr
