"""What Elasticsearch spends on the indexer's refresh per poll (``searchable_now``, ADR 0047):
polls of a few job documents written with ``_bulk`` into indices of their own, each followed by
the indexer's refresh of every alias, by a refresh of the jobs alias only, or by none; the
Elasticsearch process's CPU (from ``/proc``) and the seconds per row, rows alternating in the
same run (issue 27, ADR 0063).

In the bulk ingestion the indexer's polls are small (the relays send as the api writes), and
each ends with a refresh: a new segment per poll, which Elasticsearch then also merges.

    .venv/bin/python -m bench.es_refresh
    .venv/bin/python -m bench.es_refresh --polls 300 --documents 4 --rounds 3

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

from search.engine.indexing.store import SearchStore, store_for
from search.settings import SearchSettings

from bench import cpu_account
from bench.ingest import machine

MODES = {
    "all": "refresh of every alias a poll (as the indexer)",
    "jobs": "refresh of the jobs alias a poll",
    "none": "no refresh (the index's own interval)",
}


@dataclass
class Row:
    mode: str
    documents: int
    seconds: float
    es_seconds: float


def _elasticsearch_ticks() -> int:
    pids = cpu_account.sample(cpu_account.services()).groups
    return pids.get("elasticsearch", 0)


async def _polls(store: SearchStore, mode: str, args: argparse.Namespace, start: int) -> Row:
    alias = store.alias("jobs")
    before, started = _elasticsearch_ticks(), time.perf_counter()
    number = start
    for _ in range(args.polls):
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
        elif mode == "jobs":
            await store.refresh("jobs")
    seconds = time.perf_counter() - started
    spent = (_elasticsearch_ticks() - before) / cpu_account.hertz()
    return Row(mode, args.polls * args.documents, seconds, spent)


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
        f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {machine()}"
    )
    print(f"{'row':<48} {'seconds':>8} {'ES CPU s':>9} {'ES ms/doc':>10}")
    for row in rows:
        print(
            f"{MODES[row.mode]:<48} {row.seconds:>8.2f} {row.es_seconds:>9.2f} "
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
    return parser.parse_args(argv)


if __name__ == "__main__":
    arguments = parse()
    report(asyncio.run(main(arguments)), arguments)
