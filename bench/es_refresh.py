"""What Elasticsearch spends on the indexer's refresh per poll (``searchable_now``, ADR 0047):
polls of a few job documents written with ``_bulk`` into indices of their own, each followed by
a refresh of every alias (the indexer before ADR 0062), by a refresh of the jobs alias only, by
the indexer's refresh at most once per ``--every`` seconds with a trailing one (ADR 0062:
``jobkit.throttle.Throttled``, the last poll's refresh awaited in the row's time), or by none;
the Elasticsearch process's CPU (from ``/proc``), the refreshes and the seconds per row, rows
alternating in the same run (issue 27, ADR 0063, ADR 0062).

In the bulk ingestion the indexer's polls are small (the relays send as the api writes), and
each ends with a refresh: a new segment per poll, which Elasticsearch then also merges.

    .venv/bin/python -m bench.es_refresh
    .venv/bin/python -m bench.es_refresh --polls 300 --documents 4 --rounds 3
    .venv/bin/python -m bench.es_refresh --gap-ms 20      # polls 20 ms apart, as a paced pipeline

Needs the local Elasticsearch only (indices under ``bench-refresh-<hex>``, removed after). The
Elasticsearch process is shared: other users' work lands in its CPU too, so the rows alternate
and each mode is measured ``--rounds`` times.
"""

from __future__ import annotations

import argparse
import asyncio
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from jobkit.throttle import Throttled
from search.engine.indexing.store import SearchStore, store_for
from search.settings import SearchSettings

from bench import cpu_account
from bench.ingest import machine

MODES = {
    "all": "refresh of every alias a poll (before 0062)",
    "jobs": "refresh of the jobs alias a poll",
    "throttled": "refresh at most every {every} s (the indexer)",
    "none": "no refresh (the index's own interval)",
}


@dataclass
class Row:
    mode: str
    documents: int
    seconds: float
    es_seconds: float
    refreshes: int


def _elasticsearch_ticks() -> int:
    pids = cpu_account.sample(cpu_account.services()).groups
    return pids.get("elasticsearch", 0)


async def _polls(store: SearchStore, mode: str, args: argparse.Namespace, start: int) -> Row:
    alias = store.alias("jobs")
    throttled = Throttled(store.refresh_all, every=args.every)
    before, started = _elasticsearch_ticks(), time.perf_counter()
    number = start
    refreshes = 0
    for poll in range(args.polls):
        if poll and args.gap_ms:
            await asyncio.sleep(args.gap_ms / 1000)
        operations: list[dict[str, object]] = []
        for _ in range(args.documents):
            number += 1
            operations += [
                {"index": {"_index": alias, "_id": str(number)}},
                {"title": f"Registered nurse {number}", "findable": True},
            ]
        await store.client.bulk(operations=operations)
        if mode == "all":
            await store.refresh_all()
            refreshes += 1
        elif mode == "jobs":
            await store.refresh("jobs")
            refreshes += 1
        elif mode == "throttled":
            await throttled()
    await throttled.settle()  # the last poll's trailing refresh, in the row's time
    refreshes += throttled.runs
    seconds = time.perf_counter() - started
    spent = (_elasticsearch_ticks() - before) / cpu_account.hertz()
    return Row(mode, args.polls * args.documents, seconds, spent, refreshes)


async def main(args: argparse.Namespace) -> list[Row]:
    settings = SearchSettings(index_prefix=f"bench-refresh-{uuid.uuid4().hex[:8]}")
    store = store_for(settings.elasticsearch_url, settings.index_prefix)
    await store.ensure_indices()
    rows: list[Row] = []
    try:
        for round_ in range(args.rounds):
            for mode in MODES:
                start = (round_ * len(MODES) + len(rows)) * args.polls * args.documents
                rows.append(await _polls(store, mode, args, start))
    finally:
        await store.drop()
        await store.client.close()
    return rows


def report(rows: Sequence[Row], args: argparse.Namespace) -> None:
    print()
    print(
        f"es refresh: {args.polls} polls of {args.documents} documents a row, "
        f"{args.gap_ms} ms between polls, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {machine()}"
    )
    print(f"{'row':<48} {'seconds':>8} {'refreshes':>9} {'ES CPU s':>9} {'ES ms/doc':>10}")
    for row in rows:
        label = MODES[row.mode].format(every=args.every)
        print(
            f"{label:<48} {row.seconds:>8.2f} {row.refreshes:>9} {row.es_seconds:>9.2f} "
            f"{row.es_seconds * 1000 / row.documents:>10.2f}"
        )
    print("ES CPU: the Elasticsearch process's (shared: other users' work lands in it too)")


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.es_refresh",
        description=__doc__.split("\n\n")[0] if __doc__ else None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--polls", type=int, default=150, help="polls a row (150)")
    parser.add_argument("--documents", type=int, default=8, help="documents a poll (8)")
    parser.add_argument("--rounds", type=int, default=2, help="rows of each mode (2)")
    parser.add_argument(
        "--every",
        type=float,
        default=SearchSettings.model_fields["indexer_refresh_seconds"].default,
        help="the throttled row's interval in seconds (the indexer's default, 0.25)",
    )
    parser.add_argument(
        "--gap-ms", type=int, default=0, help="milliseconds between two polls (0: back to back)"
    )
    return parser.parse_args(argv)


if __name__ == "__main__":
    arguments = parse()
    report(asyncio.run(main(arguments)), arguments)
