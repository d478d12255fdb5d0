"""Batched loads for jobs' resolvers: one query per request per kind, whatever the list size."""

from __future__ import annotations

import uuid
from typing import Any

from sqlalchemy import and_, or_, select
from strawberry.dataloader import DataLoader

from jobs.db import terms
from jobs.domain.applications import attachments_by_application
from jobs.domain.models import Application as ApplicationModel
from jobs.domain.models import Bookmark, KnownOrganization, SiteSetting
from jobs.domain.models import Job as JobModel
from jobs.domain.reports import ReportSummary, open_reports
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


async def captcha_required(context: JobContext, site: str) -> bool:
    """The site's captcha.job_application setting (one query per request and site)."""
    sessions = context.sessions

    def make() -> DataLoader[str, bool]:
        async def load(sites: list[str]) -> list[bool]:
            async with sessions() as session:
                rows = await session.execute(
                    select(SiteSetting.site, SiteSetting.value).where(
                        SiteSetting.site.in_(sites),
                        SiteSetting.key == "captcha",
                        SiteSetting.name == "job_application",
                    )
                )
                found = {row_site: bool(value) for row_site, value in rows}
            return [found.get(key, False) for key in sites]

        return DataLoader(load_fn=load)

    return await context.loader("captcha_required", make).load(site)


async def attachments_of(context: JobContext, application_id: object) -> list[Any]:
    """An application's attachments with their upload rows, in order (batched)."""
    sessions = context.sessions

    def make() -> DataLoader[object, list[Any]]:
        async def load(keys: list[object]) -> list[list[Any]]:
            async with sessions() as session:
                found = await attachments_by_application(session, keys)
            return [found[key] for key in keys]

        return DataLoader(load_fn=load)

    return await context.loader("attachments_of", make).load(application_id)


async def is_bookmarked(context: JobContext, job_id: object) -> bool:
    """Whether the caller bookmarked the job (one query per request for a list of jobs)."""
    principal = context.principal
    if principal is None:
        return False
    sessions, user_id = context.sessions, principal.user_id

    def make() -> DataLoader[object, bool]:
        async def load(keys: list[object]) -> list[bool]:
            async with sessions() as session:
                found = set(
                    await session.scalars(
                        select(Bookmark.job_id).where(
                            Bookmark.user_id == user_id, Bookmark.job_id.in_(keys)
                        )
                    )
                )
            return [key in found for key in keys]

        return DataLoader(load_fn=load)

    return await context.loader("is_bookmarked", make).load(job_id)


async def my_application_of(context: JobContext, job_id: object) -> ApplicationModel | None:
    """The caller's latest application to the job: their own, or one sent before signing in
    from the account's address (as "my applications" counts them). None for visitors. One query
    per request for a list of jobs."""
    principal = context.principal
    if principal is None:
        return None
    sessions, user_id, email = context.sessions, principal.user_id, (principal.email or "").lower()

    def make() -> DataLoader[object, ApplicationModel | None]:
        async def load(keys: list[object]) -> list[ApplicationModel | None]:
            latest: dict[object, ApplicationModel] = {}
            async with sessions() as session:
                rows = await session.scalars(
                    select(ApplicationModel)
                    .where(
                        ApplicationModel.job_id.in_(keys),
                        or_(
                            ApplicationModel.applicant_id == user_id,
                            and_(
                                ApplicationModel.applicant_id.is_(None),
                                ApplicationModel.email == email,
                            ),
                        ),
                    )
                    .order_by(ApplicationModel.created_at.desc(), ApplicationModel.id)
                )
                for row in rows:
                    latest.setdefault(row.job_id, row)
            return [latest.get(key) for key in keys]

        return DataLoader(load_fn=load)

    return await context.loader("my_application_of", make).load(job_id)


async def open_reports_of(context: JobContext, job_id: uuid.UUID) -> ReportSummary | None:
    """A job's open reports (one query per request for the review queue's page)."""
    sessions = context.sessions

    def make() -> DataLoader[uuid.UUID, ReportSummary | None]:
        async def load(keys: list[uuid.UUID]) -> list[ReportSummary | None]:
            async with sessions() as session:
                found = await open_reports(session, keys)
            return [found.get(key) for key in keys]

        return DataLoader(load_fn=load)

    return await context.loader("open_reports_of", make).load(job_id)
