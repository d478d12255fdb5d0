"""Feed imports (ADR 0041) against the served app, a real database and feeds served by a real
HTTP server on loopback: sources managed through GraphQL, runs that create, update, leave
unchanged jobs alone (no event) and close the jobs that left the feed, refused jobs reported with
the wizard's reasons, the same job from two feeds and by hand listed once, the address and size
limits, the leader-elected importer, and who may manage a feed."""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest
from jobkit.auth import Principal
from jobkit.db import make_sessionmaker
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.server import serve
from jobkit.testing.service import persist
from jobkit.testing.statements import StatementLog
from jobkit.testing.tokens import TokenIssuer
from jobs.db import outbox
from jobs.domain import creation, editing, feed_runs, feed_sources
from jobs.domain.errors import NO_SLOTS_LEFT_MESSAGE, JobErrors
from jobs.domain.events import SlotDenied
from jobs.domain.feed_fetching import FeedFetcher
from jobs.domain.fingerprint import fingerprint_of
from jobs.domain.models import FeedItem, FeedRun, FeedSource, Job, KnownOrganization
from jobs.domain.slots import apply_slot_denied
from jobs.domain.structured_data import RULES
from jobs.main import create_app
from jobs.messaging.feed_importer import FeedImporter
from jobs.settings import JobsSettings
from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from services.jobs.tests import factories
from services.jobs.tests.factories import add_member, organization, seed_terms
from services.jobs.tests.integration.test_ats_batches import _waiting_on_a_lock

pytestmark = pytest.mark.integration

SOURCES = """query($o: ID!) { feedSources(organizationId: $o) {
  id name url format enabled intervalMinutes createdByEmail lastRunAt nextRunAt
  lastRun { id status created } } }"""
RUNS = """query($s: ID!) { feedRuns(sourceId: $s, limit: 5) { id status trigger created } }"""
CREATE = """mutation($o: ID!, $n: String!, $u: String!, $f: FeedFormat!, $i: Int! = 60) {
  createFeedSource(organizationId: $o, name: $n, url: $u, format: $f, intervalMinutes: $i) {
    __typename
    ... on FeedSourceSaved { source { id name url format enabled intervalMinutes nextRunAt } }
    ... on JobErrors { errors { field code message } } } }"""
UPDATE = """mutation($id: ID!, $e: Boolean, $i: Int, $n: String) {
  updateFeedSource(id: $id, enabled: $e, intervalMinutes: $i, name: $n) {
    __typename
    ... on FeedSourceSaved { source { id name enabled intervalMinutes nextRunAt } }
    ... on JobErrors { errors { field code message } } } }"""
DELETE = """mutation($id: ID!) { deleteFeedSource(id: $id) {
  __typename ... on FeedSourceDeleted { id } ... on JobErrors { errors { code message } } } }"""
RUN = """mutation($id: ID!) { runFeedSource(id: $id) {
  __typename
  ... on FeedSourceRan {
    source { id lastRunAt lastRun { id } }
    run { id status trigger error items created updated unchanged duplicate rejected closed
          issues { position reference title outcome errors { field code message } } } }
  ... on JobErrors { errors { field code message } } } }"""


class Feeds:
    """Feeds served over HTTP: path -> (body, media type); change them between runs."""

    def __init__(self) -> None:
        self.files: dict[str, tuple[bytes, str]] = {}
        self.base = ""

    def put(self, path: str, body: bytes | str, media_type: str = "application/json") -> str:
        self.files[path] = (body.encode() if isinstance(body, str) else body, media_type)
        return f"{self.base}{path}"

    def json(self, path: str, postings: list[dict[str, Any]]) -> str:
        return self.put(path, json.dumps(postings))

    def xml(self, path: str, jobs: str) -> str:
        return self.put(path, f"<?xml version='1.0'?><source>{jobs}</source>", "application/xml")

    async def answer(self, request: Request) -> Response:
        path = request.url.path
        if path.startswith("/moved"):
            return RedirectResponse(path.removeprefix("/moved"), status_code=302)
        found = self.files.get(path)
        if found is None:
            return Response(status_code=404)
        return Response(found[0], media_type=found[1])


@pytest.fixture(scope="module")
async def feeds() -> AsyncIterator[Feeds]:
    served = Feeds()
    app = Starlette(routes=[Route("/{path:path}", served.answer)])
    async with serve(app) as url:
        served.base = url
        yield served


DEMO_FEEDS = Path(__file__).resolve().parents[4] / "scripts" / "demo" / "feeds"


@pytest.fixture(scope="module")
def settings(service_settings: JobsSettings) -> JobsSettings:
    return service_settings.model_copy(
        update={"feeds_allow_private_targets": True, "demo_feeds_dir": DEMO_FEEDS}
    )


@pytest.fixture(scope="module")
async def served(settings: JobsSettings, service_engine: AsyncEngine) -> AsyncIterator[str]:
    await seed_terms(make_sessionmaker(service_engine))
    async with serve(create_app(settings)) as url:
        yield url


class Org:
    def __init__(self, org_id: uuid.UUID, recruiter: uuid.UUID, client: GraphQLClient) -> None:
        self.id, self.recruiter, self.client = org_id, recruiter, client

    async def source(self, url: str, format: str = "JSON", name: str = "Careers feed") -> str:
        made = (await self.client.data(CREATE, o=str(self.id), n=name, u=url, f=format))[
            "createFeedSource"
        ]
        assert made["__typename"] == "FeedSourceSaved", made
        return str(made["source"]["id"])

    async def run(self, source_id: str) -> dict[str, Any]:
        ran = (await self.client.data(RUN, id=source_id))["runFeedSource"]
        assert ran["__typename"] == "FeedSourceRan", ran
        return dict(ran["run"])


@pytest.fixture
async def org(
    served: str, tokens: TokenIssuer, committed_sessions: async_sessionmaker[AsyncSession]
) -> Org:
    known = organization()
    recruiter = uuid.uuid4()
    await persist(committed_sessions, known)
    await add_member(committed_sessions, known, recruiter)
    token = tokens.token(recruiter, ["recruiter"], email=f"{recruiter.hex[:8]}@ngo.example")
    return Org(known.id, recruiter, GraphQLClient(f"{served}/graphql", token=token))


def posting(reference: str, title: str = "Field Coordinator", **overrides: Any) -> dict[str, Any]:
    return {
        "@context": "https://schema.org",
        "@type": "JobPosting",
        "identifier": reference,
        "title": title,
        "description": f"<p>{title}: coordinate <strong>field</strong> teams.</p>",
        "employmentType": "FULL_TIME",
        "jobLocation": {
            "@type": "Place",
            "address": {"addressLocality": "Boston", "addressRegion": "MA", "addressCountry": "US"},
        },
        "baseSalary": {"currency": "USD", "value": {"minValue": 50000, "maxValue": 60000}},
        "url": f"https://ngo.example/jobs/{reference}",
    } | overrides


def xml_job(reference: str | None, title: str, **fields: str) -> str:
    values = {
        "title": title,
        "referencenumber": reference,
        "city": "Boston",
        "country": "US",
        "description": f"<p>{title}: coordinate <b>field</b> teams.</p>",
    } | fields
    inner = "".join(
        f"<{name}><![CDATA[{value}]]></{name}>" for name, value in values.items() if value
    )
    return f"<job>{inner}</job>"


async def _jobs(sessions: async_sessionmaker[AsyncSession], org_id: uuid.UUID) -> list[Job]:
    async with sessions() as session:
        rows = await session.scalars(
            select(Job).where(Job.organization_id == org_id).order_by(Job.created_at, Job.id)
        )
        return list(rows)


async def _events(sessions: async_sessionmaker[AsyncSession], job_id: uuid.UUID) -> list[str]:
    async with sessions() as session:
        rows = await session.scalars(
            select(outbox.c.event_type).where(outbox.c.key == str(job_id)).order_by(outbox.c.id)
        )
        return list(rows)


def _counts(run: dict[str, Any]) -> tuple[int, ...]:
    keys = ("items", "created", "updated", "unchanged", "duplicate", "rejected", "closed")
    return tuple(run[key] for key in keys)


async def test_a_feed_creates_then_updates_leaves_the_unchanged_alone_and_closes_what_left(
    org: Org, feeds: Feeds, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    url = feeds.json(
        f"/{org.id}/jobs.json",
        [posting("A-1", "Field Coordinator"), posting("A-2", "Nurse"), posting("A-3", "Driver")],
    )
    source = await org.source(url)
    first = await org.run(source)
    assert first["status"] == "SUCCEEDED", first
    assert first["trigger"] == "MANUAL"
    assert _counts(first) == (3, 3, 0, 0, 0, 0, 0)
    jobs = {job.external_reference: job for job in await _jobs(committed_sessions, org.id)}
    assert set(jobs) == {"A-1", "A-2", "A-3"}
    nurse = jobs["A-2"]
    # through the ATS API's path: the wizard's sanitizing, the vocabulary, the slot saga
    assert nurse.state == "awaiting_slot"
    assert nurse.description == "<p>Nurse: coordinate <strong>field</strong> teams.</p>"
    assert nurse.employment_type_tids == [3000]
    assert nurse.application_workflow == "link"
    assert nurse.owner_id == org.recruiter
    assert nurse.content_fingerprint is not None
    assert await _events(committed_sessions, nurse.id) == [
        "jobs.job.created",
        "jobs.job.submitted",
        "jobs.job.publish_requested",
    ]
    # the second run: one job changed, one left the feed, one as it was (no event for it)
    feeds.json(
        f"/{org.id}/jobs.json",
        [posting("A-1", "Field Coordinator"), posting("A-2", "Senior Nurse")],
    )
    second = await org.run(source)
    assert _counts(second) == (2, 0, 1, 1, 0, 0, 1), second
    after = {job.external_reference: job for job in await _jobs(committed_sessions, org.id)}
    assert after["A-2"].title == "Senior Nurse"
    assert after["A-2"].version == nurse.version + 1
    assert after["A-1"].version == jobs["A-1"].version
    assert await _events(committed_sessions, after["A-1"].id) == [
        "jobs.job.created",
        "jobs.job.submitted",
        "jobs.job.publish_requested",
    ]
    assert after["A-3"].state == "archived"
    assert (await _events(committed_sessions, after["A-3"].id))[-2:] == [
        "jobs.job.publish_withdrawn",
        "jobs.job.archived",
    ]
    listed = (await org.client.data(SOURCES, o=str(org.id)))["feedSources"]
    assert listed[0]["lastRun"]["id"] == second["id"]
    assert listed[0]["lastRunAt"] is not None
    runs = (await org.client.data(RUNS, s=source))["feedRuns"]
    assert [run["id"] for run in runs] == [second["id"], first["id"]]


async def test_an_xml_feeds_refused_jobs_are_reported_with_the_wizards_reasons(
    org: Org, feeds: Feeds, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    url = feeds.xml(
        f"/{org.id}/jobs.xml",
        xml_job("X-1", "Teacher", jobtype="parttime", salary="$20 an hour")
        + xml_job("X-2", "Cook", country="Atlantis")
        + xml_job(None, "Gardener")
        + xml_job("X-4", "Clerk", description="")
        + xml_job("X-1", "Teacher again"),
    )
    source = await org.source(url, format="XML")
    run = await org.run(source)
    assert run["status"] == "SUCCEEDED"
    assert _counts(run) == (5, 1, 0, 0, 0, 4, 0)
    issues = {issue["position"]: issue for issue in run["issues"]}
    assert issues[2]["reference"] == "X-2"
    assert issues[2]["outcome"] == "REJECTED"
    assert issues[2]["errors"][0]["field"] == "locations.0.address.countryCode"
    assert issues[2]["errors"][0]["message"].startswith(
        "\u201cAtlantis\u201d is not a country code: give the country as its two-letter"
    )
    assert "referencenumber" in issues[3]["errors"][0]["message"]
    assert issues[4]["errors"] == [
        {"field": "description", "code": "REQUIRED", "message": "Describe the job first."}
    ]
    assert issues[5]["errors"][0]["message"] == "This reference is already in the feed."
    (teacher,) = await _jobs(committed_sessions, org.id)
    assert teacher.employment_type_tids == [3001]
    assert teacher.salary_range_free == "$20 an hour"


async def test_a_remote_job_without_a_place_in_the_applicants_country_is_refused(
    org: Org, feeds: Feeds
) -> None:
    """Google's required JobPosting rules refuse an imported job as they refuse the wizard's,
    with the same words; the feed's other jobs are imported."""
    url = feeds.json(
        f"/{org.id}/remote.json",
        [
            posting("F-1", "Office Coordinator"),
            posting(
                "F-2",
                "Remote Coordinator",
                jobLocation=None,
                jobLocationType="TELECOMMUTE",
                applicantLocationRequirements={"@type": "Country", "name": "US"},
            ),
        ],
    )
    run = await org.run(await org.source(url))
    assert _counts(run) == (2, 1, 0, 0, 0, 1, 0), run
    (issue,) = run["issues"]
    assert (issue["reference"], issue["outcome"]) == ("F-2", "REJECTED")
    assert issue["errors"] == [
        {
            "field": "locations",
            "code": "REQUIRED",
            "message": next(
                rule.message for rule in RULES if rule.property == "applicantLocationRequirements"
            ),
        }
    ]


async def test_the_same_job_from_two_feeds_and_by_hand_is_listed_once(
    org: Org,
    feeds: Feeds,
    settings: JobsSettings,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    # by hand, through the wizard's use cases (its fingerprint is kept on each save)
    recruiter = Principal(user_id=str(org.recruiter), roles=frozenset({"recruiter"}))
    made = await creation.create_job(
        sessions=committed_sessions,
        settings=settings,
        principal=recruiter,
        organization_id=org.id,
        title="Water Engineer",
    )
    assert not isinstance(made, JobErrors)
    description = "<p>Water Engineer:   coordinate <em>field</em> teams.</p>"
    boston = {"address": {"country_code": "us", "locality": "BOSTON"}}
    for group, data in (
        ("job_info", {"description": description}),
        ("job_location", {"locations": [boston]}),
    ):
        saved = await editing.update_group(
            sessions=committed_sessions,
            settings=settings,
            principal=recruiter,
            job_id=made.id,
            group=group,
            data=data,
        )
        assert not isinstance(saved, JobErrors), saved
    json_url = feeds.json(
        f"/{org.id}/a.json",
        [posting("A-1", "Water Engineer"), posting("A-2", "Logistics Officer")],
    )
    xml_url = feeds.xml(
        f"/{org.id}/b.xml",
        xml_job("B-7", "Logistics Officer") + xml_job("A-2", "Logistics Officer"),
    )
    first = await org.source(json_url)
    second = await org.source(xml_url, format="XML", name="Aggregator export")
    ran = await org.run(first)
    assert _counts(ran) == (2, 1, 0, 0, 1, 0, 0), ran  # A-1 is the hand-made job
    ran = await org.run(second)
    # B-7 has the content of A-2's job; A-2 is that job's reference: taken, and updated to
    # what this feed says of it (its markup, its application link)
    assert _counts(ran) == (2, 0, 1, 0, 1, 0, 0), ran
    jobs = await _jobs(committed_sessions, org.id)
    assert [job.title for job in jobs] == ["Water Engineer", "Logistics Officer"]
    async with committed_sessions() as session:
        items = (
            await session.execute(
                select(FeedItem.reference, FeedItem.role, FeedItem.job_id)
                .order_by(FeedItem.reference)
                .where(FeedItem.job_id.in_([job.id for job in jobs]))
            )
        ).all()
    roles = {(reference, role) for reference, role, _ in items}
    assert roles == {("A-1", "duplicate"), ("A-2", "created"), ("A-2", "reference"),
                     ("B-7", "duplicate")}  # fmt: skip
    # the first feed drops A-2: the other still lists it, so it stays open
    feeds.json(f"/{org.id}/a.json", [posting("A-1", "Water Engineer")])
    ran = await org.run(first)
    assert ran["closed"] == 0
    # the second drops it too: now it is closed; the hand-made job stays as its maker keeps it
    feeds.xml(f"/{org.id}/b.xml", "")
    ran = await org.run(second)
    assert ran["closed"] == 1
    hand, imported = await _jobs(committed_sessions, org.id)
    assert imported.state == "archived"
    assert hand.state == "draft"
    assert hand.description == "<p>Water Engineer:   coordinate <em>field</em> teams.</p>"
    # the first feed's A-1 changes: no longer the hand-made job's duplicate, a job of its own
    feeds.json(f"/{org.id}/a.json", [posting("A-1", "Water Engineer", description="<p>New</p>")])
    ran = await org.run(first)
    assert _counts(ran) == (1, 1, 0, 0, 0, 0, 0), ran
    jobs = await _jobs(committed_sessions, org.id)
    assert [(job.title, job.external_reference) for job in jobs] == [
        ("Water Engineer", None),
        ("Logistics Officer", "A-2"),
        ("Water Engineer", "A-1"),
    ]


async def test_addresses_intervals_and_feeds_that_cannot_be_read(
    org: Org,
    feeds: Feeds,
    settings: JobsSettings,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    bad = (
        await org.client.data(
            CREATE, o=str(org.id), n=" ", u="ftp://feeds.example/jobs.xml", f="XML", i=5
        )
    )["createFeedSource"]
    assert {error["field"]: error["message"] for error in bad["errors"]} == {
        "name": "Give the feed a name.",
        "url": "Enter a full address starting with https://.",
        "intervalMinutes": "A feed is fetched at most every 15 minutes.",
    }
    # outside development: private and local addresses are refused, when saved and when fetched
    strict = settings.model_copy(update={"feeds_allow_private_targets": False})
    private = await feed_sources.create_source(
        sessions=committed_sessions,
        settings=strict,
        principal=Principal(user_id=str(org.recruiter), roles=frozenset({"recruiter"})),
        organization_id=org.id,
        name="Intranet",
        url=f"{feeds.base.replace('http://', 'https://')}/jobs.xml",
        format="xml",
    )
    assert isinstance(private, JobErrors)
    assert private.errors[0].message == (
        "Feeds are fetched from public addresses only, not from private or local networks."
    )
    source = await org.source(feeds.json(f"/{org.id}/big.json", [posting("BIG-1")]))

    async def run_with(settings: JobsSettings) -> FeedRun:
        fetcher = FeedFetcher(settings)
        try:
            run = await feed_runs.run_source(
                sessions=committed_sessions,
                settings=settings,
                source_id=uuid.UUID(source),
                fetch=fetcher.fetch,
                trigger="manual",
            )
        finally:
            await fetcher.close()
        assert isinstance(run, FeedRun)
        assert run.status == "failed"
        return run

    assert (await run_with(strict)).error == "Feeds are fetched over https only."
    # too large (followed through a redirect): refused whole, nothing imported
    async with committed_sessions() as session, session.begin():
        await session.execute(
            update(FeedSource)
            .where(FeedSource.id == uuid.UUID(source))
            .values(url=f"{feeds.base}/moved/{org.id}/big.json")
        )
    small = settings.model_copy(update={"feed_max_bytes": 200})
    assert (await run_with(small)).error == "The feed is larger than 200 bytes."
    # not a feed at all, and not there
    feeds.put(f"/{org.id}/page.json", "<html>Sorry</html>", "text/html")
    await org.client.data(UPDATE, id=source, n="Renamed")
    async with committed_sessions() as session, session.begin():
        await session.execute(
            update(FeedSource)
            .where(FeedSource.id == uuid.UUID(source))
            .values(url=f"{feeds.base}/{org.id}/page.json")
        )
    unreadable = await org.run(source)
    assert unreadable["status"] == "FAILED"
    assert unreadable["error"] == "The feed is not valid JSON."
    async with committed_sessions() as session, session.begin():
        await session.execute(
            update(FeedSource)
            .where(FeedSource.id == uuid.UUID(source))
            .values(url=f"{feeds.base}/{org.id}/missing.json")
        )
    missing = await org.run(source)
    assert missing["error"] == "The feed's address answered 404."
    assert await _jobs(committed_sessions, org.id) == []


async def test_the_importer_runs_a_due_source_once_with_two_replicas(
    org: Org,
    feeds: Feeds,
    settings: JobsSettings,
    service_engine: AsyncEngine,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    quick = settings.model_copy(update={"feed_check_interval_seconds": 0.2})
    source = await org.source(feeds.json(f"/{org.id}/due.json", [posting("D-1")]))
    importers = [
        FeedImporter(sessions=committed_sessions, engine=service_engine, settings=quick)
        for _ in range(2)
    ]
    tasks = [asyncio.create_task(importer.run_forever()) for importer in importers]
    try:
        async with asyncio.timeout(30):
            while True:
                async with committed_sessions() as session:
                    runs = await session.scalar(
                        select(func.count())
                        .select_from(FeedRun)
                        .where(FeedRun.source_id == uuid.UUID(source), FeedRun.status != "running")
                    )
                if runs:
                    break
                await asyncio.sleep(0.1)
        await asyncio.sleep(1.0)  # both replicas look again meanwhile
        assert sum(importer.is_leader for importer in importers) == 1
    finally:
        for task in tasks:
            task.cancel()
        results = await asyncio.gather(*tasks, return_exceptions=True)
    assert all(isinstance(result, asyncio.CancelledError) for result in results)
    async with committed_sessions() as session:
        runs = list(
            await session.scalars(select(FeedRun).where(FeedRun.source_id == uuid.UUID(source)))
        )
        source_row = await session.get(FeedSource, uuid.UUID(source))
    assert len(runs) == 1
    assert runs[0].trigger == "schedule"
    assert runs[0].created == 1
    assert source_row is not None
    assert source_row.next_run_at > runs[0].started_at


async def test_only_the_organizations_recruiters_and_administrators_manage_its_feeds(
    org: Org, feeds: Feeds, tokens: TokenIssuer
) -> None:
    source = await org.source(feeds.json(f"/{org.id}/own.json", []))
    outsider = org.client.as_user(tokens.token(uuid.uuid4(), ["recruiter"]))
    assert (await outsider.data(SOURCES, o=str(org.id)))["feedSources"] == []
    assert (await outsider.data(RUNS, s=source))["feedRuns"] == []
    for operation, variables in (
        (CREATE, {"o": str(org.id), "n": "Mine", "u": f"{feeds.base}/x.json", "f": "JSON"}),
        (UPDATE, {"id": source, "e": False}),
        (RUN, {"id": source}),
        (DELETE, {"id": source}),
    ):
        answer = next(iter((await outsider.data(operation, **variables)).values()))
        assert answer["errors"][0]["code"] == "FORBIDDEN", answer
    applicant = org.client.as_user(tokens.token(uuid.uuid4(), ["applicant"]))
    assert (await applicant.execute(SOURCES, o=str(org.id)))["errors"][0]["extensions"][
        "code"
    ] == "FORBIDDEN"
    # an administrator who is not a member manages them too
    admin = org.client.as_user(tokens.token(uuid.uuid4(), ["administrator"]))
    assert len((await admin.data(SOURCES, o=str(org.id)))["feedSources"]) == 1
    disabled = (await admin.data(UPDATE, id=source, e=False, i=30))["updateFeedSource"]
    assert disabled["source"]["enabled"] is False
    assert disabled["source"]["intervalMinutes"] == 30
    assert disabled["source"]["nextRunAt"] is None
    ran = (await admin.data(RUN, id=source))["runFeedSource"]
    assert ran["run"]["status"] == "SUCCEEDED"  # a disabled feed runs when asked
    deleted = (await org.client.data(DELETE, id=source))["deleteFeedSource"]
    assert deleted["id"] == source
    assert (await org.client.data(SOURCES, o=str(org.id)))["feedSources"] == []


async def test_a_job_refused_for_want_of_slots_is_reported_and_asked_for_again(
    org: Org,
    feeds: Feeds,
    settings: JobsSettings,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    source = await org.source(feeds.json(f"/{org.id}/slots.json", [posting("S-1", "Cook")]))
    assert (await org.run(source))["created"] == 1
    (cook,) = await _jobs(committed_sessions, org.id)
    denied = SlotDenied(job_id=str(cook.id), organization_number=1, reason="no_slots_left")
    async with committed_sessions() as session, session.begin():
        await apply_slot_denied(session, settings, denied)
    again = await org.run(source)
    assert _counts(again) == (1, 0, 1, 0, 0, 0, 0)
    (issue,) = again["issues"]
    assert issue["outcome"] == "NOT_PUBLISHED"
    assert issue["errors"][0]["message"] == (
        f"{NO_SLOTS_LEFT_MESSAGE} The publication was asked for again."
    )
    (cook,) = await _jobs(committed_sessions, org.id)
    assert cook.state == "awaiting_slot"


@pytest.mark.parametrize(
    ("file", "format", "rejected"),
    [("open-meadow.json", "JSON", "OMHA-FEED-103"), ("riverbend.xml", "XML", None)],
)
async def test_the_demo_feeds_import_two_jobs_and_refuse_one(
    org: Org, served: str, file: str, format: str, rejected: str | None
) -> None:
    """scripts/seed.py's sources, served by the jobs service itself when demo_feeds_dir is set."""
    source = await org.source(f"{served}/feeds/demo/{file}", format=format)
    run = await org.run(source)
    assert _counts(run) == (3, 2, 0, 0, 0, 1, 0), run
    assert run["issues"][0]["reference"] == rejected


@pytest.mark.parametrize("savepoints", [False, True], ids=["new-jobs-together", "savepoints"])
async def test_a_feeds_jobs_cost_a_few_statements_each_whatever_the_feeds_size(
    org: Org,
    feeds: Feeds,
    settings: JobsSettings,
    committed_sessions: async_sessionmaker[AsyncSession],
    statements: Callable[[], AbstractContextManager[StatementLog]],
    savepoints: bool,
) -> None:
    """Up to a hundred jobs in a transaction: the terms, slugs, items and events of a chunk
    read and written once (ADR 0042), and its new jobs checked first and then written together
    (ADR 0062), so a feed of 24 new jobs costs the statements of a feed of 4; with every job in
    a savepoint (before, and after a conflict) a job costs the same few statements (9) in a
    feed of 4 as in a feed of 24."""
    tag = uuid.uuid4().hex[:6]
    titles = ["Field Coordinator", "Program Officer", "Driver"]
    logs = []
    for size in (4, 24):
        postings = [
            # one description each: the same content twice would be a duplicate
            posting(
                f"{tag}-{size}-{n}",
                f"{titles[n % 3]} {tag}",
                description=f"<p>Coordinate field team {size}-{n}.</p>",
            )
            for n in range(size)
        ]
        source_id = await org.source(feeds.json(f"/chunks-{tag}-{size}.json", postings))

        async def fetch(url: str, body: bytes = json.dumps(postings).encode()) -> bytes:
            return body

        with statements() as log:
            run = await feed_runs.run_source(
                sessions=committed_sessions,
                settings=settings,
                source_id=uuid.UUID(source_id),
                fetch=fetch,
                trigger="manual",
                savepoints=savepoints,
            )
        assert isinstance(run, FeedRun)
        assert (run.status, run.created, run.rejected) == ("succeeded", size, 0), run.issues
        assert _count(log, "INSERT INTO outbox") == 1
        if not savepoints:
            # no savepoint; the jobs, their slugs and the feed's items one INSERT each
            assert _count(log, "SAVEPOINT") == 0
            assert _count(log, "INSERT INTO jobs") == 1
            assert _count(log, "INSERT INTO job_slugs") == 1
            assert _count(log, "INSERT INTO feed_items") == 1
        logs.append(log)
    small, large = logs
    if savepoints:
        assert large.count - small.count <= 10 * (24 - 4), (small.count, large.count)
    else:
        assert large.count == small.count, (small.statements, large.statements)


def _count(log: StatementLog, start: str) -> int:
    return sum(1 for statement in log.statements if statement.lstrip().startswith(start))


@pytest.mark.parametrize("savepoints", [False, True], ids=["new-jobs-together", "savepoints"])
async def test_a_chunk_written_together_reports_what_job_by_job_reports(
    org: Org,
    feeds: Feeds,
    settings: JobsSettings,
    committed_sessions: async_sessionmaker[AsyncSession],
    savepoints: bool,
) -> None:
    """The same feed's runs, a chunk's new jobs written together or every job in a savepoint,
    make the same reports and jobs: a refused new job among accepted ones, the same content
    twice in one chunk (the second a duplicate of the job the first just made), then a run
    that updates, leaves alone, closes, and turns a duplicate whose content changed into a job
    of its own while a refused update rolls back alone."""
    tag = uuid.uuid4().hex[:6]
    source = await org.source(feeds.json(f"/together-{tag}.json", []))
    remote = {
        "jobLocation": None,
        "jobLocationType": "TELECOMMUTE",
        "applicantLocationRequirements": {"@type": "Country", "name": "US"},
    }
    first = [
        posting(f"{tag}-1", "Field Coordinator"),
        posting(f"{tag}-2", "Nurse"),
        posting(f"{tag}-3", "Remote Coordinator", **remote),
        posting(f"{tag}-4", "Nurse"),  # the content of -2: a duplicate of the job -2 made
        posting(f"{tag}-5", "Driver"),
    ]
    second = [
        posting(f"{tag}-1", "Field Coordinator"),  # unchanged
        posting(f"{tag}-2", "Senior Nurse"),  # updated: -4 no longer its duplicate
        posting(f"{tag}-4", "Nurse"),  # a job of its own now
        posting(f"{tag}-5", "Driver", **remote),  # refused: rolls back alone
        posting(f"{tag}-6", "Cook"),  # new
        # -3 was never made; nothing of it to close
    ]
    runs = []
    for feed in (first, second):

        async def fetch(url: str, body: bytes = json.dumps(feed).encode()) -> bytes:
            return body

        run = await feed_runs.run_source(
            sessions=committed_sessions,
            settings=settings,
            source_id=uuid.UUID(source),
            fetch=fetch,
            trigger="manual",
            savepoints=savepoints,
        )
        assert isinstance(run, FeedRun)
        assert run.status == "succeeded", run.error
        runs.append(run)
    one, two = runs
    counts = ("items", "created", "updated", "unchanged", "duplicate", "rejected", "closed")
    assert tuple(getattr(one, key) for key in counts) == (5, 3, 0, 0, 1, 1, 0)
    assert [(issue["reference"], issue["outcome"]) for issue in one.issues] == [
        (f"{tag}-3", "rejected")
    ]
    assert tuple(getattr(two, key) for key in counts) == (5, 2, 1, 1, 0, 1, 0)
    assert [(issue["reference"], issue["outcome"]) for issue in two.issues] == [
        (f"{tag}-5", "rejected")
    ]
    jobs = await _jobs(committed_sessions, org.id)
    assert sorted((job.external_reference, job.title, job.state) for job in jobs) == [
        (f"{tag}-1", "Field Coordinator", "awaiting_slot"),
        (f"{tag}-2", "Senior Nurse", "awaiting_slot"),
        (f"{tag}-4", "Nurse", "awaiting_slot"),
        (f"{tag}-5", "Driver", "awaiting_slot"),
        (f"{tag}-6", "Cook", "awaiting_slot"),
    ]
    async with committed_sessions() as session:
        items = dict(
            (
                await session.execute(
                    select(FeedItem.reference, FeedItem.role).where(
                        FeedItem.source_id == uuid.UUID(source)
                    )
                )
            ).all()
        )
    assert items == {
        f"{tag}-1": "created",
        f"{tag}-2": "created",
        f"{tag}-4": "created",
        f"{tag}-5": "created",
        f"{tag}-6": "created",
    }
    for job in jobs:
        assert job.content_fingerprint == fingerprint_of(job)


async def test_a_reference_saved_meanwhile_puts_the_chunk_again_job_by_job(
    org: Org,
    feeds: Feeds,
    settings: JobsSettings,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    """A chunk's new jobs are written together: when the ATS API saves a job with one of their
    references at the same moment, the chunk's writes break the reference's constraint and the
    chunk is put again, each job in its own savepoint: the other job is created as ever (its
    events once), and the contested one takes the other request's job by its reference."""
    tag = uuid.uuid4().hex[:6]
    source = await org.source(feeds.json(f"/meanwhile-{tag}.json", []))
    feed = [posting(f"{tag}-free", "Harbour Mate"), posting(f"{tag}-contested", "Harbour Oiler")]

    async def fetch(url: str, body: bytes = json.dumps(feed).encode()) -> bytes:
        return body

    async with committed_sessions() as session:
        known = await session.get(KnownOrganization, org.id)
    assert known is not None
    other = factories.job(known, external_reference=f"{tag}-contested", title="Harbour Oiler")
    async with committed_sessions() as meanwhile, meanwhile.begin():
        meanwhile.add(other)
        await meanwhile.flush()  # its row is written, not committed: the chunk waits for it
        run = asyncio.create_task(
            feed_runs.run_source(
                sessions=committed_sessions,
                settings=settings,
                source_id=uuid.UUID(source),
                fetch=fetch,
                trigger="manual",
            )
        )
        await _waiting_on_a_lock(committed_sessions)
    ran = await run
    assert isinstance(ran, FeedRun)
    assert (ran.status, ran.created, ran.updated, ran.rejected) == ("succeeded", 1, 1, 0), (
        ran.issues
    )
    jobs = {job.external_reference: job for job in await _jobs(committed_sessions, org.id)}
    assert set(jobs) == {f"{tag}-free", f"{tag}-contested"}
    assert jobs[f"{tag}-contested"].id == other.id
    # written once: the first try's were rolled back with it
    assert await _events(committed_sessions, jobs[f"{tag}-free"].id) == [
        "jobs.job.created",
        "jobs.job.submitted",
        "jobs.job.publish_requested",
    ]
    async with committed_sessions() as session:
        role = await session.scalar(
            select(FeedItem.role).where(
                FeedItem.source_id == uuid.UUID(source), FeedItem.reference == f"{tag}-contested"
            )
        )
    assert role == "reference"
