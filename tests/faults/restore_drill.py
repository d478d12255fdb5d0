"""Fault scenario: the board restored onto an empty stack from a backup, search rebuilt from the
owners' events, and the same searches answered with the same counts.

1. ``scripts/backup.py create`` dumps every service database (what ``make backup`` does);
2. each dump is restored into an empty database of its own (``drill_<database>_<hex>``: the
   empty stack's PostgreSQL) and compared with the backup's manifest (every table's rows and the
   schema revision);
3. ``python -m search.reindex`` rebuilds the indices from the owners' events on Kafka into an
   empty index prefix of its own (``drill-<hex>``), against the restored search database, as
   docs/runbooks/backup-and-restore.md says after a restore;
4. two search services of its own (this checkout, spare ports, no background workers), one on
   the stack's search database and indices, one on the restored database and the rebuilt
   indices, are asked the same searches:
   the bench's 42 job searches (full text, two facets, a radius, newest first), every text
   alone, everything with every facet counted, and the organization directory. Each answer
   (total, every facet's counts, the first page's hits) must equal the stack's.

    .venv/bin/python -m tests.faults.restore_drill

Needs the local stack (``make up``) and nobody writing to it meanwhile (a write between the
backup and the comparison is a difference the drill reports). Everything it makes (the backup,
the databases, the indices, the process) is removed at its end.
Runbook: docs/runbooks/backup-and-restore.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
from jobkit.settings import ServiceSettings
from search.engine.organization_search import ORGANIZATION_FACETS
from search.engine.request import JOB_FACETS

from bench.scenarios._search import HEADERS, SEARCH, SORT, TEXTS, asks, graphql_input
from scripts.backup import (
    Postgres,
    compare,
    create,
    drop,
    recreate,
    restore_into,
    service_databases,
)
from tests.faults.harness import ROOT, Counts, OwnService

ELASTICSEARCH_URL = "http://127.0.0.1:9200"
ORGANIZATION_SEARCH = """query DrillOrganizations($input: OrganizationSearchInput!) {
  organizationSearch(input: $input) { __typename
    ... on OrganizationSearchResults { total hits { name slug openJobs featured countries }
      facets { field values { value label count } } }
    ... on SearchErrors { message } ... on SearchUnavailable { message } } }"""


async def searches() -> list[tuple[str, str, dict[str, Any]]]:
    """(label, query, input) of every search the two services are asked."""
    newest = [{"field": SORT, "value": "DESC"}]
    facets = [{"field": field} for field in JOB_FACETS]
    found: list[tuple[str, str, dict[str, Any]]] = [
        ("every published job, every facet", SEARCH, {"facets": facets, "sorts": newest}),
        ("every published job, page 2", SEARCH, {"facets": facets, "sorts": newest, "page": 2}),
    ]
    found += [
        (f'"{text}" alone', SEARCH, {"fulltext": {"keys": text}, "facets": facets, "sorts": newest})
        for text in TEXTS
    ]
    found += [
        (f'"{ask.text}" near {ask.city[0]}, two facets', SEARCH, graphql_input(ask))
        for ask in await asks()
    ]
    found.append(
        (
            "the organization directory",
            ORGANIZATION_SEARCH,
            {"facets": [{"field": field} for field in ORGANIZATION_FACETS], "language": "en"},
        )
    )
    return found


async def answer(client: httpx.AsyncClient, url: str, query: str, variables: dict[str, Any]) -> Any:
    response = await client.post(
        f"{url}/graphql", json={"query": query, "variables": {"input": variables}}, headers=HEADERS
    )
    body = response.json()
    if response.status_code != 200 or body.get("errors"):
        raise RuntimeError(f"{url}: HTTP {response.status_code}: {json.dumps(body)[:300]}")
    return next(iter(body["data"].values()))


def difference(stack: Any, ours: Any) -> str:
    """What differs between two answers, in words."""
    if stack.get("__typename") != ours.get("__typename") or "total" not in stack:
        return f"the stack {stack.get('__typename')}, the restored board {ours.get('__typename')}"
    found = []
    if stack["total"] != ours["total"]:
        found.append(f"total {stack['total']} against {ours['total']}")
    if stack["facets"] != ours["facets"]:
        fields = [
            a["field"] for a, b in zip(stack["facets"], ours["facets"], strict=False) if a != b
        ]
        found.append(f"facet counts of {', '.join(fields) or 'the facets'}")
    if stack["hits"] != ours["hits"]:
        same_set = sorted(map(json.dumps, stack["hits"])) == sorted(map(json.dumps, ours["hits"]))
        found.append("the first page's order" if same_set else "the first page's hits")
    return "; ".join(found)


async def reindex(env: dict[str, str], counts: Counts) -> None:
    started = time.monotonic()
    command = await asyncio.create_subprocess_exec(
        str(ROOT / ".venv" / "bin" / "python"),
        "-m",
        "search.reindex",
        cwd=ROOT / "services" / "search",
        env={**os.environ, **env},
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await command.communicate()
    counts.check(
        command.returncode == 0,
        f"search rebuilt from the owners' events in {time.monotonic() - started:.1f} s: "
        + (out.decode().strip() or err.decode().strip()[-500:]),
    )


async def drill() -> Counts:
    counts = Counts()
    pg = Postgres.from_settings()
    databases = service_databases()
    run = uuid.uuid4().hex[:8]
    restored = {database: f"drill_{database}_{run}" for database in databases}
    index_prefix = f"drill-{run}"
    services: list[OwnService] = []
    with tempfile.TemporaryDirectory(prefix="restore-drill-") as folder:
        try:
            started = time.monotonic()
            manifest = await create(pg, Path(folder) / "backup", databases, None)
            rows = sum(sum(entry["tables"].values()) for entry in manifest["databases"].values())
            counts.note(
                f"backup: {len(databases)} databases, {rows} rows, "
                f"{time.monotonic() - started:.1f} s"
            )
            started = time.monotonic()
            for database, entry in manifest["databases"].items():
                await recreate(pg, restored[database], force=True)
                await restore_into(pg, Path(folder) / "backup", entry, restored[database])
                problems = await compare(pg, restored[database], entry, database)
                counts.check(
                    not problems,
                    f"{database} restored into an empty database: "
                    + (
                        "every table's rows and the schema revision"
                        if not problems
                        else "; ".join(problems)
                    ),
                )
            counts.note(f"restore of every database: {time.monotonic() - started:.1f} s")

            settings = ServiceSettings()
            env = {
                "SEARCH_DB_NAME": restored["search"],
                "SEARCH_INDEX_PREFIX": index_prefix,
                "SEARCH_RUN_BACKGROUND_WORKERS": "false",
                "KAFKA_TOPIC_PREFIX": settings.kafka_topic_prefix,
            }
            await reindex(env, counts)
            live = OwnService("search", env={"SEARCH_RUN_BACKGROUND_WORKERS": "false"})
            search = OwnService("search", env=env)
            services += [live, search]
            for service in services:
                service.start()
            for service in services:
                await service.ready()

            asked = await searches()
            same = 0
            async with httpx.AsyncClient(timeout=30) as client:
                for label, query, variables in asked:
                    stack = await answer(client, live.url, query, variables)
                    ours = await answer(client, search.url, query, variables)
                    if stack == ours:
                        same += 1
                    else:
                        counts.check(False, f"{label}: {difference(stack, ours)}")
            counts.check(
                same == len(asked),
                f"{same} of {len(asked)} searches answered the same by the restored board "
                "(totals, facet counts, first pages)",
            )
        finally:
            for service in services:
                service.stop()
            async with httpx.AsyncClient(timeout=30) as client:
                await client.delete(f"{ELASTICSEARCH_URL}/{index_prefix}-*")
            for database in restored.values():
                await drop(pg, database)
    return counts


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args(argv)
    counts = asyncio.run(drill())
    print(counts.report("Restore drill: the board from a backup onto an empty stack"))  # noqa: T201
    return 1 if counts.failed else 0


if __name__ == "__main__":
    sys.exit(main())
