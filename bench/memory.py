"""Peak resident memory of named processes while a load runs, each beside its baseline.

    .venv/bin/python -m bench.memory --process web --process candidate=:3192 \\
        --load '.venv/bin/python -m bench.run --scenario job_page_via_web --requests 400' \\
        --load 'BENCH_WEB_URL=http://127.0.0.1:3192 .venv/bin/python -m bench.run ...'

A process is named ``NAME`` (the local stack's process of that name, as ``deploy/local/stack
status`` lists it: what ``bench.loadtest`` samples), ``NAME=PID`` or ``NAME=:PORT`` (the process
listening on that loopback port, e.g. a copy of a service started from another checkout). Its
RSS is counted with all its children's, as ``bench.loadtest`` counts it (a fork server, npm's
node). Every ``--interval`` seconds each process is sampled; the ``--load`` commands (shell
command lines) run at the same time, all at once, and the sampling ends when the last one ends
(or after ``--seconds`` without a load). Prints, per process, its RSS at the start, the largest
seen and at the end, against 256 MiB (issue 28), with the machine's CPUs and load average.
Sends nothing itself: what the board sees is what the load commands send.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import psutil

from bench.loadtest import RSS_AIM_MIB, rss_mib, stack_processes, stack_root


@dataclass
class Watched:
    name: str
    pid: int
    start: float | None = None
    peak: float | None = None
    end: float | None = None
    samples: int = 0

    def sample(self, value: float | None) -> None:
        """One reading (None: the process is gone, which ends its series)."""
        if value is None:
            return
        if self.start is None:
            self.start = value
        self.peak = value if self.peak is None else max(self.peak, value)
        self.end = value
        self.samples += 1


@dataclass
class Report:
    began: str
    seconds: float
    cpus: int
    load_before: float
    load_after: float
    loads: list[str]
    processes: list[Watched] = field(default_factory=list)


def listening_pid(port: int) -> int:
    """The process listening on a local TCP ``port``."""
    for connection in psutil.net_connections(kind="tcp"):
        if (
            connection.status == psutil.CONN_LISTEN
            and connection.laddr
            and connection.laddr.port == port
            and connection.pid is not None
        ):
            return int(connection.pid)
    raise SystemExit(f"bench.memory: nothing listens on port {port}")


def resolve(spec: str, stack: dict[str, int] | None = None) -> Watched:
    """``NAME``, ``NAME=PID`` or ``NAME=:PORT`` (see the module's docstring)."""
    name, _, where = spec.partition("=")
    if not name:
        raise SystemExit(f"bench.memory: {spec!r} names no process")
    if not where:
        running = stack if stack is not None else stack_processes(stack_root())
        if name not in running:
            raise SystemExit(
                f"bench.memory: the stack runs no {name!r} (deploy/local/stack status)"
            )
        return Watched(name, running[name])
    if where.startswith(":") and where[1:].isdigit():
        return Watched(name, listening_pid(int(where[1:])))
    if where.isdigit():
        return Watched(name, int(where))
    raise SystemExit(f"bench.memory: {spec!r} is not NAME, NAME=PID or NAME=:PORT")


def watch(processes: list[Watched], loads: list[str], *, interval: float, seconds: float) -> float:
    """Sample every process each ``interval`` while the loads run (or for ``seconds``); the
    elapsed time."""
    began = time.monotonic()
    for process in processes:
        process.sample(rss_mib(process.pid))
    # the operator's own command lines, through the shell (NAME=value prefixes, pipes)
    running = [subprocess.Popen(command, shell=True) for command in loads]
    try:
        while True:
            time.sleep(interval)
            for process in processes:
                process.sample(rss_mib(process.pid))
            if running:
                if all(child.poll() is not None for child in running):
                    break
            elif time.monotonic() - began >= seconds:
                break
    finally:
        for child in running:
            if child.poll() is None:
                child.terminate()
                child.wait()
    failed = [command for command, child in zip(loads, running, strict=True) if child.returncode]
    if failed:
        print(f"bench.memory: a load command failed: {failed}", file=sys.stderr)
    return time.monotonic() - began


def mib(value: float | None) -> str:
    return "gone" if value is None else f"{value:.0f}"


def format_report(report: Report) -> str:
    lines = [
        f"{report.began}: {report.seconds:.0f} s, {report.cpus} CPUs, load average "
        f"{report.load_before:.2f} before, {report.load_after:.2f} after",
        *(f"load: {command}" for command in report.loads),
        "",
        "RSS with children, MiB:",
    ]
    header = ["process", "pid", "start", "peak", "end", f"under {RSS_AIM_MIB:.0f}"]
    rows = [
        [
            p.name,
            str(p.pid),
            mib(p.start),
            mib(p.peak),
            mib(p.end),
            "-" if p.peak is None else ("yes" if p.peak < RSS_AIM_MIB else "NO"),
        ]
        for p in report.processes
    ]
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    for row in [header, *rows]:
        lines.append(
            "  ".join(
                cell.ljust(widths[i]) if i == 0 else cell.rjust(widths[i])
                for i, cell in enumerate(row)
            )
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="bench.memory",
        description=(__doc__ or "").split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--process",
        action="append",
        required=True,
        metavar="NAME[=PID|=:PORT]",
        help="a process to sample (repeat); NAME alone: the local stack's",
    )
    parser.add_argument(
        "--load", action="append", default=[], metavar="COMMAND", help="run meanwhile (repeat)"
    )
    parser.add_argument("--interval", type=float, default=1.0, help="seconds between samples (1)")
    parser.add_argument("--seconds", type=float, default=60.0, help="without --load: how long (60)")
    parser.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    args = parser.parse_args(argv)
    needs_stack = any("=" not in spec for spec in args.process)
    stack = stack_processes(stack_root()) if needs_stack else {}
    processes = [resolve(spec, stack) for spec in args.process]
    began = datetime.now(UTC).isoformat(timespec="seconds")
    load_before = os.getloadavg()[0]
    elapsed = watch(processes, args.load, interval=args.interval, seconds=args.seconds)
    report = Report(
        began=began,
        seconds=elapsed,
        cpus=os.cpu_count() or 0,
        load_before=load_before,
        load_after=os.getloadavg()[0],
        loads=args.load,
        processes=processes,
    )
    print(format_report(report))
    if args.json:
        Path(args.json).write_text(json.dumps(asdict(report), indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
