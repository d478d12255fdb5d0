"""recommendedJobs: the findable jobs most like one job (the job page's "Similar jobs");
videoJobs: the newest jobs with a video (the home page's row of them). Both answer the same for
every caller of a site, so their results are kept until the index changes, like jobSearch's
(ADR 0047's amendment)."""

from __future__ import annotations

from typing import Annotated

import strawberry
from elasticsearch import ApiError, TransportError
from strawberry.types import Info

from search import errors as domain_errors
from search.engine.similar_jobs import MAX_SIMILAR, find_similar_jobs
from search.engine.video_jobs import MAX_VIDEO_JOBS, find_video_jobs
from search.graphql.context import SearchContext
from search.graphql.job_search import (
    JobSearchHit,
    SearchErrors,
    SearchUnavailable,
    job_hit,
    kept_answer,
    search_errors,
    store_of,
    unavailable,
)


@strawberry.type(description="Jobs like a given one, best first (never the job itself).")
class RecommendedJobs:
    hits: list[JobSearchHit]


@strawberry.type(description="The newest open jobs whose page plays a video.")
class VideoJobs:
    hits: list[JobSearchHit]


VideoJobsResult = Annotated[
    VideoJobs | SearchErrors | SearchUnavailable, strawberry.union("VideoJobsResult")
]

RecommendedJobsResult = Annotated[
    RecommendedJobs | SearchErrors | SearchUnavailable, strawberry.union("RecommendedJobsResult")
]


@strawberry.type
class RecommendationQueries:
    @strawberry.field(
        name="recommendedJobs",
        description=f"Up to `limit` (1-{MAX_SIMILAR}) published, unexpired jobs of the asking "
        "site (its own and those shared with it) most like the job `jobId`: alike title, "
        "categories and description, nearby first among "
        "equals. Never the job itself; empty when the job is unknown to search. The job itself "
        "may be expired (its 410 page offers similar open jobs).",
    )
    async def recommended_jobs(
        self, info: Info[SearchContext, None], job_id: strawberry.ID, limit: int = MAX_SIMILAR
    ) -> RecommendedJobsResult:
        context = info.context

        async def compute() -> RecommendedJobsResult:
            try:
                documents = await find_similar_jobs(
                    store_of(context), job_id=str(job_id), limit=limit, site=context.frontend.site
                )
            except domain_errors.SearchErrors as refused:
                return search_errors(refused)
            except (ApiError, TransportError) as error:
                return unavailable("recommended jobs", error)
            return RecommendedJobs(
                hits=[job_hit(document, featured=False, geo=None) for document in documents]
            )

        return await kept_answer(
            context, ("recommendedJobs", str(job_id), limit), compute, RecommendedJobs
        )

    @strawberry.field(
        name="videoJobs",
        description=f"Up to `limit` (1-{MAX_VIDEO_JOBS}, spec 9's positions 0-6) published, "
        "unexpired jobs of the request's site whose page plays a video, newest first.",
    )
    async def video_jobs(
        self, info: Info[SearchContext, None], limit: int = MAX_VIDEO_JOBS
    ) -> VideoJobsResult:
        context = info.context

        async def compute() -> VideoJobsResult:
            try:
                documents = await find_video_jobs(
                    store_of(context), site=context.frontend.site, limit=limit
                )
            except domain_errors.SearchErrors as refused:
                return search_errors(refused)
            except (ApiError, TransportError) as error:
                return unavailable("video jobs", error)
            return VideoJobs(
                hits=[job_hit(document, featured=False, geo=None) for document in documents]
            )

        return await kept_answer(context, ("videoJobs", limit), compute, VideoJobs)
