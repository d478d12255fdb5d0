"""resumeSearch before/after: the search service's resume search (and the gateway in front of
it) of the running stack or a baseline copy beside a candidate's, with the raw Elasticsearch
``_search`` in the same run, in rounds so a busy machine loads every row alike.

    .venv/bin/python -m bench.resume_search_ab --rounds 3 --requests 100 \\
        --current-search http://127.0.0.1:8134 --current-pid 4321 \\
        --candidate-search http://127.0.0.1:8124 --candidate-pid 4322 \\
        [--current-gateway URL] [--candidate-gateway URL] [--web URL]

Each round measures every row at concurrency 1 in one interleaved phase (p50/p95), then each
service and gateway row alone at concurrency 8 (req/s), in alternating order from round to round.
With a service's ``--*-pid`` the round also reads that process's CPU (``/proc/<pid>/stat``, user
+ system) over each of its concurrency-8 rows: CPU milliseconds a request.

The service rows ask the search subgraph itself with the headers the gateway forwards
(``Authorization`` with a recruiter's token, ``X-Frontend``); the gateway rows with the same
token; ``--web`` adds the web server's /graphql with the demo recruiter's session. The copies are
search services started from other checkouts on spare ports with
``SEARCH_RUN_BACKGROUND_WORKERS=false`` and ``SEARCH_RUN_MIGRATIONS_ON_STARTUP=false`` (they must
not join the stack's consumer groups); a gateway in front of one with ``PORT=<port>
SUBGRAPH_SEARCH_URL=<it>/graphql``. Only searches are sent.
"""

from __future__ import annotations

import argparse
import asyncio
import os
from collections.abc import Sequence
from dataclasses import dataclass

from bench.cpu_account import parse_stat
from bench.harness import (
    RunSettings,
    Scenario,
    ScenarioResult,
    aligned,
    ensure_loopback,
    run_interleaved,
    run_scenario,
)
from bench.scenarios._resume_search import ResumeSearchDirect, ResumeSearchThrough
from bench.scenarios._search import GATEWAY_URL, SEARCH_URL

TICKS_PER_SECOND = os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class Row:
    name: str
    subject: ResumeSearchThrough | ResumeSearchDirect
    pid: int | None = None  # the process whose CPU its concurrency-8 phase is charged
    alone_at_8: bool = True


def rows(args: argparse.Namespace) -> list[Row]:
    found = [Row("raw ES _search", ResumeSearchDirect())]
    for label, search, gateway, pid in (
        ("current", args.current_search, args.current_gateway, args.current_pid),
        ("candidate", args.candidate_search, args.candidate_gateway, args.candidate_pid),
    ):
        if search:
            found.append(Row(f"{label} service", ResumeSearchThrough(search, web=False), pid))
        if gateway:
            found.append(Row(f"{label} gateway", ResumeSearchThrough(gateway, web=False), pid))
    if args.web:
        found.append(Row("web (stack)", ResumeSearchThrough(args.web, web=True), None))
    return found


def scenario(row: Row) -> Scenario:
    return Scenario(
        name=row.name,
        request=row.subject.request,
        setup=row.subject.setup,
        teardown=row.subject.teardown,
    )


def cpu_ticks(pid: int) -> int:
    with open(f"/proc/{pid}/stat") as stat:
        return parse_stat(stat.read()).ticks


@dataclass(frozen=True)
class Eight:
    result: ScenarioResult
    cpu_ms_per_request: float | None


async def at_8(row: Row, requests: int, max_seconds: float) -> Eight:
    before = cpu_ticks(row.pid) if row.pid else 0
    result = await run_scenario(
        scenario(row),
        RunSettings(requests=requests, concurrency=8, max_seconds=max_seconds, request_timeout=30),
    )
    cpu = None
    if row.pid and result.requests:
        ticks = cpu_ticks(row.pid) - before
        cpu = ticks * 1000.0 / TICKS_PER_SECOND / result.requests
    return Eight(result, cpu)


def format_round(
    number: int, found: list[Row], one: list[ScenarioResult], eight: dict[str, Eight]
) -> str:
    def ms(value: float | None) -> str:
        return "-" if value is None else f"{value:.1f}"

    raw_1 = one[0].percentile(95)
    raw_8 = eight[found[0].name].result.throughput if found[0].name in eight else None
    head = ("row", "c1 p50", "c1 p95", "p95/raw", "c8 req/s", "/raw", "CPU ms/req", "errors")
    lines = []
    for row, result in zip(found, one, strict=True):
        e = eight.get(row.name)
        p95 = result.percentile(95)
        lines.append(
            (
                row.name,
                ms(result.percentile(50)),
                ms(p95),
                f"{p95 / raw_1:.2f}x" if p95 and raw_1 else "-",
                f"{e.result.throughput:.0f}" if e else "-",
                f"{e.result.throughput / raw_8:.2f}x" if e and raw_8 else "-",
                ms(e.cpu_ms_per_request) if e else "-",
                str(result.errors + (e.result.errors if e else 0)),
            )
        )
    return "\n".join([f"round {number}", *aligned(head, lines)])


async def run(args: argparse.Namespace) -> None:
    found = rows(args)
    for number in range(1, args.rounds + 1):
        one = await run_interleaved(
            [scenario(row) for row in found],
            RunSettings(
                requests=args.requests,
                concurrency=1,
                max_seconds=args.max_seconds,
                request_timeout=30,
            ),
        )
        eight: dict[str, Eight] = {}
        alone = [row for row in found if row.alone_at_8 and not row.name.startswith("web")]
        for row in alone if number % 2 else [alone[0], *reversed(alone[1:])]:
            eight[row.name] = await at_8(row, args.requests * 2, args.max_seconds)
        print(format_round(number, found, one, eight), flush=True)
    print(
        "latencies in ms; c1 rows interleaved in one phase, c8 rows one at a time (service and "
        "gateway rows in alternating order each round); CPU: the named process over its c8 row"
    )


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.resume_search_ab")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--requests", type=int, default=100, help="per row and round at c1")
    parser.add_argument("--max-seconds", type=float, default=300)
    parser.add_argument("--current-search", default=SEARCH_URL)
    parser.add_argument("--current-gateway", default=GATEWAY_URL)
    parser.add_argument("--current-pid", type=int)
    parser.add_argument("--candidate-search")
    parser.add_argument("--candidate-gateway")
    parser.add_argument("--candidate-pid", type=int)
    parser.add_argument("--web", help="the web server's base URL (a recruiter's session)")
    args = parser.parse_args(argv)
    for url in (
        args.current_search,
        args.current_gateway,
        args.candidate_search,
        args.candidate_gateway,
        args.web,
    ):
        if url:
            ensure_loopback(url)
    return args


def main(argv: Sequence[str] | None = None) -> None:
    asyncio.run(run(parse(argv)))


if __name__ == "__main__":
    main()
