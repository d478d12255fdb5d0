from collections.abc import Awaitable, Callable
from typing import Any

import strawberry
from jobkit.permissions import AdminLike, Anyone, IsAuthenticated, RecruiterScope
from jobkit.schema import build_schema

from jobs.graphql import api_keys as keys
from jobs.graphql import feeds
from jobs.graphql.application_queries import ApplicationQuery
from jobs.graphql.application_types import ApplicationResult, ApplyToJobResult
from jobs.graphql.job_values import Organization, OrganizationProfile
from jobs.graphql.mutations import (
    application_pipeline,
    apply_to_job,
    bookmarks,
    create_job,
    reports,
    share_job,
    update_groups,
    workflow,
)
from jobs.graphql.mutations.result import JobResult
from jobs.graphql.queries import Query
from jobs.graphql.types import Job


def _recruiters(resolver: Callable[..., Awaitable[Any]], description: str) -> Any:
    return strawberry.mutation(
        resolver=resolver, description=description, permission_classes=[RecruiterScope]
    )


def _admins(resolver: Callable[..., Awaitable[Any]], description: str) -> Any:
    return strawberry.mutation(
        resolver=resolver, description=description, permission_classes=[AdminLike]
    )


@strawberry.type
class Mutation:
    create_job: JobResult = _recruiters(create_job.create_job, "A new job, as a DRAFT.")
    update_job_info: JobResult = _recruiters(
        update_groups.update_job_info,
        "Link, file, description (sanitized), availability and video; the title is set at "
        "creation and ignored here.",
    )
    rename_job: JobResult = _recruiters(
        update_groups.rename_job,
        "A new title; the slug follows it and the former slug redirects (301) to the new one.",
    )
    update_job_company_info: JobResult = _recruiters(
        update_groups.update_job_company_info, "The employer's name when posting for another, logo."
    )
    update_job_location: JobResult = _recruiters(
        update_groups.update_job_location, "Locations (geocoded) and remote options."
    )
    update_job_categorization: JobResult = _recruiters(
        update_groups.update_job_categorization, "Vocabulary terms, salary, languages, skills."
    )
    update_job_schedule: JobResult = _recruiters(
        update_groups.update_job_schedule, "Publish date, expiration or duration in days."
    )
    update_job_application_options: JobResult = _recruiters(
        update_groups.update_job_application_options, "How applicants apply."
    )
    share_job: JobResult = _recruiters(
        share_job.share_job,
        "The other sites of the platform the job is also listed on (replacing the list; empty: "
        "its own site only). It answers there under the same slug, its canonical URL on its own "
        "site; a slug taken there gives the job a new one (the former redirects).",
    )
    publish_job: JobResult = _recruiters(
        workflow.publish_job,
        "Ask to publish: AWAITING_SLOT until billing answers (then NEEDS_REVIEW when the site "
        "moderates, SCHEDULED or PUBLISHED; or back to DRAFT with refusal).",
    )
    archive_job: JobResult = _recruiters(
        workflow.archive_job, "Take the job offline (before publication the slot goes back)."
    )
    delete_job: workflow.DeleteJobResult = _recruiters(
        workflow.delete_job,
        "Delete a DRAFT, or an ARCHIVED or EXPIRED job that never had an application, for good "
        "(its page answers 410 Gone).",
    )
    duplicate_job: JobResult = _recruiters(
        workflow.duplicate_job, 'A copy as a new DRAFT ("<title>" kept).'
    )
    republish_job: JobResult = _recruiters(
        workflow.republish_job, "An ARCHIVED or EXPIRED job asks to publish again (a new slot)."
    )
    approve_job: JobResult = _admins(
        workflow.approve_job, "Publish (or schedule) a job under review."
    )
    reject_job: JobResult = _admins(
        workflow.reject_job, "Send a job under review back to DRAFT; the reason is mailed."
    )
    apply_to_job: ApplyToJobResult = strawberry.mutation(
        resolver=apply_to_job.apply_to_job,
        description="Apply to a PUBLISHED job (visitors and signed-in applicants; captcha when "
        "the site asks for one). Files are uploaded first (purpose application_attachment).",
    )
    change_application_status: ApplicationResult = _recruiters(
        application_pipeline.change_application_status,
        "Move an application along the pipeline; a message is mailed to the applicant.",
    )
    bookmark_job: JobResult = strawberry.mutation(
        resolver=bookmarks.bookmark_job,
        description="Keep a published job in my bookmarks (again: no change).",
        permission_classes=[IsAuthenticated],
    )
    unbookmark_job: JobResult = strawberry.mutation(
        resolver=bookmarks.unbookmark_job,
        description="Remove a job from my bookmarks.",
        permission_classes=[IsAuthenticated],
    )
    report_job: reports.ReportJobResult = strawberry.mutation(
        resolver=reports.report_job,
        description="Report a PUBLISHED job (visitors answer the captcha; signed-in users do "
        "not). One report per reporter and job counts; enough distinct reporters hide the job "
        "pending review.",
        permission_classes=[Anyone],
    )
    dismiss_job_reports: JobResult = _admins(
        reports.dismiss_job_reports,
        "Close a job's open reports as unfounded; a job they hid is public again.",
    )
    archive_reported_job: JobResult = _admins(
        reports.archive_reported_job,
        "Archive a job after its reports; the reason is mailed to its recruiter.",
    )
    update_application_notes: ApplicationResult = _recruiters(
        application_pipeline.update_application_notes, "The recruiters' notes on an application."
    )
    create_api_key: keys.CreateApiKeyResult = strawberry.mutation(
        resolver=keys.create_api_key,
        description="A new key to the ATS API for the organization (its recruiters): it acts as "
        "the caller within the scopes. The secret is in this answer only.",
        permission_classes=[RecruiterScope],
    )
    revoke_api_key: keys.ApiKeyResult = strawberry.mutation(
        resolver=keys.revoke_api_key,
        description="The key stops working at once (the organization's recruiters, admin-like).",
        permission_classes=[RecruiterScope],
    )
    delete_api_key: keys.DeleteApiKeyResult = strawberry.mutation(
        resolver=keys.delete_api_key,
        description="Remove a revoked key from the list (an active one is revoked first).",
        permission_classes=[RecruiterScope],
    )
    create_feed_source: feeds.FeedSourceResult = strawberry.mutation(
        resolver=feeds.create_feed_source,
        description="A new job feed of the organization (its recruiters and administrators), "
        "imported every intervalMinutes (15 at least, 60 unless given), the first time at once "
        "when enabled. The address must be https and public (not a private or local network).",
        permission_classes=[RecruiterScope],
    )
    update_feed_source: feeds.FeedSourceResult = strawberry.mutation(
        resolver=feeds.update_feed_source,
        description="Change what is given: name, address, format, interval, enabled. A new "
        "address or format, or enabling it again, imports it at once; a new interval counts "
        "from the last run.",
        permission_classes=[RecruiterScope],
    )
    delete_feed_source: feeds.DeleteFeedSourceResult = strawberry.mutation(
        resolver=feeds.delete_feed_source,
        description="Delete a feed source and its reports; the jobs it imported stay as they are "
        "(no longer updated or closed by it).",
        permission_classes=[RecruiterScope],
    )
    run_feed_source: feeds.RunFeedSourceResult = strawberry.mutation(
        resolver=feeds.run_feed_source,
        description="Import the feed now (a disabled one too) and answer the run's report. "
        "Refused while the feed is being imported already.",
        permission_classes=[RecruiterScope],
    )


@strawberry.type
class ApiKeyQuery:
    api_keys: list[keys.ApiKey] = strawberry.field(
        resolver=keys.api_keys_of,
        description="The organization's ATS API keys, active first (its recruiters and "
        "admin-like; never a secret).",
        permission_classes=[RecruiterScope],
    )


@strawberry.type
class FeedQuery:
    feed_sources: list[feeds.FeedSource] = strawberry.field(
        resolver=feeds.feed_sources_of,
        description="The organization's job feeds, oldest first (its recruiters and "
        "administrators; empty for anyone else).",
        permission_classes=[RecruiterScope],
    )
    feed_runs: list[feeds.FeedRun] = strawberry.field(
        resolver=feeds.feed_runs_of,
        description="A feed source's runs, newest first (1 to 100; the newest 100 are kept).",
        permission_classes=[RecruiterScope],
    )


@strawberry.type(name="Query")
class AllQueries(Query, ApplicationQuery, ApiKeyQuery, FeedQuery):
    pass


schema = build_schema(
    query=AllQueries, mutation=Mutation, types=[Job, Organization, OrganizationProfile]
)
