"""The CPU account's parsing and arithmetic, offline (no /proc of a running stack)."""

from __future__ import annotations

import pytest

from bench import cpu_account
from bench.cpu_account import Sample

# a real line's shape: the command in parentheses, with a space and a ')' inside it
STAT = (
    "4642 (java (es) x) S 4355 4350 4350 0 -1 1077936384 2104861 0 12 0 "
    "51234 8765 40 60 20 0 151 0 3012 0 0"
)
TCP = """\
  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 0100007F:1FAB 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 81234 1
   1: 0100007F:1FAB 0100007F:C3D2 01 00000000:00000000 00:00000000 00000000     0        0 99999 1
   2: 0100007F:1FA7 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 81200 1
   3: 0100007F:1538 00000000:0000 0A 00000000:00000000 00:00000000 00000000   116        0 5000 1
"""


def test_a_stat_line_is_read_from_the_last_parenthesis() -> None:
    stat = cpu_account.parse_stat(STAT)
    assert (stat.pid, stat.ppid) == (4642, 4355)
    assert (stat.utime, stat.stime, stat.cutime, stat.cstime) == (51234, 8765, 40, 60)
    assert stat.ticks == 51234 + 8765 + 40 + 60


def test_only_listening_sockets_of_the_asked_ports() -> None:
    # 0x1FAB = 8107, 0x1FA7 = 8103, 0x1538 = 5432 (not asked); an established 8107 is no listener
    assert cpu_account.listening_inodes(TCP, [8107, 8103]) == {"81234": 8107, "81200": 8103}


def test_a_tree_is_its_root_and_every_descendant() -> None:
    parents = {1: 0, 10: 1, 11: 10, 12: 11, 20: 1, 21: 20}
    assert cpu_account.tree(10, parents) == {10, 11, 12}
    assert cpu_account.tree(99, parents) == {99}


def test_workers_are_uvicorn_modules_of_a_registered_service_other_than_main() -> None:
    services = ["search", "jobs"]
    mailer = ".venv/bin/python .venv/bin/uvicorn search.mailer:create_mailer_app --factory"
    assert cpu_account.worker_name(mailer, services) == "search mailer"
    assert cpu_account.worker_name("uvicorn search.main:create_app", services) is None
    assert cpu_account.worker_name("uvicorn other.mailer:app", services) is None


def test_a_backend_title_names_its_database() -> None:
    title = "postgres: 15/main: jobboard jobs 127.0.0.1(56720) idle"
    assert cpu_account.postgres_database(title) == "jobs"
    assert cpu_account.postgres_database("postgres: 15/main: checkpointer ") is None


def test_the_difference_splits_postgres_by_database() -> None:
    before = Sample(
        groups={"jobs": 100, "postgres": 1_000, "kafka": 50},
        backends={7: ("jobs", 300), 8: ("search", 100), 9: ("jobs", 40)},
    )
    after = Sample(
        groups={"jobs": 400, "postgres": 1_500, "kafka": 80, "search mailer": 5},
        # 9 ended (its ticks are the postmaster's now); 11 is new and counts whole; 8's pid
        # was reused by a backend of another database, which counts whole too
        backends={7: ("jobs", 500), 8: ("billing", 30), 11: ("jobs", 70)},
    )
    spent = cpu_account.difference(before, after)
    assert spent == {
        "jobs": 300,
        "postgres": 500,
        "kafka": 30,
        "postgres: jobs": 200 + 70,
        "postgres: billing": 30,
        "postgres: the rest": 500 - 270 - 30,
    }  # a group not found before ("search mailer") is left out rather than counted whole


def test_milliseconds_per_job_and_the_total_counts_postgres_once() -> None:
    spent = {"jobs": 300, "postgres": 500, "postgres: jobs": 400, "postgres: the rest": 100}
    rows = cpu_account.per_job(spent, 50, 100)
    assert rows == [
        ("postgres", 5.0, 100.0),
        ("postgres: jobs", 4.0, 80.0),
        ("postgres: the rest", 1.0, 20.0),
        ("jobs", 3.0, 60.0),
    ]
    assert cpu_account.total_of(rows) == (8.0, 160.0)
    assert cpu_account.per_job({"jobs": 5}, 0, 100) == [("jobs", 0.05, 0.0)]


def test_idle_is_scaled_to_the_run_and_never_below_zero() -> None:
    spent = {"jobs": 300, "search": 10}
    idle = {"jobs": 20, "search": 40}  # over 10 s
    assert cpu_account.without_idle(spent, idle, seconds=25, idle_seconds=10) == {
        "jobs": 250,
        "search": 0,
    }
    assert cpu_account.without_idle(spent, idle, seconds=25, idle_seconds=0) == spent


def test_the_report_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cpu_account, "hertz", lambda: 100)
    lines = cpu_account.report(
        {"jobs": 300, "postgres": 500, "postgres: jobs": 500, "postgres: the rest": 0},
        100,
        idle={"jobs": 100, "postgres": 0},
        seconds=10,
        idle_seconds=10,
    )
    assert lines[0].split() == [
        "CPU",
        "per",
        "published",
        "job",
        "(100)",
        "CPU",
        "s",
        "ms/job",
        "above",
        "idle",
    ]
    assert lines[1].split() == ["postgres", "5.00", "50.00", "50.00"]
    assert lines[2].split() == ["postgres:", "jobs", "5.00", "50.00", "50.00"]
    assert lines[3].split() == ["jobs", "3.00", "30.00", "20.00"]  # "the rest" at 0 is left out
    assert lines[4].split() == ["stack", "total", "8.00", "80.00", "70.00"]
