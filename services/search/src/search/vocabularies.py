"""``python -m search.vocabularies load``: migrate search's database and load the vocabularies."""

from __future__ import annotations

import argparse
import asyncio

from jobkit.db import make_engine, make_sessionmaker
from jobkit.migrations import upgrade_to_head

from search.settings import SERVICE_DIR, get_settings
from search.taxonomy.loader import LoadReport, load_vocabularies


async def load(*, prune: bool) -> LoadReport:
    settings = get_settings()
    await asyncio.to_thread(upgrade_to_head, SERVICE_DIR, settings.database_url)
    engine = make_engine(settings.database_url)
    try:
        return await load_vocabularies(make_sessionmaker(engine), settings, prune=prune)
    finally:
        await engine.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m search.vocabularies")
    commands = parser.add_subparsers(dest="command", required=True)
    loading = commands.add_parser("load", help="upsert data/*.json into the terms (idempotent)")
    loading.add_argument(
        "--keep-removed",
        action="store_true",
        help="keep stored terms that the data no longer has (default: delete them)",
    )
    arguments = parser.parse_args()
    if arguments.command == "load":
        report = asyncio.run(load(prune=not arguments.keep_removed))
        print(f"vocabularies: {report}")  # noqa: T201


if __name__ == "__main__":
    main()
