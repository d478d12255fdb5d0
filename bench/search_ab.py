"""jobSearch before/after: the running stack's search path beside a candidate's, in one
interleaved phase with the raw Elasticsearch baseline, so a busy machine loads every row alike.

    .venv/bin/python -m bench.search_ab --concurrency 8 --requests 150 \\
        --candidate-search http://127.0.0.1:8117 --candidate-gateway http://127.0.0.1:4010 \\
        --candidate-web http://127.0.0.1:3012 [--pages]

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

from bench.harness import RunSettings, Scenario, ensure_loopback, print_table, run_interleaved
from bench.scenarios._search import (
    GATEWAY_URL,
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
        rows.append(row(f"{layer} current", SearchThrough(current)))
        if candidate:
            rows.append(row(f"{layer} candidate", SearchThrough(candidate)))
    if args.pages:
        rows.append(row("/jobs SSR current", JobsPage(WEB_URL)))
        if args.candidate_web:
            rows.append(row("/jobs SSR candidate", JobsPage(args.candidate_web)))
    return rows


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.search_ab")
    parser.add_argument("--concurrency", type=int, default=1)
    parser.add_argument("--requests", type=int, default=100, help="per row")
    parser.add_argument("--max-seconds", type=float, default=540)
    parser.add_argument("--candidate-search")
    parser.add_argument("--candidate-gateway")
    parser.add_argument("--candidate-web")
    parser.add_argument("--pages", action="store_true")
    args = parser.parse_args(argv)
    for url in (args.candidate_search, args.candidate_gateway, args.candidate_web):
        if url:
            ensure_loopback(url)
    return args


def main(argv: Sequence[str] | None = None) -> None:
    args = parse(argv)
    settings = RunSettings(
        requests=args.requests,
        concurrency=args.concurrency,
        max_seconds=args.max_seconds,
        request_timeout=30,
    )
    print_table(asyncio.run(run_interleaved(scenarios(args), settings)))


if __name__ == "__main__":
    main()
