"""bench.memory without the stack: a child process of the test's, named by pid and by the port
it listens on, sampled while a load command runs."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Iterator

import pytest

from bench.memory import Report, Watched, format_report, main, resolve

# holds 80 MiB, then listens on a free port (printed) until killed
HOLDER = textwrap.dedent(
    """
    import socket, sys, time
    held = bytearray(80 * 2**20)
    for i in range(0, len(held), 4096):
        held[i] = 1
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    print(server.getsockname()[1], flush=True)
    time.sleep(120)
    """
)


@pytest.fixture
def holder() -> Iterator[tuple[int, int]]:
    child = subprocess.Popen([sys.executable, "-c", HOLDER], stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    port = int(child.stdout.readline())
    yield child.pid, port
    child.kill()
    child.wait()


def test_a_watched_process_keeps_its_first_largest_and_last_reading() -> None:
    watched = Watched("web", 1)
    for value in (100.0, 300.0, None, 200.0):
        watched.sample(value)
    assert (watched.start, watched.peak, watched.end, watched.samples) == (100, 300, 200, 3)


def test_names_resolve_to_the_stack_a_pid_or_a_port(holder: tuple[int, int]) -> None:
    pid, port = holder
    assert resolve("jobs", {"jobs": 42}).pid == 42
    assert resolve(f"copy={pid}").pid == pid
    assert resolve(f"copy=:{port}").pid == pid
    with pytest.raises(SystemExit):
        resolve("nope", {"jobs": 42})
    with pytest.raises(SystemExit):
        resolve("copy=somewhere")


def test_the_report_sets_each_process_against_256_mib() -> None:
    report = Report(
        began="2026-11-30T05:00:00+00:00",
        seconds=60,
        cpus=2,
        load_before=1.0,
        load_after=2.5,
        loads=["true"],
        processes=[Watched("web", 1, 200, 300, 250, 60), Watched("candidate", 2, 150, 180, 170)],
    )
    lines = format_report(report).splitlines()
    assert "2 CPUs" in lines[0]
    assert lines[-2].split() == ["web", "1", "200", "300", "250", "NO"]
    assert lines[-1].split() == ["candidate", "2", "150", "180", "170", "yes"]


def test_a_run_samples_while_the_load_runs(
    holder: tuple[int, int], capsys: pytest.CaptureFixture[str]
) -> None:
    pid, port = holder
    main(
        [
            "--process",
            f"holder={pid}",
            "--process",
            f"by-port=:{port}",
            "--interval",
            "0.2",
            "--load",
            "sleep 1",
        ]
    )
    rows = {line.split()[0]: line.split() for line in capsys.readouterr().out.splitlines()[-2:]}
    assert set(rows) == {"holder", "by-port"}
    assert float(rows["holder"][3]) >= 80  # the peak holds its 80 MiB
    assert rows["holder"][1] == rows["by-port"][1] == str(pid)
