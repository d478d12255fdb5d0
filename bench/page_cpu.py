"""The web server's CPU per page render: the home page, /jobs and a job page asked of two web
servers in turn, one request at a time, each server's user + system CPU read from
``/proc/<pid>/stat`` just before and after each of its requests (issue 28). A busy machine
stretches a render's wall time far more than its CPU time, so this compares two builds where
latencies are noise.

    .venv/bin/python -m bench.page_cpu --current-web http://127.0.0.1:3065 \\
        --candidate-web http://127.0.0.1:3064 --requests 40

The requests are the ones ``bench.pages_ab`` sends (or GET of each ``--path``; a visitor's,
nothing is written), the two servers alternating request by request. The process is the one
listening on each URL's port (node itself, not an npm parent). Clock ticks are 10 ms at the
usual 100 Hz: the mean over many requests is the figure, not one request's.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import urlsplit

from bench.harness import ensure_loopback
from bench.memory import listening_pid
from bench.pages_ab import PAGES, page_subject
from bench.scenarios._pages import WebPage


def cpu_ticks(pid: int) -> int:
    """User + system clock ticks of ``pid`` (fields 14 and 15 of its stat line)."""
    text = Path(f"/proc/{pid}/stat").read_text()
    fields = text.rpartition(")")[2].split()
    return int(fields[11]) + int(fields[12])


def _any_answer(_text: str) -> None:
    return None


async def measure(
    urls: dict[str, str], requests: int, warmup: int, paths: Sequence[str] = ()
) -> dict[tuple[str, str], list[int]]:
    pids = {label: listening_pid(urlsplit(url).port or 80) for label, url in urls.items()}
    ticks: dict[tuple[str, str], list[int]] = {}
    for page in paths or PAGES:
        subjects = {
            label: WebPage(url, page, _any_answer) if paths else page_subject(page, url)
            for label, url in urls.items()
        }
        for subject in subjects.values():
            await subject.setup()
        try:
            for round_ in range(warmup + requests):
                for label, subject in subjects.items():
                    before = cpu_ticks(pids[label])
                    await subject.request()
                    spent = cpu_ticks(pids[label]) - before
                    if round_ >= warmup:
                        ticks.setdefault((page, label), []).append(spent)
        finally:
            for subject in subjects.values():
                await subject.teardown()
    return ticks


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.page_cpu")
    parser.add_argument("--current-web", required=True)
    parser.add_argument("--candidate-web", required=True)
    parser.add_argument("--requests", type=int, default=40, help="per page and server")
    parser.add_argument("--warmup", type=int, default=3, help="per page and server, not counted")
    parser.add_argument(
        "--path",
        action="append",
        default=[],
        help="a path to ask instead of bench.pages_ab's pages (repeatable), e.g. /jobs",
    )
    args = parser.parse_args(argv)
    urls = {"current": args.current_web, "candidate": args.candidate_web}
    for url in urls.values():
        ensure_loopback(url)
    hertz = os.sysconf("SC_CLK_TCK")
    ticks = asyncio.run(measure(urls, args.requests, args.warmup, args.path))
    header = ("page", "server", "CPU ms per request (mean)", "median", "requests")
    print(f"{header[0]:<14} {header[1]:<10} {header[2]:>26} {header[3]:>8} {header[4]:>9}")
    for (page, label), spent in ticks.items():
        per_tick = 1000 / hertz
        mean = statistics.fmean(spent) * per_tick
        median = statistics.median(spent) * per_tick
        print(f"{page:<14} {label:<10} {mean:>26.1f} {median:>8.0f} {len(spent):>9}")
    for page in args.path or PAGES:
        current = statistics.fmean(ticks[(page, "current")])
        candidate = statistics.fmean(ticks[(page, "candidate")])
        if current:
            print(
                f"{page}: candidate {100 * (candidate - current) / current:+.0f} % CPU per request"
            )


if __name__ == "__main__":
    main()
