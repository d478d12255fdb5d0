"""Batched loads for resumes' resolvers: one query per request per kind, whatever the list size."""

from __future__ import annotations

import uuid

from sqlalchemy import select
from strawberry.dataloader import DataLoader

from resumes.db import known_organizations
from resumes.domain import access
from resumes.domain.models import Resume as ResumeModel
from resumes.graphql.context import ResumeContext


async def resume_by_id(context: ResumeContext, id: object) -> ResumeModel | None:
    return await context.load(ResumeModel, id)


async def recruiter_facts(context: ResumeContext, resume_id: uuid.UUID) -> access.RecruiterFacts:
    """Hidden from, requested or approved by one of the caller's organizations."""
    principal = context.require_principal()

    def make() -> DataLoader[uuid.UUID, access.RecruiterFacts]:
        async def load(keys: list[uuid.UUID]) -> list[access.RecruiterFacts]:
            async with context.sessions() as session:
                found = await access.recruiter_facts(session, principal.user_id, keys)
            return [found.get(key, access.NO_FACTS) for key in keys]

        return DataLoader(load_fn=load)

    return await context.loader("recruiter_facts", make).load(resume_id)


async def organization_name(context: ResumeContext, organization_id: str) -> str | None:
    def make() -> DataLoader[str, str | None]:
        async def load(keys: list[str]) -> list[str | None]:
            async with context.sessions() as session:
                rows = await session.execute(
                    select(known_organizations.c.organization_id, known_organizations.c.name).where(
                        known_organizations.c.organization_id.in_(keys)
                    )
                )
                names = {row.organization_id: row.name for row in rows}
            return [names.get(key) for key in keys]

        return DataLoader(load_fn=load)

    return await context.loader("organization_names", make).load(organization_id)
