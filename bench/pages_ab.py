"""The server render of the home page, /jobs and a job page, two web servers side by side, beside
the GraphQL calls each page makes, all rows in one interleaved phase (issue 28: a render adds at
most 30 ms at p50 over its calls). A busy machine loads every row alike.

    .venv/bin/python -m bench.pages_ab --current-web http://127.0.0.1:3013 \\
        --candidate-web http://127.0.0.1:3012 --requests 100

Both web servers talk to the same gateway (``BENCH_GATEWAY_URL``, default the stack's); the
calls' rows (``bench/scenarios/_pages.py``) go to that gateway. Each page row is printed with
what it adds over its calls' row at p50 and p95. Only visitors' pages are asked: nothing is
written.
"""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import Sequence

from bench.harness import RunSettings, Scenario, ensure_loopback, print_table, run_interleaved
from bench.scenarios._job import JobPage
from bench.scenarios._pages import (
    PageCalls,
    WebPage,
    home_calls,
    job_calls,
    job_slug,
    jobs_calls,
    jobs_searches,
)
from bench.scenarios._search import WEB_URL
from bench.scenarios.home_page_via_web import home_page
from bench.scenarios.jobs_page_via_web import JobsPage

PAGES = ("home", "jobs", "job")


def page_calls(page: str) -> PageCalls:
    if page == "home":
        return PageCalls(home_calls)
    if page == "jobs":
        return PageCalls(jobs_calls, jobs_searches)
    return PageCalls(job_calls, job_slug)


def page_subject(page: str, url: str) -> WebPage | JobsPage | JobPage:
    if page == "home":
        return home_page(url)
    if page == "jobs":
        return JobsPage(url)
    return JobPage(url)


def rows(current: str, candidate: str | None) -> list[Scenario]:
    webs = [("current", current)] + ([("candidate", candidate)] if candidate else [])
    found: list[Scenario] = []
    for page in PAGES:
        calls = page_calls(page)
        calls_name = f"{page} calls"
        found.append(
            Scenario(
                name=calls_name, request=calls.request, setup=calls.setup, teardown=calls.teardown
            )
        )
        for label, url in webs:
            subject = page_subject(page, url)
            found.append(
                Scenario(
                    name=f"{page} page {label}",
                    request=subject.request,
                    setup=subject.setup,
                    teardown=subject.teardown,
                    baseline=calls_name,
                )
            )
    return found


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.pages_ab")
    parser.add_argument("--current-web", default=WEB_URL)
    parser.add_argument("--candidate-web")
    parser.add_argument("--requests", type=int, default=100, help="per row")
    parser.add_argument("--concurrency", type=int, default=1)
    parser.add_argument("--max-seconds", type=float, default=900)
    args = parser.parse_args(argv)
    for url in (args.current_web, args.candidate_web):
        if url:
            ensure_loopback(url)
    return args


def main(argv: Sequence[str] | None = None) -> None:
    args = parse(argv)
    scenarios = rows(args.current_web, args.candidate_web)
    settings = RunSettings(
        requests=args.requests,
        concurrency=args.concurrency,
        max_seconds=args.max_seconds,
        request_timeout=30,
    )
    results = asyncio.run(run_interleaved(scenarios, settings))
    print_table(results, baselines={s.name: s.baseline for s in scenarios})
    print("rows interleaved in one phase; a page's calls: bench/scenarios/_pages.py")


if __name__ == "__main__":
    main()
