"""The stack's CPU per job: each process's CPU seconds (user + system, its descendants included)
read from ``/proc`` before and after a run, as milliseconds per published job.

Used by ``bench.ingest``: at two cores every hop competes for the same CPU, so the CPU the whole
system spends per job (every Python service and worker, PostgreSQL, Elasticsearch, Kafka) sets
the ceiling of the jobs per second, whatever each hop's own rate.

Processes are found the way the stack runs them:

- each service of ``deploy/services.json`` (``scripts/registry.py``) by the port it listens on;
- the services' other workers (the alert mailer: ``uvicorn search.mailer:...``) by a uvicorn
  command line naming a module of a registered service other than its ``main``;
- PostgreSQL: the postmaster and every backend (backends that end during the run are counted
  through the postmaster's reaped children); live backends are also split by database;
- Elasticsearch and Kafka: the java processes whose command lines name them;
- the bench's own process (it runs the api hop, ``put_jobs``, in-process).

Linux only. Counts are in clock ticks (10 ms at the usual 100 Hz).
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROC = Path("/proc")
TCP_LISTEN = "0A"
# a client backend's title: "postgres: [cluster: ]user database host(port) state"
POSTGRES_BACKEND = re.compile(
    r"^postgres: (?:[^:\s]+: )?(?P<user>\S+) (?P<database>\S+) (?:\S+\(\d+\)|\[local\])"
)


@dataclass(frozen=True)
class Stat:
    """What the account reads of ``/proc/<pid>/stat``, in clock ticks."""

    pid: int
    ppid: int
    utime: int
    stime: int
    cutime: int  # children that ended and were reaped
    cstime: int

    @property
    def ticks(self) -> int:
        return self.utime + self.stime + self.cutime + self.cstime


def parse_stat(line: str) -> Stat:
    """One ``/proc/<pid>/stat`` line. The command (field 2) is in parentheses and may hold
    spaces and parentheses itself, so the fields are counted from its last ``)``."""
    head, _, rest = line.rpartition(")")
    fields = rest.split()
    # fields[0] is field 3 (state): ppid is field 4, utime..cstime are fields 14..17
    return Stat(
        pid=int(head.split("(", 1)[0]),
        ppid=int(fields[1]),
        utime=int(fields[11]),
        stime=int(fields[12]),
        cutime=int(fields[13]),
        cstime=int(fields[14]),
    )


def listening_inodes(table: str, ports: Iterable[int]) -> dict[str, int]:
    """Socket inode → port for the listening sockets of ``ports`` in a ``/proc/net/tcp`` text."""
    wanted = set(ports)
    found: dict[str, int] = {}
    for row in table.splitlines()[1:]:
        columns = row.split()
        if len(columns) < 10 or columns[3] != TCP_LISTEN:
            continue
        port = int(columns[1].rsplit(":", 1)[1], 16)
        if port in wanted:
            found[columns[9]] = port
    return found


def tree(root: int, parents: Mapping[int, int]) -> set[int]:
    """``root`` and every live descendant of it (``parents``: pid → ppid)."""
    children: dict[int, list[int]] = {}
    for pid, ppid in parents.items():
        children.setdefault(ppid, []).append(pid)
    members, todo = set(), [root]
    while todo:
        pid = todo.pop()
        if pid not in members:
            members.add(pid)
            todo.extend(children.get(pid, ()))
    return members


def worker_name(cmdline: str, services: Iterable[str]) -> str | None:
    """A service's worker run by uvicorn with a module other than ``main`` ("search mailer")."""
    match = re.search(r"uvicorn\s+(?P<service>\w+)\.(?P<module>\w+):", cmdline)
    if match and match["service"] in set(services) and match["module"] != "main":
        return f"{match['service']} {match['module']}"
    return None


def postgres_database(cmdline: str) -> str | None:
    """The database of a backend's title (``postgres: 15/main: jobboard jobs 127.0.0.1(...)``)."""
    match = POSTGRES_BACKEND.match(cmdline)
    return match["database"] if match else None


@dataclass(frozen=True)
class Sample:
    """Clock ticks per process group, and per PostgreSQL backend (pid → (database, ticks))."""

    groups: dict[str, int]
    backends: dict[int, tuple[str, int]]


def difference(before: Sample, after: Sample) -> dict[str, int]:
    """Ticks spent per group between two samples; PostgreSQL's live backends split by database
    (a backend new since ``before`` counts whole) beside the rest of PostgreSQL (the
    postmaster, its helpers, backends that ended)."""
    spent = {
        name: ticks - before.groups.get(name, 0)
        for name, ticks in after.groups.items()
        if name in before.groups
    }
    if "postgres" in spent:
        by_database: dict[str, int] = {}
        for pid, (database, ticks) in after.backends.items():
            earlier = before.backends.get(pid)
            used = ticks - earlier[1] if earlier and earlier[0] == database else ticks
            by_database[database] = by_database.get(database, 0) + used
        for database, ticks in by_database.items():
            spent[f"postgres: {database}"] = ticks
        spent["postgres: the rest"] = spent["postgres"] - sum(by_database.values())
    return spent


def per_job(spent: Mapping[str, int], jobs: int, hertz: int) -> list[tuple[str, float, float]]:
    """(group, CPU seconds, ms per job), the most first; PostgreSQL's parts ("postgres: <db>")
    right after the "postgres" row, the most first, so that they read as its breakdown."""

    def row(name: str, ticks: int) -> tuple[str, float, float]:
        return (name, ticks / hertz, ticks / hertz * 1000 / jobs if jobs else 0.0)

    def most_first(names: Iterable[str]) -> list[str]:
        return sorted(names, key=lambda name: (-spent[name], name))

    parts = most_first(name for name in spent if name.startswith("postgres: "))
    rows: list[tuple[str, float, float]] = []
    for name in most_first(name for name in spent if not name.startswith("postgres: ")):
        rows.append(row(name, spent[name]))
        if name == "postgres":
            rows.extend(row(part, spent[part]) for part in parts)
    return rows


def total_of(rows: Iterable[tuple[str, float, float]]) -> tuple[float, float]:
    """The whole stack's CPU seconds and ms per job, each process counted once (PostgreSQL's
    breakdown rows left out: the "postgres" row holds them)."""
    seconds = ms = 0.0
    for name, cpu, per in rows:
        if not name.startswith("postgres: "):
            seconds += cpu
            ms += per
    return seconds, ms


# --- reading /proc --------------------------------------------------------------------------


def _read(path: Path) -> str:
    try:
        return path.read_text()
    except OSError:  # the process ended, or is not ours to read
        return ""


def _cmdline(pid: int) -> str:
    return _read(PROC / str(pid) / "cmdline").replace("\0", " ").strip()


def _stats() -> dict[int, Stat]:
    stats = {}
    for entry in PROC.iterdir():
        if entry.name.isdigit() and (line := _read(entry / "stat")):
            stats[int(entry.name)] = parse_stat(line)
    return stats


def _listeners(ports: Iterable[int]) -> dict[int, int]:
    """port → pid of the process listening on it."""
    inodes = listening_inodes(
        _read(PROC / "net" / "tcp") + "\n".join(_read(PROC / "net" / "tcp6").splitlines()[1:]),
        ports,
    )
    found: dict[int, int] = {}
    for entry in PROC.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            links = [os.readlink(fd) for fd in (entry / "fd").iterdir()]
        except OSError:
            continue
        for link in links:
            if link.startswith("socket:[") and (port := inodes.get(link[8:-1])):
                found.setdefault(port, int(entry.name))
    return found


def services() -> list[tuple[str, int]]:
    """(name, port) of every service, from ``deploy/services.json`` by ``scripts/registry.py``."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import registry

    return [(service.name, service.port) for service in registry.load(ROOT)]


def postmaster(cmdlines: Mapping[int, str], parents: Mapping[int, int]) -> int | None:
    """PostgreSQL's postmaster: the postgres process whose parent is not one."""
    postgres = {
        pid
        for pid, cmdline in cmdlines.items()
        if cmdline.startswith("postgres:") or cmdline.split(" ")[0].endswith("/postgres")
    }
    return next((pid for pid in postgres if parents.get(pid) not in postgres), None)


def group_ticks(roots: Mapping[str, int], stats: Mapping[int, Stat]) -> dict[str, int]:
    """Each group's ticks: its root process and every live descendant (reaped children
    included through their parents' cutime and cstime)."""
    parents = {pid: stat.ppid for pid, stat in stats.items()}
    return {
        name: sum(stats[pid].ticks for pid in tree(root, parents) if pid in stats)
        for name, root in roots.items()
    }


def ticks_now(roots: Mapping[str, int]) -> dict[str, int]:
    """``group_ticks`` of the processes running now."""
    return group_ticks(roots, _stats())


def find_postmaster() -> int | None:
    stats = _stats()
    return postmaster({pid: _cmdline(pid) for pid in stats}, {p: s.ppid for p, s in stats.items()})


def sample(registered: list[tuple[str, int]]) -> Sample:
    """Every group's ticks now (a group whose process is not found is left out)."""
    stats = _stats()
    parents = {pid: stat.ppid for pid, stat in stats.items()}
    cmdlines = {pid: _cmdline(pid) for pid in stats}
    roots: dict[str, int] = {}
    listeners = _listeners(port for _, port in registered)
    for name, port in registered:
        if port in listeners:
            roots[name] = listeners[port]
    names = [name for name, _ in registered]
    for pid, cmdline in cmdlines.items():
        worker = worker_name(cmdline, names)
        if worker and not worker_name(cmdlines.get(parents[pid], ""), names):
            roots.setdefault(worker, pid)
    java = {pid: cmdline for pid, cmdline in cmdlines.items() if "java" in cmdline.split(" ")[0]}
    for name, marker in (("elasticsearch", "org.elasticsearch"), ("kafka", "kafka")):
        for pid, cmdline in java.items():
            if marker in cmdline and marker not in java.get(parents[pid], ""):
                roots.setdefault(name, pid)
    if (postgres := postmaster(cmdlines, parents)) is not None:
        roots["postgres"] = postgres
    roots["bench (api hop in-process)"] = os.getpid()

    groups = group_ticks(roots, stats)
    backends = {}
    for pid in tree(roots.get("postgres", -1), parents):
        database = postgres_database(cmdlines.get(pid, ""))
        if database and pid in stats:
            backends[pid] = (database, stats[pid].ticks)
    return Sample(groups=groups, backends=backends)


def machine_ticks() -> int:
    """All the machine's busy CPU ticks (``/proc/stat``'s cpu line without idle and iowait):
    the stack's share of it says how much else ran beside the bench."""
    fields = [int(value) for value in _read(PROC / "stat").split("\n", 1)[0].split()[1:]]
    return sum(fields) - fields[3] - fields[4] if len(fields) > 4 else 0


def hertz() -> int:
    return os.sysconf("SC_CLK_TCK")


def without_idle(
    spent: Mapping[str, int], idle: Mapping[str, int], *, seconds: float, idle_seconds: float
) -> dict[str, int]:
    """``spent`` less what each group spends idle over as long (``idle``: ticks over
    ``idle_seconds``, measured before the run), never below zero."""
    scale = seconds / idle_seconds if idle_seconds else 0.0
    return {name: max(0, round(ticks - idle.get(name, 0) * scale)) for name, ticks in spent.items()}


def report(
    spent: Mapping[str, int],
    jobs: int,
    *,
    idle: Mapping[str, int] | None = None,
    seconds: float = 0.0,
    idle_seconds: float = 0.0,
    machine: int = 0,
) -> list[str]:
    """The account's lines: per group CPU seconds and ms per job (and, given ``idle``, the ms per
    job above what the group spends idle over the run's ``seconds``), then the stack's total and
    the machine's (everything that ran, other work included)."""
    rate = hertz()
    rows = per_job(spent, jobs, rate)
    busy = (
        {
            name: per
            for name, _, per in per_job(
                without_idle(spent, idle, seconds=seconds, idle_seconds=idle_seconds), jobs, rate
            )
        }
        if idle is not None
        else {}
    )

    def line(name: str, cpu: float, per: float, *, indent: str = "") -> str:
        extra = f" {busy[name]:>12.2f}" if name in busy else ""
        return f"{indent}{name:<{40 - len(indent)}} {cpu:>8.2f} {per:>8.2f}{extra}"

    head = f"{f'CPU per published job ({jobs})':<40} {'CPU s':>8} {'ms/job':>8}"
    lines = [head + (f" {'above idle':>12}" if busy else "")]
    for name, cpu, per in rows:
        if not name.startswith("postgres: "):
            lines.append(line(name, cpu, per))
        elif cpu > 0:
            lines.append(line(name, cpu, per, indent="  "))
    cpu, per = total_of(rows)
    if busy:
        busy["stack total"] = sum(v for k, v in busy.items() if not k.startswith("postgres: "))
    lines.append(line("stack total", cpu, per))
    if machine:
        whole = machine / rate
        over = f"   over {seconds:.1f} s, {os.cpu_count()} cores" if seconds else ""
        lines.append(
            f"{'machine (every process on it)':<40} {whole:>8.2f} "
            f"{whole * 1000 / jobs if jobs else 0:>8.2f}{over}"
        )
    return lines
