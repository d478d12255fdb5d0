"""Application queries: a job's applications and an organization's (its recruiters and
admin-like users), and the caller's own ("my applications", "my bookmarks")."""

from __future__ import annotations

from typing import Any

import strawberry
from jobkit.permissions import IsAuthenticated, MemberOfOrganization, RecruiterScope
from sqlalchemy import Select, and_, func, or_, select
from strawberry.types import Info

from jobs.domain.applications import may_manage
from jobs.domain.models import Application as ApplicationModel
from jobs.domain.models import Bookmark
from jobs.domain.models import Job as JobModel
from jobs.graphql.application_types import (
    Application,
    ApplicationPage,
    ApplicationSort,
    ApplicationStatus,
    MyApplication,
)
from jobs.graphql.context import JobContext
from jobs.graphql.types import Job, JobPage, parse_id

MAX_PAGE = 100


def _sorted(
    query: Select[tuple[ApplicationModel]], sort: ApplicationSort
) -> Select[tuple[ApplicationModel]]:
    orders: dict[ApplicationSort, list[Any]] = {
        ApplicationSort.NEWEST: [ApplicationModel.created_at.desc()],
        ApplicationSort.OLDEST: [ApplicationModel.created_at],
        ApplicationSort.NAME: [ApplicationModel.last_name, ApplicationModel.first_name],
        ApplicationSort.STATUS: [ApplicationModel.status, ApplicationModel.created_at.desc()],
    }
    return query.order_by(*orders[sort], ApplicationModel.id)


async def _page(
    info: Info[JobContext, None],
    query: Select[tuple[ApplicationModel]],
    statuses: list[ApplicationStatus] | None,
    sort: ApplicationSort,
    limit: int,
    offset: int,
) -> ApplicationPage:
    if statuses:
        query = query.where(ApplicationModel.status.in_([s.value for s in statuses]))
    async with info.context.sessions() as session:
        total = await session.scalar(select(func.count()).select_from(query.subquery()))
        rows = list(
            await session.scalars(
                _sorted(query, sort).limit(max(0, min(limit, MAX_PAGE))).offset(max(0, offset))
            )
        )
    return ApplicationPage(
        applications=[Application.from_model(row) for row in rows], total=int(total or 0)
    )


@strawberry.type
class ApplicationQuery:
    @strawberry.field(
        description="A job's applications (recruiters of its organization and admin-like).",
        permission_classes=[RecruiterScope],
    )
    async def job_applications(
        self,
        info: Info[JobContext, None],
        job_id: strawberry.ID,
        statuses: list[ApplicationStatus] | None = None,
        sort: ApplicationSort = ApplicationSort.NEWEST,
        limit: int = 50,
        offset: int = 0,
    ) -> ApplicationPage:
        key = parse_id(job_id)
        principal = info.context.require_principal()
        async with info.context.sessions() as session:
            job = await session.get(JobModel, key) if key is not None else None
            allowed = job is not None and await may_manage(session, principal, job.organization_id)
        if job is None or not allowed:
            # The same answer for another organization's job and a job that does not exist.
            return ApplicationPage(applications=[], total=0)
        query = select(ApplicationModel).where(ApplicationModel.job_id == job.id)
        return await _page(info, query, statuses, sort, limit, offset)

    @strawberry.field(
        description="An organization's applications across its jobs (/recruiter/applications).",
        permission_classes=[MemberOfOrganization],
    )
    async def organization_applications(
        self,
        info: Info[JobContext, None],
        organization_id: strawberry.ID,
        statuses: list[ApplicationStatus] | None = None,
        job_id: strawberry.ID | None = None,
        sort: ApplicationSort = ApplicationSort.NEWEST,
        limit: int = 50,
        offset: int = 0,
    ) -> ApplicationPage:
        key = parse_id(organization_id)
        if key is None:
            return ApplicationPage(applications=[], total=0)
        query = select(ApplicationModel).where(ApplicationModel.organization_id == key)
        job_key = parse_id(job_id) if job_id is not None else None
        if job_key is not None:
            query = query.where(ApplicationModel.job_id == job_key)
        return await _page(info, query, statuses, sort, limit, offset)

    @strawberry.field(
        description="The caller's applications, newest first (/my-applications), including "
        "those sent before signing in from the account's address.",
        permission_classes=[IsAuthenticated],
    )
    async def my_applications(
        self, info: Info[JobContext, None], limit: int = 50, offset: int = 0
    ) -> list[MyApplication]:
        principal = info.context.require_principal()
        async with info.context.sessions() as session:
            rows = await session.scalars(
                select(ApplicationModel)
                .where(
                    or_(
                        ApplicationModel.applicant_id == principal.user_id,
                        # sent before signing in, from the account's own address
                        and_(
                            ApplicationModel.applicant_id.is_(None),
                            ApplicationModel.email == (principal.email or "").lower(),
                        ),
                    )
                )
                .order_by(ApplicationModel.created_at.desc(), ApplicationModel.id)
                .limit(max(0, min(limit, MAX_PAGE)))
                .offset(max(0, offset))
            )
            return [MyApplication(row=row) for row in rows]

    @strawberry.field(
        description="The caller's bookmarked jobs that are still online, newest bookmark first.",
        permission_classes=[IsAuthenticated],
    )
    async def my_bookmarks(
        self, info: Info[JobContext, None], limit: int = 50, offset: int = 0
    ) -> JobPage:
        principal = info.context.require_principal()
        query = (
            select(JobModel)
            .join(Bookmark, Bookmark.job_id == JobModel.id)
            .where(Bookmark.user_id == principal.user_id, JobModel.state == "published")
        )
        async with info.context.sessions() as session:
            total = await session.scalar(select(func.count()).select_from(query.subquery()))
            rows = await session.scalars(
                query.order_by(Bookmark.created_at.desc(), JobModel.id)
                .limit(max(0, min(limit, MAX_PAGE)))
                .offset(max(0, offset))
            )
            return JobPage(jobs=[Job.from_model(row) for row in rows], total=int(total or 0))
