"""What each Python service costs at rest: CPU of one core, beside the same service of another
checkout (the baseline, e.g. main before a change) measured at the same time.

    .venv/bin/python -m bench.idle --baseline /path/to/other/checkout [--seconds 60]
        [--settle 30] [--service jobs --service analytics ...] [--also gateway=<pid> ...]

Starts, from each checkout (its own ``.venv``), every service (and search's alert mailer) as the
fault scenarios start "a service of their own" (``tests.faults.harness.OwnService``): a spare
port, a scratch database, a Kafka topic prefix and an index prefix per checkout, so nothing of
the local stack's is read or written and no request reaches them. Once all are ready and have
settled, each process's CPU (user + system ticks from ``/proc/<pid>/stat``, its child processes
included) is read over ``--seconds``, all of them in the same window. Prints one row a process:
the baseline's figure beside this checkout's, in % of one core, and the load average around the
window (other work on the machine slows both columns alike, it does not add to them: a process
is charged only its own ticks). The services go in rounds of ``--per-round`` (the stack's
PostgreSQL has connections for a few more processes only), each round its own window.
Everything it made is removed at the end of its round. ``--also NAME=PID`` measures a running
process too (the stack's gateway and web servers, their children included) in every window, and
adds its mean to both columns' total for the whole stack at rest.

Needs the local stack's PostgreSQL, Kafka and Elasticsearch (``make up``); about 300 MB of memory
per process.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx

from scripts.registry import load
from tests.faults.harness import ROOT, OwnService, own_topics, scratch_database

SERVICES = tuple(service.name for service in load(ROOT))  # deploy/services.json
MAILER = "alert-mailer"  # search's alert mailer: a process of its own on search's database
TICKS = os.sysconf("SC_CLK_TCK")


def _children() -> dict[int, list[int]]:
    """Every process's children, by parent pid."""
    found: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(OSError, ValueError, IndexError):
                found.setdefault(_stat(int(entry))[0], []).append(int(entry))
    return found


def _stat(pid: int) -> list[int]:
    """The numeric fields of /proc/<pid>/stat after its state: field 4 (the parent's pid) on."""
    text = Path(f"/proc/{pid}/stat").read_text()
    return [int(value) for value in text[text.rindex(")") + 2 :].split()[1:]]


def cpu_ticks(pid: int, children: dict[int, list[int]]) -> int:
    """User + system ticks of ``pid`` and its living descendants, and of its waited-for ones."""
    try:
        fields = _stat(pid)
    except (OSError, ValueError):
        return 0
    # utime, stime, cutime, cstime: fields 14-17 of stat, here from field 4 on
    own = sum(fields[10:14])
    return own + sum(cpu_ticks(child, children) for child in children.get(pid, ()))


def percent_of_core(ticks: int, seconds: float) -> float:
    return 100.0 * ticks / TICKS / seconds


@dataclass
class Measured:
    name: str
    pid: int
    percent: float = 0.0


async def _measure(processes: list[Measured], seconds: float) -> tuple[float, float]:
    """Every process's CPU over the same ``seconds``; the load average before and after."""
    before_load = os.getloadavg()[0]
    children = _children()
    start = {p.pid: cpu_ticks(p.pid, children) for p in processes}
    began = time.monotonic()
    await asyncio.sleep(seconds)
    children = _children()
    elapsed = time.monotonic() - began
    for p in processes:
        p.percent = percent_of_core(cpu_ticks(p.pid, children) - start[p.pid], elapsed)
    return before_load, os.getloadavg()[0]


@dataclass
class Checkout:
    label: str
    root: Path
    services: list[tuple[str, OwnService]]


async def _start(
    stack: contextlib.AsyncExitStack, label: str, root: Path, names: list[str]
) -> Checkout:
    """The checkout's services, one after another (each waits until ready: their start-ups,
    migrations included, do not pile up on the machine)."""
    prefix = await stack.enter_async_context(own_topics())
    index_prefix = f"idle-{uuid.uuid4().hex[:8]}"
    stack.push_async_callback(_delete_indices, index_prefix)
    logs = ROOT / ".local" / "logs"
    started: list[tuple[str, OwnService]] = []
    databases: dict[str, str] = {}
    for name in names:
        service = "search" if name == MAILER else name
        if service not in databases:
            databases[service] = await stack.enter_async_context(scratch_database(service))
        env = {
            f"{service.upper()}_DB_NAME": databases[service],
            "KAFKA_TOPIC_PREFIX": prefix,
            "SEARCH_INDEX_PREFIX": index_prefix,
        }
        own = OwnService(
            service,
            env=env,
            app="mailer:create_mailer_app" if name == MAILER else "main:create_app",
            log=logs / f"bench-idle-{label}-{name}.log",
            root=root,
        )
        own.start()
        stack.callback(own.stop)
        await own.ready()
        started.append((name, own))
    return Checkout(label=label, root=root, services=started)


async def _delete_indices(index_prefix: str) -> None:
    url = os.environ.get("ELASTICSEARCH_URL", "http://127.0.0.1:9200")
    with contextlib.suppress(Exception):
        async with httpx.AsyncClient(timeout=30) as client:
            await client.delete(f"{url}/{index_prefix}-*")


def _rows(
    labels: list[str], names: list[str], measured: dict[tuple[str, str], Measured]
) -> Iterator[str]:
    yield "| process | " + " | ".join(labels) + " |"
    yield "|---|" + "---|" * len(labels)
    for name in names:
        cells = [f"{measured[(label, name)].percent:.2f} %" for label in labels]
        yield f"| {name} | " + " | ".join(cells) + " |"
    totals = [
        f"**{sum(measured[(label, name)].percent for name in names):.1f} %**" for label in labels
    ]
    yield f"| **all {len(names)}** | " + " | ".join(totals) + " |"


def _rounds(names: list[str], per_round: int) -> list[list[str]]:
    """The services in groups of ``per_round`` (the alert mailer with search: it needs search's
    database), so that the stack's PostgreSQL keeps connections for its own users."""
    units: list[list[str]] = []
    for name in names:
        with_search = [unit for unit in units if "search" in unit]
        if name == MAILER and with_search:
            with_search[0].append(name)
        else:
            units.append([name])
    return [
        [name for unit in units[start : start + per_round] for name in unit]
        for start in range(0, len(units), per_round)
    ]


async def run(
    baseline: Path,
    names: list[str],
    settle: float,
    seconds: float,
    per_round: int,
    also: dict[str, int] | None = None,
) -> int:
    measured: dict[tuple[str, str], Measured] = {}
    checkouts: list[Checkout] = []
    loads: list[float] = []
    others: dict[str, list[float]] = {name: [] for name in also or {}}
    for group in _rounds(names, per_round):
        async with contextlib.AsyncExitStack() as stack:
            checkouts = [
                await _start(stack, "baseline", baseline, group),
                await _start(stack, "this checkout", ROOT, group),
            ]
            print(f"{', '.join(group)}: ready, settling {settle:.0f} s", flush=True)
            await asyncio.sleep(settle)
            found = {
                (c.label, name): Measured(name=name, pid=own.process.pid)
                for c in checkouts
                for name, own in c.services
                if own.process is not None
            }
            running = [Measured(name=name, pid=pid) for name, pid in (also or {}).items()]
            loads.extend(await _measure([*found.values(), *running], seconds))
            measured.update(found)
            for key, value in found.items():
                print(f"  {key[0]:>14} {key[1]:<14} {value.percent:.2f} %", flush=True)
            for other in running:
                others[other.name].append(other.percent)
                print(f"  {'running':>14} {other.name:<14} {other.percent:.2f} %", flush=True)
    print(
        f"\nCPU at rest, {seconds:.0f} s a window, % of one core (user + system, children "
        f"included); {per_round} services a window, baseline and this checkout side by side; "
        f"baseline {baseline}, this checkout {ROOT}; load average {min(loads):.1f} to "
        f"{max(loads):.1f}, nproc {os.cpu_count()}\n"
    )
    for line in _rows([c.label for c in checkouts], names, measured):
        print(line)
    if others:
        mean = {name: sum(values) / len(values) for name, values in others.items()}
        print("\nRunning processes, the mean of the windows (the same in both columns):\n")
        print("| process | mean | each window |\n|---|---|---|")
        for name, percent in mean.items():
            print(f"| {name} | {percent:.2f} % | {' '.join(f'{v:.2f}' for v in others[name])} |")
        for checkout in checkouts:
            python = sum(measured[(checkout.label, name)].percent for name in names)
            print(
                f"\nthe whole stack at rest, {checkout.label}: {python:.1f} % (Python) + "
                f"{sum(mean.values()):.1f} % (running) = {python + sum(mean.values()):.1f} % of "
                "one core"
            )
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--baseline",
        type=Path,
        required=True,
        help="another checkout with its own .venv (uv sync), e.g. main before the change",
    )
    parser.add_argument("--service", action="append", choices=[*SERVICES, MAILER])
    parser.add_argument("--settle", type=float, default=30.0)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--per-round", type=int, default=2, help="services measured at once")
    parser.add_argument(
        "--also",
        action="append",
        default=[],
        metavar="NAME=PID",
        help="a running process measured in every window too (e.g. the stack's gateway)",
    )
    args = parser.parse_args()
    also = {name: int(pid) for name, _, pid in (item.partition("=") for item in args.also)}
    if not (args.baseline / ".venv" / "bin" / "uvicorn").is_file():
        parser.error(f"{args.baseline} has no .venv/bin/uvicorn (uv sync there first)")
    names = args.service or [*SERVICES, MAILER]
    return asyncio.run(
        run(args.baseline.resolve(), names, args.settle, args.seconds, args.per_round, also)
    )


if __name__ == "__main__":
    sys.exit(main())
