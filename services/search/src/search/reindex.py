"""``python -m search.reindex``: rebuild the job and organization indices from the owners'
events into new indices and switch the aliases (search answers throughout)."""

from __future__ import annotations

import argparse
import asyncio

from jobkit.db import make_engine, make_sessionmaker
from jobkit.migrations import upgrade_to_head

from search.engine.indexing.store import store_for
from search.messaging.reindex import ReindexReport, reindex
from search.settings import SERVICE_DIR, get_settings


async def run(*, keep_old: bool) -> ReindexReport:
    settings = get_settings()
    await asyncio.to_thread(upgrade_to_head, SERVICE_DIR, settings.database_url)
    engine = make_engine(settings.database_url)
    store = store_for(settings.elasticsearch_url, settings.index_prefix)
    try:
        return await reindex(store, make_sessionmaker(engine), settings, keep_old=keep_old)
    finally:
        await store.client.close()
        await engine.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m search.reindex", description=__doc__)
    parser.add_argument("--keep-old", action="store_true", help="keep the indices left behind")
    arguments = parser.parse_args()
    print(f"reindex: {asyncio.run(run(keep_old=arguments.keep_old))}")  # noqa: T201


if __name__ == "__main__":
    main()
