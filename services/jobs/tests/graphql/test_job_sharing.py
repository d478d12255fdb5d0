"""A job shared with other sites of the platform (ADR 0057): recruiters choose among the sites
jobs knows, the job answers there under its slug with its canonical URL on its own site, and
the organization's lists of each site include it."""

from __future__ import annotations

import json
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.service import persist
from jobkit.testing.tokens import TokenIssuer
from jobs.db import outbox
from jobs.domain.models import JobSlug, KnownOrganization, SiteSetting
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.jobs.tests.factories import add_member, job, organization

pytestmark = pytest.mark.integration

RESULT = """__typename
  ... on JobSaved { job { id slug site sharedSites version } }
  ... on JobErrors { message errors { field code message } }"""
CREATE = f"mutation($i: CreateJobInput!) {{ createJob(input: $i) {{ {RESULT} }} }}"
SHARE = f"mutation($id: ID!, $s: [String!]!) {{ shareJob(id: $id, sites: $s) {{ {RESULT} }} }}"
PAGE = "query($slug: String) { job(slug: $slug) { id slug metatags { meta value } } }"
SITES = "{ jobSharingSites { name title } }"
OPEN_JOBS = "query($o: ID!) { openJobs(organizationId: $o) { jobs { id } total } }"
ORGANIZATION_JOBS = (
    "query($o: ID!) { organizationJobs(organizationId: $o) { jobs { id sharedSites } total } }"
)
NOW = datetime.now(UTC)


async def _site(sessions: async_sessionmaker[AsyncSession], name: str | None = None) -> str:
    """A site jobs knows (a setting from identity's site configuration), by a new name."""
    site = f"site-{uuid.uuid4().hex[:8]}"
    await persist(sessions, SiteSetting(site=site, key="site", name="name", value=name or site))
    return site


async def _team(
    graphql: GraphQLClient, tokens: TokenIssuer, sessions: async_sessionmaker[AsyncSession]
) -> tuple[KnownOrganization, GraphQLClient]:
    org = organization(name=f"Org {uuid.uuid4().hex[:6]}")
    await persist(sessions, org)
    user = uuid.uuid4()
    await add_member(sessions, org, user)
    return org, graphql.as_user(tokens.token(user, ["recruiter"]))


async def _create(client: GraphQLClient, org: KnownOrganization, title: str) -> dict[str, Any]:
    answer = (await client.data(CREATE, i={"organizationId": str(org.id), "title": title}))[
        "createJob"
    ]
    assert answer["__typename"] == "JobSaved", answer
    return dict(answer["job"])


def _errors(answer: dict[str, Any]) -> list[tuple[str, str]]:
    assert answer["__typename"] == "JobErrors", answer
    return [(e["field"], e["code"]) for e in answer["errors"]]


async def test_a_shared_job_answers_on_the_site_it_is_shared_with_and_not_on_others(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    us = await _site(committed_sessions, "Jobboard US")
    other = await _site(committed_sessions)
    org, recruiter = await _team(graphql, tokens, committed_sessions)
    offered = {s["name"]: s["title"] for s in (await recruiter.data(SITES))["jobSharingSites"]}
    assert offered[us] == "Jobboard US"
    assert other in offered
    assert "jobboard" in offered  # every site: the wizard leaves out the job's own
    created = await _create(recruiter, org, f"Shared Gardener {uuid.uuid4().hex[:6]}")
    assert created["sharedSites"] == []
    assert created["site"] == "jobboard"

    shared = (await recruiter.data(SHARE, id=created["id"], s=[us]))["shareJob"]
    assert shared["__typename"] == "JobSaved", shared
    assert shared["job"]["sharedSites"] == [us]
    assert shared["job"]["slug"] == created["slug"]
    assert shared["job"]["version"] == created["version"] + 1

    # the event carries the sites (search lists the job on each)
    async with committed_sessions() as session:
        bodies = list(
            await session.scalars(
                select(outbox.c.body)
                .where(outbox.c.key == created["id"], outbox.c.event_type == "jobs.job.updated")
                .order_by(outbox.c.id)
            )
        )
    assert json.loads(bodies[-1])["payload"]["shared_sites"] == [us]
    assert json.loads(bodies[-1])["payload"]["site"] == "jobboard"

    on_us = (await recruiter.for_site(f"{us}/en").data(PAGE, slug=created["slug"]))["job"]
    assert on_us["id"] == created["id"]
    tags = {t["meta"]: t["value"] for t in on_us["metatags"]}
    # the canonical page is on the job's own site, absolute
    assert tags["canonical"].startswith("http")
    assert tags["canonical"].endswith(f"/job/{created['slug']}")
    at_home = (await recruiter.data(PAGE, slug=created["slug"]))["job"]
    home_tags = {t["meta"]: t["value"] for t in at_home["metatags"]}
    assert home_tags["canonical"] == f"/job/{created['slug']}"
    assert (await recruiter.for_site(f"{other}/en").data(PAGE, slug=created["slug"]))["job"] is None

    listed = (await recruiter.for_site(f"{us}/en").data(ORGANIZATION_JOBS, o=str(org.id)))[
        "organizationJobs"
    ]
    assert [j["id"] for j in listed["jobs"]] == [created["id"]]
    nothing = (await recruiter.for_site(f"{other}/en").data(ORGANIZATION_JOBS, o=str(org.id)))[
        "organizationJobs"
    ]
    assert nothing["total"] == 0

    # no longer shared: the slug stays with the job there, unanswered
    unshared = (await recruiter.data(SHARE, id=created["id"], s=[]))["shareJob"]
    assert unshared["job"]["sharedSites"] == []
    assert (await recruiter.for_site(f"{us}/en").data(PAGE, slug=created["slug"]))["job"] is None


async def test_open_jobs_of_a_site_include_the_jobs_shared_with_it(
    graphql: GraphQLClient, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    us = await _site(committed_sessions)
    org = organization()
    published = {"state": "published", "published_at": NOW, "expires_at": NOW + timedelta(days=9)}
    own = job(org, **published)
    shared = job(org, shared_sites=[us], **published)
    theirs = job(org, site=us, **published)
    await persist(committed_sessions, org, own, shared, theirs)

    def ids(answer: dict[str, Any]) -> set[str]:
        return {j["id"] for j in answer["openJobs"]["jobs"]}

    assert ids(await graphql.data(OPEN_JOBS, o=str(org.id))) == {str(own.id), str(shared.id)}
    assert ids(await graphql.for_site(f"{us}/en").data(OPEN_JOBS, o=str(org.id))) == {
        str(shared.id),
        str(theirs.id),
    }


async def test_sharing_refuses_unknown_sites_and_the_jobs_own_site(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    us = await _site(committed_sessions)
    org, recruiter = await _team(graphql, tokens, committed_sessions)
    created = await _create(recruiter, org, "Refused Sharing")
    answer = (await recruiter.data(SHARE, id=created["id"], s=["nowhere", "jobboard", us]))[
        "shareJob"
    ]
    assert _errors(answer) == [("sites", "UNKNOWN_SITE"), ("sites", "INVALID")]
    messages = [e["message"] for e in answer["errors"]]
    assert messages == [
        'There is no site "nowhere" on this platform.',
        '"jobboard" is this job\'s own site: it is always listed there.',
    ]
    # nothing written
    again = (await recruiter.data(PAGE, slug=created["slug"]))["job"]
    assert again["id"] == created["id"]
    _, stranger = await _team(graphql, tokens, committed_sessions)
    refused = (await stranger.data(SHARE, id=created["id"], s=[us]))["shareJob"]
    assert _errors(refused) == [(None, "FORBIDDEN")]


async def test_a_slug_taken_on_the_other_site_gives_the_job_a_new_one_free_on_both(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    us = await _site(committed_sessions)
    org, recruiter = await _team(graphql, tokens, committed_sessions)
    title = f"Orchard Keeper {uuid.uuid4().hex[:6]}"
    created = await _create(recruiter, org, title)
    # a job of the other site has that slug there, and one more numbered after it
    theirs = job(org, site=us, slug=created["slug"])
    numbered = job(org, site=us, slug=f"{created['slug']}-4")
    await persist(committed_sessions, theirs, numbered)
    await persist(
        committed_sessions,
        JobSlug(site=us, slug=theirs.slug, job_id=theirs.id),
        JobSlug(site=us, slug=numbered.slug, job_id=numbered.id),
    )

    shared = (await recruiter.data(SHARE, id=created["id"], s=[us]))["shareJob"]
    new_slug = shared["job"]["slug"]
    assert new_slug == f"{created['slug']}-5"
    on_us = (await recruiter.for_site(f"{us}/en").data(PAGE, slug=new_slug))["job"]
    assert on_us["id"] == created["id"]
    # the other site's job keeps its slug there; the former slug redirects on the job's own site
    there = (await recruiter.for_site(f"{us}/en").data(PAGE, slug=created["slug"]))["job"]
    assert there is None or there["id"] == str(theirs.id)
    at_home = (await recruiter.data(PAGE, slug=created["slug"]))["job"]
    assert at_home["slug"] == new_slug
