"""Batched loads for jobs' resolvers: one query per request per kind, whatever the list size."""

from __future__ import annotations

from sqlalchemy import select
from strawberry.dataloader import DataLoader

from jobs.db import terms
from jobs.domain.models import Job as JobModel
from jobs.domain.models import KnownOrganization
from jobs.graphql.context import JobContext


async def job_by_id(context: JobContext, id: object) -> JobModel | None:
    return await context.load(JobModel, id)


async def known_organization(context: JobContext, id: object) -> KnownOrganization | None:
    return await context.load(KnownOrganization, id)


async def term_labels(context: JobContext, tids: list[int]) -> list[str]:
    """The English labels of the terms (from the vocabulary read model), in order; unknown ids
    are left out."""
    if not tids:
        return []
    sessions = context.sessions

    def make() -> DataLoader[int, str | None]:
        async def load(keys: list[int]) -> list[str | None]:
            async with sessions() as session:
                rows = await session.execute(
                    select(terms.c.tid, terms.c.label).where(terms.c.tid.in_(keys))
                )
                found = {tid: label for tid, label in rows}
            return [found.get(key) for key in keys]

        return DataLoader(load_fn=load)

    labels = await context.loader("term_labels", make).load_many(tids)
    return [label for label in labels if label is not None]
