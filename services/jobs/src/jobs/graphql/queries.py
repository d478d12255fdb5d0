from __future__ import annotations

import strawberry
from jobkit.permissions import AdminLike, MemberOfOrganization, RecruiterScope
from jobkit.site_settings import site_names
from sqlalchemy import Select, and_, func, or_, select
from strawberry.types import Info

from jobs.domain.models import Job as JobModel
from jobs.domain.models import JobReport, JobSlug, SiteSetting
from jobs.domain.sharing import known_sites, on_site
from jobs.graphql.context import JobContext
from jobs.graphql.dataloaders import job_by_id
from jobs.graphql.job_values import JobState
from jobs.graphql.mutations.result import settings_of
from jobs.graphql.types import Job, JobPage, parse_id, visible

MAX_PAGE = 100


async def _page(
    info: Info[JobContext, None], query: Select[tuple[JobModel]], limit: int, offset: int
) -> JobPage:
    """One page and the total, in two statements."""
    limit = max(0, min(limit, MAX_PAGE))
    async with info.context.sessions() as session:
        total = await session.scalar(select(func.count()).select_from(query.subquery()))
        rows = list(await session.scalars(query.limit(limit).offset(max(0, offset))))
    return JobPage(jobs=[Job.from_model(row) for row in rows], total=int(total or 0))


@strawberry.type(description="The open reports of jobs, for the administrators' dashboard.")
class OpenJobReports:
    reports: int
    jobs: int


@strawberry.type(description="A site of the platform a job can be shared with (shareJob).")
class SharingSite:
    name: str = strawberry.field(description="The site's name in X-Frontend (shareJob's sites).")
    title: str = strawberry.field(description="Its name as its pages show it.")


@strawberry.type
class Query:
    @strawberry.field(
        description="The sites of the platform (recruiters and admin-like), by name: a job can "
        "be shared with any of them but its own (shareJob).",
        permission_classes=[RecruiterScope],
    )
    async def job_sharing_sites(self, info: Info[JobContext, None]) -> list[SharingSite]:
        async with info.context.sessions() as session:
            sites = await known_sites(session, settings_of(info))
            titles = await site_names(session, SiteSetting.__table__, sites)
        return [SharingSite(name=site, title=titles[site]) for site in sites]

    @strawberry.field(
        description="A job by id or slug (a former slug finds it; its slug then differs and the "
        "page redirects). Unpublished: members and admin-like only."
    )
    async def job(
        self,
        info: Info[JobContext, None],
        id: strawberry.ID | None = None,
        slug: str | None = None,
    ) -> Job | None:
        row: JobModel | None = None
        if id is not None:
            row = await job_by_id(info.context, id)
        elif slug:
            async with info.context.sessions() as session:
                row = await session.scalar(
                    select(JobModel)
                    .join(JobSlug, JobSlug.job_id == JobModel.id)
                    .where(
                        JobSlug.site == info.context.frontend.site,
                        JobSlug.slug == slug.strip().lower(),
                        # its own site's, or a site it is shared with (a site it is no longer
                        # shared with keeps the slug, unanswered)
                        on_site(info.context.frontend.site),
                    )
                )
        if row is None or not await visible(info.context, row):
            return None
        return Job.from_model(row)

    @strawberry.field(
        description="The organization's jobs on this site (X-Frontend: its own and those shared "
        "with it) for /job-manager (members and admin-like). Newest first.",
        permission_classes=[MemberOfOrganization],
    )
    async def organization_jobs(
        self,
        info: Info[JobContext, None],
        organization_id: strawberry.ID,
        states: list[JobState] | None = None,
        limit: int = 50,
        offset: int = 0,
    ) -> JobPage:
        key = parse_id(organization_id)
        if key is None:
            return JobPage(jobs=[], total=0)
        query = select(JobModel).where(
            JobModel.organization_id == key, on_site(info.context.frontend.site)
        )
        if states:
            query = query.where(JobModel.state.in_([s.value for s in states]))
        query = query.order_by(JobModel.created_at.desc(), JobModel.id)
        return await _page(info, query, limit, offset)

    @strawberry.field(
        description="An organization's public (PUBLISHED) jobs on this site (X-Frontend: its own "
        "and those shared with it), for its profile page."
    )
    async def open_jobs(
        self,
        info: Info[JobContext, None],
        organization_id: strawberry.ID,
        limit: int = 20,
        offset: int = 0,
    ) -> JobPage:
        key = parse_id(organization_id)
        if key is None:
            return JobPage(jobs=[], total=0)
        query = (
            select(JobModel)
            .where(
                JobModel.organization_id == key,
                on_site(info.context.frontend.site),
                JobModel.state == "published",
            )
            .order_by(JobModel.published_at.desc(), JobModel.id)
        )
        return await _page(info, query, limit, offset)

    @strawberry.field(
        description="Admin-like: the site's open reports of jobs (not yet dismissed, and their "
        "job not archived for them), and how many jobs they concern.",
        permission_classes=[AdminLike],
    )
    async def open_job_reports(self, info: Info[JobContext, None]) -> OpenJobReports:
        async with info.context.sessions() as session:
            reports, jobs = (
                await session.execute(
                    select(
                        func.count(JobReport.id), func.count(func.distinct(JobReport.job_id))
                    ).where(
                        JobReport.resolved_at.is_(None),
                        JobReport.site == info.context.frontend.site,
                    )
                )
            ).one()
        return OpenJobReports(reports=reports, jobs=jobs)

    @strawberry.field(
        description="Admin-like: the review queue, oldest first: jobs in NEEDS_REVIEW (new jobs, "
        "and jobs hidden for their reports) and public jobs with open reports "
        "(Job.reports).",
        permission_classes=[AdminLike],
    )
    async def jobs_to_review(
        self, info: Info[JobContext, None], limit: int = 50, offset: int = 0
    ) -> JobPage:
        reported = (
            select(JobReport.id)
            .where(JobReport.job_id == JobModel.id, JobReport.resolved_at.is_(None))
            .exists()
        )
        query = (
            select(JobModel)
            .where(
                or_(
                    JobModel.state == "needs_review",
                    and_(JobModel.state == "published", reported),
                )
            )
            .order_by(JobModel.updated_at, JobModel.id)
        )
        return await _page(info, query, limit, offset)
