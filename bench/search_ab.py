"""jobSearch before/after: the running stack's search path beside a candidate's, in one
interleaved phase with the raw Elasticsearch baseline, so a busy machine loads every row alike.

    .venv/bin/python -m bench.search_ab --concurrency 8 --requests 150 \\
        --candidate-search http://127.0.0.1:8117 --candidate-gateway http://127.0.0.1:4010 \\
        --candidate-web http://127.0.0.1:3012 [--pages] [--uncached]

``--uncached`` makes every jobSearch one no kept answer knows (the cost of a miss); without it
the rows cycle through a few dozen searches, which a search service answers from its kept
answers after the first round.

``--report`` prints instead, in one run, every figure of issue 28's search goal beside the raw
Elasticsearch baseline: concurrency 1 p50/p95 (all rows interleaved) and concurrency 8
throughput (each row alone), for jobSearch uncached (every request new to the answer cache) and
repeated (a few dozen searches again and again, as visitors' first pages), at the service, the
gateway and the web, and the server render of /jobs beside the GraphQL call it makes::

    .venv/bin/python -m bench.search_ab --report [--pages] [--current-asks-bookmarks] \\
        [--candidate-search URL] [--candidate-gateway URL] [--candidate-web URL]

The candidate is a search service started from another checkout on a spare port with
``SEARCH_RUN_BACKGROUND_WORKERS=false`` (it must not join the stack's consumer groups), a
gateway with ``PORT=4010 SUBGRAPH_SEARCH_URL=<it>/graphql`` and a web server with
``PORT=3012 GATEWAY_URL=<that gateway>/graphql``; any of them may be left out. ``--pages``
adds the server-rendered /jobs of both web servers.
"""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import Sequence
from dataclasses import dataclass

from bench.harness import (
    RunSettings,
    Scenario,
    ScenarioResult,
    aligned,
    ensure_loopback,
    print_table,
    run_interleaved,
    run_scenario,
)
from bench.scenarios._search import (
    GATEWAY_URL,
    PAGE_SEARCH_ALWAYS_BOOKMARKED,
    PAGE_SEARCH_SUBGRAPH,
    PAGE_SEARCH_VISITOR,
    SEARCH,
    SEARCH_URL,
    WEB_URL,
    SearchDirect,
    SearchThrough,
)
from bench.scenarios.jobs_page_via_web import JobsPage


def row(name: str, subject: SearchThrough | SearchDirect | JobsPage) -> Scenario:
    return Scenario(
        name=name, request=subject.request, setup=subject.setup, teardown=subject.teardown
    )


def scenarios(args: argparse.Namespace) -> list[Scenario]:
    rows = [row("es_direct (baseline)", SearchDirect())]
    for layer, current, candidate in (
        ("service", SEARCH_URL, args.candidate_search),
        ("gateway", GATEWAY_URL, args.candidate_gateway),
        ("web", WEB_URL, args.candidate_web),
    ):
        if args.services_only and layer != "service":
            continue
        # the page's fields only where the search subgraph is asked directly
        document = PAGE_SEARCH_SUBGRAPH if args.page_fields and layer == "service" else SEARCH
        for label, url in (("current", current), ("candidate", candidate)):
            if url:
                subject = SearchThrough(url, unique=args.uncached, document=document)
                rows.append(row(f"{layer} {label}", subject))
    if args.pages:
        rows.append(row("/jobs SSR current", JobsPage(WEB_URL)))
        if args.candidate_web:
            rows.append(row("/jobs SSR candidate", JobsPage(args.candidate_web)))
    return rows


@dataclass(frozen=True)
class ReportRow:
    name: str
    subject: SearchThrough | SearchDirect | JobsPage
    alone_at_8: bool  # its throughput at concurrency 8 is measured too


def report_rows(args: argparse.Namespace) -> list[ReportRow]:
    rows = [ReportRow("raw ES _msearch (baseline)", SearchDirect(), True)]
    stacks = [
        ("current", SEARCH_URL, GATEWAY_URL, WEB_URL, args.current_asks_bookmarks),
        ("candidate", args.candidate_search, args.candidate_gateway, args.candidate_web, False),
    ]
    for label, search, gateway, web, asks_bookmarks in stacks:
        for layer, url in (("service", search), ("gateway", gateway), ("web", web)):
            if not url or (args.services_only and layer != "service"):
                continue
            at_8 = layer != "gateway"
            document = PAGE_SEARCH_SUBGRAPH if args.page_fields and layer == "service" else SEARCH
            rows.append(
                ReportRow(
                    f"{label} {layer} uncached",
                    SearchThrough(url, unique=True, document=document),
                    at_8,
                )
            )
            rows.append(
                ReportRow(f"{label} {layer} repeated", SearchThrough(url, document=document), at_8)
            )
        if web and args.pages:
            page = PAGE_SEARCH_ALWAYS_BOOKMARKED if asks_bookmarks else PAGE_SEARCH_VISITOR
            rows.append(
                ReportRow(f"{label} /jobs GraphQL call", SearchThrough(web, document=page), False)
            )
            rows.append(ReportRow(f"{label} /jobs server render", JobsPage(web), True))
    return rows


def format_report(
    rows: list[ReportRow], at_1: list[ScenarioResult], at_8: dict[str, ScenarioResult]
) -> str:
    def ms(value: float | None) -> str:
        return "-" if value is None else f"{value:.1f}"

    def times(value: float | None, base: float | None) -> str:
        return "-" if value is None or not base else f"{value / base:.2f}x"

    raw_1, raw_8 = at_1[0], at_8.get(rows[0].name)
    head = ("row", "c1 p50", "c1 p95", "p95/raw", "c8 req/s", "req/s/raw", "errors")
    lines = []
    for row, one in zip(rows, at_1, strict=True):
        eight = at_8.get(row.name)
        lines.append(
            (
                row.name,
                ms(one.percentile(50)),
                ms(one.percentile(95)),
                times(one.percentile(95), raw_1.percentile(95)),
                f"{eight.throughput:.0f}" if eight else "-",
                times(eight.throughput, raw_8.throughput) if eight and raw_8 else "-",
                str(one.errors + (eight.errors if eight else 0)),
            )
        )
    return "\n".join(
        aligned(head, lines)
        + ["latencies in ms; c1 rows interleaved in one phase, c8 rows one at a time"]
    )


async def run_report(args: argparse.Namespace) -> str:
    rows = report_rows(args)
    at_1 = await run_interleaved(
        [row(r.name, r.subject) for r in rows],
        RunSettings(
            requests=args.requests, concurrency=1, max_seconds=args.max_seconds, request_timeout=30
        ),
    )
    at_8: dict[str, ScenarioResult] = {}
    for r in rows:
        if r.alone_at_8:
            at_8[r.name] = await run_scenario(
                row(r.name, r.subject),
                RunSettings(
                    requests=args.requests * 2,
                    concurrency=8,
                    max_seconds=args.max_seconds,
                    request_timeout=30,
                ),
            )
    return format_report(rows, at_1, at_8)


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.search_ab")
    parser.add_argument("--concurrency", type=int, default=1)
    parser.add_argument("--requests", type=int, default=100, help="per row")
    parser.add_argument("--max-seconds", type=float, default=540)
    parser.add_argument("--candidate-search")
    parser.add_argument("--candidate-gateway")
    parser.add_argument("--candidate-web")
    parser.add_argument("--pages", action="store_true")
    parser.add_argument("--report", action="store_true", help="issue 28's search figures")
    parser.add_argument(
        "--page-fields",
        action="store_true",
        help="the service rows ask every field of the /jobs page (as the gateway asks search)",
    )
    parser.add_argument(
        "--services-only", action="store_true", help="no gateway or web rows (with the raw one)"
    )
    parser.add_argument(
        "--uncached",
        action="store_true",
        help="every request new to the search's kept answers (the path a miss pays)",
    )
    parser.add_argument(
        "--current-asks-bookmarks",
        action="store_true",
        help="the running web's /jobs asks every hit's bookmark (before issue 28)",
    )
    args = parser.parse_args(argv)
    for url in (args.candidate_search, args.candidate_gateway, args.candidate_web):
        if url:
            ensure_loopback(url)
    return args


def main(argv: Sequence[str] | None = None) -> None:
    args = parse(argv)
    if args.report:
        print(asyncio.run(run_report(args)))
        return
    settings = RunSettings(
        requests=args.requests,
        concurrency=args.concurrency,
        max_seconds=args.max_seconds,
        request_timeout=30,
    )
    print_table(asyncio.run(run_interleaved(scenarios(args), settings)))


if __name__ == "__main__":
    main()
