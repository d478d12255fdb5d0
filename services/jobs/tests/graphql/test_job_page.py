"""The job page as search engines read it (JSON-LD, metatags) and the list queries, with a
bounded number of SQL statements whatever the page size."""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from jobkit.auth import Principal
from jobkit.db import make_sessionmaker
from jobkit.graphql import ServiceContext
from jobkit.settings import ServiceSettings
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.service import persist
from jobkit.testing.statements import StatementLog
from jobkit.testing.tokens import TokenIssuer
from jobs.db import members
from jobs.domain.models import JobSlug
from jobs.graphql.schema import schema
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from services.jobs.tests.factories import add_member, job, organization, seed_terms

pytestmark = pytest.mark.integration

PAGE = """query($slug: String) { job(slug: $slug) { id slug state jsonLd
  metatags { meta value } } }"""
LIST_FIELDS = """jobs { id slug title state canEdit applicationEmails refusal { reason }
  organization { id } employmentType { tid } locations { address { locality } }
  structuredDataHints { property } metatags { meta value } jsonLd applicationsCount
  applicationQualifyingQuestions { knockOutAnswers } } total"""
ORGANIZATION_JOBS = f"""query($o: ID!, $s: [JobState!]) {{
  organizationJobs(organizationId: $o, states: $s) {{ {LIST_FIELDS} }} }}"""
OPEN_JOBS = f"query($o: ID!) {{ openJobs(organizationId: $o) {{ {LIST_FIELDS} }} }}"
NOW = datetime.now(UTC)


@pytest.fixture(scope="module", autouse=True)
async def vocabulary(service_engine: AsyncEngine) -> None:
    await seed_terms(make_sessionmaker(service_engine))


async def test_a_published_job_page_has_json_ld_and_an_expired_one_none(
    graphql: GraphQLClient, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    org = organization(name="Green Harbor", logo_url="/api/uploads/organizations/files/l/x")
    live = job(org, state="published", published_at=NOW, expires_at=NOW + timedelta(days=30))
    gone = job(
        org,
        state="expired",
        published_at=NOW - timedelta(days=40),
        expires_at=NOW - timedelta(days=10),
    )
    await persist(committed_sessions, org, live, gone)
    await persist(
        committed_sessions,
        JobSlug(site="jobboard", slug=live.slug, job_id=live.id),
        JobSlug(site="jobboard", slug="an-old-slug-" + live.slug, job_id=live.id),
        JobSlug(site="jobboard", slug=gone.slug, job_id=gone.id),
    )

    page = (await graphql.data(PAGE, slug=live.slug))["job"]
    data = json.loads(page["jsonLd"])
    assert data["title"] == live.title
    assert data["hiringOrganization"]["name"] == "Green Harbor"
    assert data["hiringOrganization"]["logo"].endswith("/api/uploads/organizations/files/l/x")
    assert data["employmentType"] == "FULL_TIME"
    assert data["jobLocation"][0]["address"]["addressLocality"] == "Boston"
    assert data["baseSalary"]["value"]["unitText"] == "YEAR"
    assert data["identifier"]["value"] == str(live.id)
    assert data["directApply"] is True
    tags = {t["meta"]: t["value"] for t in page["metatags"]}
    assert tags["robots"] == "index, follow"
    assert tags["title"] == f"{live.title} | Green Harbor | Jobboard"
    # a former slug finds the job; its current slug tells the page to redirect
    former = (await graphql.data(PAGE, slug="an-old-slug-" + live.slug))["job"]
    assert former["slug"] == live.slug

    # an expired job stays readable so its page can say it is gone: no JSON-LD and noindex
    ended = (await graphql.data(PAGE, slug=gone.slug))["job"]
    assert ended["state"] == "EXPIRED"
    assert ended["jsonLd"] is None
    assert {t["meta"]: t["value"] for t in ended["metatags"]}["robots"] == "noindex, nofollow"


async def test_a_job_archived_before_it_was_ever_public_stays_private(
    graphql: GraphQLClient, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    org = organization()
    never = job(org, state="archived", published_at=None)
    await persist(committed_sessions, org, never)
    await persist(committed_sessions, JobSlug(site="jobboard", slug=never.slug, job_id=never.id))
    assert (await graphql.data(PAGE, slug=never.slug))["job"] is None


async def test_members_see_their_expired_job_without_json_ld(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    org = organization()
    gone = job(org, state="expired", published_at=NOW - timedelta(days=40), expires_at=NOW)
    await persist(committed_sessions, org, gone)
    await persist(committed_sessions, JobSlug(site="jobboard", slug=gone.slug, job_id=gone.id))
    member = uuid.uuid4()
    await add_member(committed_sessions, org, member)
    mine = graphql.as_user(tokens.token(member, ["recruiter"]))
    page = (await mine.data(PAGE, slug=gone.slug))["job"]
    assert page["state"] == "EXPIRED"
    assert page["jsonLd"] is None
    assert {t["meta"]: t["value"] for t in page["metatags"]}["robots"] == "noindex, nofollow"


async def _many(
    committed_sessions: async_sessionmaker[AsyncSession], count: int
) -> tuple[Any, uuid.UUID]:
    org = organization()
    rows = [
        job(
            org,
            state="published",
            published_at=NOW - timedelta(hours=i),
            expires_at=NOW + timedelta(days=9),
        )
        for i in range(count)
    ] + [
        job(
            org,
            state="draft",
            refusal={"reason": "no_slots_left", "message": "m", "at": NOW.isoformat()},
        )
    ]
    await persist(committed_sessions, org, *rows)
    member = uuid.uuid4()
    await add_member(committed_sessions, org, member)
    return org, member


async def _execute(
    sessions: async_sessionmaker[AsyncSession],
    settings: ServiceSettings,
    principal: Principal | None,
    query: str,
    **variables: Any,
) -> dict[str, Any]:
    """The schema run in-process on the test's engine, so ``statements`` sees every query."""
    context = ServiceContext(
        sessions=sessions,
        settings=settings,
        principal=principal,
        auth_error=None,
        memberships=members,
    )
    result = await schema.execute(query, variable_values=variables, context_value=context)
    assert result.errors is None, result.errors
    assert result.data is not None
    return result.data


async def test_list_queries_run_a_bounded_number_of_statements(
    committed_sessions: async_sessionmaker[AsyncSession],
    service_settings: ServiceSettings,
    statements: Callable[[], AbstractContextManager[StatementLog]],
) -> None:
    small, small_member = await _many(committed_sessions, 2)
    large, large_member = await _many(committed_sessions, 25)
    counts = []
    for org, member in ((small, small_member), (large, large_member)):
        principal = Principal(user_id=str(member), roles=frozenset({"recruiter"}))
        with statements() as log:
            answer = (
                await _execute(
                    committed_sessions,
                    service_settings,
                    principal,
                    ORGANIZATION_JOBS,
                    o=str(org.id),
                )
            )["organizationJobs"]
        counts.append(log.count)
        assert answer["total"] == len(answer["jobs"])
        assert all(j["canEdit"] for j in answer["jobs"])
        assert all(j["applicationsCount"] == 0 for j in answer["jobs"])  # members see counts
        assert any(j["refusal"] == {"reason": "no_slots_left"} for j in answer["jobs"])
    assert counts[0] == counts[1], counts
    # the permission's membership, the total, the page, memberships of the rows, organizations,
    # term labels
    assert counts[1] <= 6, counts
    assert counts[1] >= 3, counts  # it did count the queries

    with statements() as log:
        public = (
            await _execute(committed_sessions, service_settings, None, OPEN_JOBS, o=str(large.id))
        )["openJobs"]
    assert public["total"] == 25
    assert len(public["jobs"]) == 20
    assert all(j["jsonLd"] for j in public["jobs"])
    assert all(j["applicationEmails"] == [] for j in public["jobs"])  # members only
    assert all(j["applicationsCount"] is None for j in public["jobs"])  # members only
    # the total, the page, organizations, term labels, the site's name (page titles)
    assert log.count <= 5, log.statements


async def test_organization_jobs_are_for_members_and_admins(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    org, _ = await _many(committed_sessions, 1)
    stranger = graphql.as_user(tokens.token(roles=["recruiter"]))
    body = await stranger.execute(ORGANIZATION_JOBS, o=str(org.id))
    assert body["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    admin = graphql.as_user(tokens.token(roles=["administrator"]))
    drafts = (await admin.data(ORGANIZATION_JOBS, o=str(org.id), s=["DRAFT"]))["organizationJobs"]
    assert drafts["total"] == 1


async def test_a_job_of_one_site_is_not_on_the_other(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    """Several sites side by side (ADR 0049): a job published for one site is absent from the
    other's job page, its organization's public jobs and its job manager."""
    org = organization()
    here = job(org, state="published", published_at=NOW)
    there = job(org, site="jobboard-us", state="published", published_at=NOW)
    await persist(committed_sessions, org, here, there)
    await persist(
        committed_sessions,
        JobSlug(site="jobboard", slug=here.slug, job_id=here.id),
        JobSlug(site="jobboard-us", slug=there.slug, job_id=there.id),
    )
    admin = tokens.token(str(uuid.uuid4()), ["administrator"])
    for frontend, own, other in (("jobboard/en", here, there), ("jobboard-us/en", there, here)):
        visitor = graphql.for_site(frontend)
        assert (await visitor.data(PAGE, slug=own.slug))["job"]["id"] == str(own.id)
        assert (await visitor.data(PAGE, slug=other.slug))["job"] is None
        public = (await visitor.data(OPEN_JOBS, o=str(org.id)))["openJobs"]
        assert [j["id"] for j in public["jobs"]] == [str(own.id)]
        assert public["total"] == 1
        managed = (await visitor.as_user(admin).data(ORGANIZATION_JOBS, o=str(org.id)))[
            "organizationJobs"
        ]
        assert [j["id"] for j in managed["jobs"]] == [str(own.id)]
