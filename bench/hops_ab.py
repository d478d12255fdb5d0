"""The Node hops of a search, one at a time: jobSearch asked of the search subgraph itself, of a
gateway and of a web server (whose /graphql passes it to its gateway), for a baseline pair of
gateway and web server (e.g. main's build) and a candidate pair, beside the raw ``_msearch``, so
what each hop costs is a difference of figures taken in one run (issue 28).

    .venv/bin/python -m bench.hops_ab --rounds 3 --requests 100 \\
        --base-gateway http://127.0.0.1:4019 --base-web http://127.0.0.1:3019 \\
        --candidate-gateway http://127.0.0.1:4010 --candidate-web http://127.0.0.1:3014

Each web server must pass /graphql to the gateway of its own pair (GATEWAY_URL), and both
gateways ask the same search service (the stack's, 127.0.0.1:8107, unless SUBGRAPH_SEARCH_URL
says otherwise), or each pair its own: ``--base-search`` and ``--candidate-search`` name the
search service behind that pair's gateway (started from that pair's checkout with
``SEARCH_RUN_BACKGROUND_WORKERS=false``); its row replaces the one service row, and its CPU a
request is counted with the pair's rows. ``--kinds new`` runs only the searches new to the kept
answers. Each round has, for every search kind (``new``: every search new to search's
kept answers, ADR 0047; ``repeated``: a few dozen searches again and again):

- concurrency 1: every row interleaved in one phase (raw, service, the gateways, the webs),
  each row's p50 and p95;
- concurrency 8: each row alone, the baseline's and the candidate's rows alternating, its req/s
  and the CPU per request of the Node processes it goes through (user + system ticks of the
  process listening on the gateway's and the web's port, from ``/proc/<pid>/stat``, over the
  row's warm-up and measured requests).

Every round's figures are printed as they are, then each figure's median over the rounds. Only
searches are sent: nothing on the board is written.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from bench.harness import (
    RunSettings,
    Scenario,
    ensure_loopback,
    run_interleaved,
    run_scenario,
)
from bench.memory import listening_pid
from bench.page_cpu import cpu_ticks
from bench.scenarios._search import SEARCH_URL, SearchDirect, SearchThrough

KINDS = ("new", "repeated")


@dataclass(frozen=True)
class Row:
    name: str  # e.g. "gateway candidate"
    url: str | None  # None: the raw Elasticsearch row
    pids: dict[str, int]  # the Node processes its requests go through, by role

    def scenario(self, kind: str) -> Scenario:
        subject: SearchThrough | SearchDirect = (
            SearchDirect() if self.url is None else SearchThrough(self.url, unique=kind == "new")
        )
        return Scenario(
            name=self.name, request=subject.request, setup=subject.setup, teardown=subject.teardown
        )


@dataclass
class Figures:
    """One row's figures of one kind, a value per round."""

    p50: list[float] = field(default_factory=list)
    p95: list[float] = field(default_factory=list)
    rate: list[float] = field(default_factory=list)
    cpu_ms: dict[str, list[float]] = field(default_factory=dict)  # per request, by process role
    errors: int = 0


def rows(args: argparse.Namespace) -> list[Row]:
    def pid(url: str) -> int:
        return listening_pid(urlsplit(url).port or 80)

    pairs = (
        ("base", args.base_search, args.base_gateway, args.base_web),
        ("candidate", args.candidate_search, args.candidate_gateway, args.candidate_web),
    )
    found = [Row("raw ES", None, {})]
    if not any(search for _, search, _, _ in pairs):
        found.append(Row("service", SEARCH_URL, {}))
    for label, search, gateway, web in pairs:
        behind = {"search": pid(search)} if search else {}
        if search:
            found.append(Row(f"service {label}", search, behind))
        if gateway:
            found.append(Row(f"gateway {label}", gateway, {"gateway": pid(gateway), **behind}))
        if web:
            roles = {"web": pid(web), **({"gateway": pid(gateway)} if gateway else {}), **behind}
            found.append(Row(f"web {label}", web, roles))
    return found


def c8_order(all_rows: list[Row], round_: int) -> list[Row]:
    """Rows at concurrency 8 in an order that alternates which of a pair goes first (raw
    Elasticsearch, and the one shared service row if there is one, first)."""
    ordered = list(all_rows)
    fixed = 2 if len(ordered) > 1 and ordered[1].name == "service" else 1
    if round_ % 2 == 0:
        return ordered
    return [*ordered[:fixed], *reversed(ordered[fixed:])]


async def run_round(
    all_rows: list[Row],
    kind: str,
    round_: int,
    args: argparse.Namespace,
    figures: dict[tuple[str, str], Figures],
) -> None:
    warmup = 10
    at_1 = await run_interleaved(
        [r.scenario(kind) for r in all_rows],
        RunSettings(
            requests=args.requests,
            concurrency=1,
            warmup=warmup,
            max_seconds=600,
            request_timeout=30,
        ),
    )
    for r, result in zip(all_rows, at_1, strict=True):
        f = figures.setdefault((kind, r.name), Figures())
        f.p50.append(result.percentile(50) or 0.0)
        f.p95.append(result.percentile(95) or 0.0)
        f.errors += result.errors
    for r in c8_order(all_rows, round_):
        before = {role: cpu_ticks(pid) for role, pid in r.pids.items()}
        result = await run_scenario(
            r.scenario(kind),
            RunSettings(
                requests=args.requests * 2,
                concurrency=8,
                warmup=warmup,
                max_seconds=300,
                request_timeout=30,
            ),
        )
        f = figures[(kind, r.name)]
        f.rate.append(result.throughput)
        f.errors += result.errors
        tick_ms = 1000 / os.sysconf("SC_CLK_TCK")
        sent = result.requests + warmup
        for role, pid in r.pids.items():
            spent = (cpu_ticks(pid) - before[role]) * tick_ms / sent
            f.cpu_ms.setdefault(role, []).append(spent)


def line(name: str, f: Figures, pick: int | None) -> str:
    def value(values: list[float], digits: int = 1) -> str:
        if not values:
            return "-"
        chosen = statistics.median(values) if pick is None else values[pick]
        return f"{chosen:.{digits}f}"

    cpu = "  ".join(
        f"{role} {value(spent, 2)}" for role, spent in sorted(f.cpu_ms.items(), reverse=True)
    )
    return (
        f"{name:<20} {value(f.p50):>7} {value(f.p95):>7} {value(f.rate, 0):>8}"
        f"   {cpu or '-'}" + (f"   errors {f.errors}" if pick is None and f.errors else "")
    )


def report(
    all_rows: list[Row],
    figures: dict[tuple[str, str], Figures],
    rounds: int,
    kinds: Sequence[str] = KINDS,
) -> str:
    head = f"{'row':<20} {'c1 p50':>7} {'c1 p95':>7} {'c8 req/s':>8}   CPU ms per request at c8"
    out: list[str] = []
    for kind in kinds:
        for round_ in range(rounds):
            out += [f"\n{kind} searches, round {round_ + 1}", head]
            out += [line(r.name, figures[(kind, r.name)], round_) for r in all_rows]
        out += [f"\n{kind} searches, median of {rounds} rounds", head]
        out += [line(r.name, figures[(kind, r.name)], None) for r in all_rows]
    return "\n".join(out)


async def measure(args: argparse.Namespace) -> str:
    all_rows = rows(args)
    figures: dict[tuple[str, str], Figures] = {}
    for round_ in range(args.rounds):
        for kind in args.kinds:
            await run_round(all_rows, kind, round_, args, figures)
    return report(all_rows, figures, args.rounds, args.kinds)


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.hops_ab")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--requests", type=int, default=100, help="per row at c1 (twice at c8)")
    parser.add_argument("--kinds", nargs="+", choices=KINDS, default=list(KINDS))
    for label in ("base", "candidate"):
        parser.add_argument(f"--{label}-search", help="the search service behind its gateway")
        parser.add_argument(f"--{label}-gateway")
        parser.add_argument(f"--{label}-web")
    args = parser.parse_args(argv)
    for label in ("base", "candidate"):
        if getattr(args, f"{label}_web") and not getattr(args, f"{label}_gateway"):
            parser.error(f"--{label}-web needs --{label}-gateway (the gateway it passes to)")
    for url in (
        args.base_search,
        args.base_gateway,
        args.base_web,
        args.candidate_search,
        args.candidate_gateway,
        args.candidate_web,
    ):
        if url:
            ensure_loopback(url)
    return args


def main(argv: Sequence[str] | None = None) -> None:
    print(asyncio.run(measure(parse(argv))))


if __name__ == "__main__":
    main()
