"""The ATS API (ADR 0039) against the served app and a real database: keys made and revoked
through GraphQL, jobs put by the organization's reference with the wizard's checks, one event
per write, Idempotency-Key replays, batches with per-item errors, scopes, rate limits, the
applications half, and the OpenAPI 3.1 description."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from jobkit.events import EventEnvelope
from jobkit.memberships import apply_member_removed
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.server import serve
from jobkit.testing.service import persist
from jobkit.testing.tokens import TokenIssuer
from jobkit.uploads.storage import storage_from_settings
from jobs.db import members, outbox, uploads
from jobs.domain.models import ApplicationAttachment, Job
from jobs.domain.structured_data import RULES
from jobs.main import create_app
from jobs.settings import JobsSettings
from sqlalchemy import func, insert, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.jobs.tests.factories import add_member, organization, seed_terms
from services.jobs.tests.factories import application as new_application

pytestmark = pytest.mark.integration

KEYS = """query($o: ID!) { apiKeys(organizationId: $o) {
  id name prefix scopes createdByEmail lastUsedAt revokedAt } }"""
CREATE_KEY = """mutation($o: ID!, $n: String!, $s: [ApiKeyScope!]!) {
  createApiKey(organizationId: $o, name: $n, scopes: $s) {
    __typename
    ... on ApiKeyCreated { secret key { id name prefix scopes } }
    ... on JobErrors { errors { field code message } } } }"""
REVOKE_KEY = """mutation($id: ID!) { revokeApiKey(id: $id) {
  __typename ... on ApiKeySaved { key { id revokedAt } }
  ... on JobErrors { errors { code message } } } }"""
DELETE_KEY = """mutation($id: ID!) { deleteApiKey(id: $id) {
  __typename ... on JobErrors { errors { code message } } } }"""
LIMIT = 40  # requests per key and window in these tests


@pytest.fixture(scope="module")
async def served(service_settings: JobsSettings, service_engine: Any) -> AsyncIterator[str]:
    from jobkit.db import make_sessionmaker

    await seed_terms(make_sessionmaker(service_engine))
    settings = service_settings.model_copy(
        update={"ats_limit_per_key": LIMIT, "ats_limit_window_seconds": 3600}
    )
    async with serve(create_app(settings)) as url:
        yield url


class Organization:
    def __init__(self, org_id: str, recruiter: uuid.UUID, client: GraphQLClient) -> None:
        self.id, self.recruiter, self.client = org_id, recruiter, client

    async def key(self, *scopes: str, name: str = "Our ATS") -> str:
        made = (
            await self.client.data(
                CREATE_KEY, o=self.id, n=name, s=list(scopes or ("JOBS", "APPLICATIONS"))
            )
        )["createApiKey"]
        assert made["__typename"] == "ApiKeyCreated", made
        secret = str(made["secret"])
        assert secret.startswith("jbk_")
        assert made["key"]["prefix"] == secret[:10]
        return secret


@pytest.fixture
async def org(
    served: str, tokens: TokenIssuer, committed_sessions: async_sessionmaker[AsyncSession]
) -> Organization:
    known = organization()
    recruiter = uuid.uuid4()
    await persist(committed_sessions, known)
    await add_member(committed_sessions, known, recruiter)
    token = tokens.token(recruiter, ["recruiter"], email=f"{recruiter.hex[:8]}@ngo.example")
    return Organization(str(known.id), recruiter, GraphQLClient(f"{served}/graphql", token=token))


def api(served: str, secret: str | None) -> httpx.AsyncClient:
    headers = {"Authorization": f"Bearer {secret}"} if secret else {}
    return httpx.AsyncClient(base_url=f"{served}/ats/v1", headers=headers, timeout=60)


def posting(title: str = "Field Coordinator", **overrides: Any) -> dict[str, Any]:
    """A complete job as an ATS sends it."""
    return {
        "title": title,
        "description": "<p>Coordinate <strong>field</strong> teams.</p><script>x()</script>",
        "locations": [{"address": {"country_code": "US", "locality": "Boston"}}],
        "remote_option_tids": [3300],
        "employment_type_tids": [3000],
        "occupational_field_tids": [4100],
        "salary_range": {"min_salary": 50000, "max_salary": 60000, "currency_code": "usd"},
        "application_workflow": "on_site",
        **overrides,
    }


async def _events(sessions: async_sessionmaker[AsyncSession], job_id: str) -> list[str]:
    async with sessions() as session:
        rows = await session.scalars(
            select(outbox.c.event_type).where(outbox.c.key == job_id).order_by(outbox.c.id)
        )
        return list(rows)


async def test_a_job_is_created_then_replaced_by_its_reference_with_the_wizards_checks(
    served: str, org: Organization, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    secret = await org.key("JOBS")
    async with api(served, secret) as client:
        created = await client.put("/jobs/REQ-1001", json=posting())
        assert created.status_code == 201, created.text
        job = created.json()
        assert job["external_reference"] == "REQ-1001"
        assert job["state"] == "DRAFT"
        assert job["description"] == "<p>Coordinate <strong>field</strong> teams.</p>"
        assert job["salary_range"]["currency_code"] == "USD"
        assert job["locations"] == [
            {
                "address": {
                    "country_code": "US",
                    "locality": "Boston",
                    "address_line1": None,
                    "address_line2": None,
                    "administrative_area": None,
                    "zip": None,
                }
            }
        ]
        # one write, one event; the same reference (a stray space too) is the same job
        assert await _events(committed_sessions, job["id"]) == ["jobs.job.created"]
        replaced = await client.put(
            "/jobs/REQ-1001%20", json=posting("Senior Field Coordinator", employment_type_tids=[])
        )
        assert replaced.status_code == 200, replaced.text
        assert replaced.json()["id"] == job["id"]
        assert replaced.json()["title"] == "Senior Field Coordinator"
        assert replaced.json()["employment_type_tids"] == []
        assert await _events(committed_sessions, job["id"]) == [
            "jobs.job.created",
            "jobs.job.updated",
        ]
        read = await client.get("/jobs/REQ-1001")
        assert read.status_code == 200
        assert read.json()["version"] == 2
        # the content it already has: nothing written, no event
        same = posting("Senior Field Coordinator", employment_type_tids=[])
        assert (await client.put("/jobs/REQ-1001", json=same)).json()["version"] == 2
        assert len(await _events(committed_sessions, job["id"])) == 2
        # the wizard's rules, with the fields named as the groups name them; nothing saved
        refused = await client.put(
            "/jobs/REQ-1002",
            json=posting(
                remote_option_tids=[999999],
                salary_range={"min_salary": 9, "max_salary": 1, "currency_code": "EUR"},
                application_workflow="email",
            ),
        )
        assert refused.status_code == 422
        assert refused.headers["content-type"] == "application/problem+json"
        fields = {error["field"]: error["code"] for error in refused.json()["errors"]}
        assert fields == {
            "remote_option_tids": "UNKNOWN_TERM",
            "salary_range.min_salary": "OUT_OF_RANGE",
            "application_emails": "REQUIRED",
        }
        shape = await client.put("/jobs/REQ-1002", json={"title": "", "colour": "blue"})
        assert shape.status_code == 422
        assert {error["field"] for error in shape.json()["errors"]} == {"title", "colour"}
        assert (await client.get("/jobs/REQ-1002")).status_code == 404
        listed = (await client.get("/jobs", params={"state": "DRAFT"})).json()
        assert [item["external_reference"] for item in listed["jobs"]] == ["REQ-1001"]


async def test_publish_asks_for_a_slot_and_close_archives(
    served: str, org: Organization, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    secret = await org.key("JOBS")
    async with api(served, secret) as client:
        incomplete = await client.put("/jobs/REQ-2", json={"title": "Nurse", "publish": True})
        assert incomplete.status_code == 422  # the wizard's checks before publication
        published = await client.put("/jobs/REQ-2", json=posting("Nurse", publish=True))
        assert published.status_code == 201, published.text
        job = published.json()
        assert job["state"] == "AWAITING_SLOT"  # billing answers on the bus
        assert await _events(committed_sessions, job["id"]) == [
            "jobs.job.created",
            "jobs.job.submitted",
            "jobs.job.publish_requested",
        ]
        closed = await client.post("/jobs/REQ-2/close")
        assert closed.status_code == 200
        assert closed.json()["state"] == "ARCHIVED"
        again = await client.post("/jobs/REQ-2/close")
        assert again.status_code == 200
        assert again.json()["state"] == "ARCHIVED"
        assert (await client.post("/jobs/NOPE/close")).status_code == 404


async def test_delete_removes_a_closed_job_for_good_and_refuses_an_open_one(
    served: str, org: Organization, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    secret = await org.key("JOBS")
    async with api(served, secret) as client:
        job = (await client.put("/jobs/DEL-1", json=posting("Nurse", publish=True))).json()
        conflict = await client.delete("/jobs/DEL-1")
        assert conflict.status_code == 409
        assert conflict.json()["errors"][0]["code"] == "INVALID_TRANSITION"
        assert (await client.post("/jobs/DEL-1/close")).status_code == 200
        key = {"Idempotency-Key": str(uuid.uuid4())}
        deleted = await client.delete("/jobs/DEL-1", headers=key)
        assert deleted.status_code == 200, deleted.text
        assert deleted.json() == {
            "id": job["id"],
            "external_reference": "DEL-1",
            "state": "DELETED",
        }
        replayed = await client.delete("/jobs/DEL-1", headers=key)
        assert (replayed.status_code, replayed.json()) == (200, deleted.json())
        assert (await client.get("/jobs/DEL-1")).status_code == 404
        assert (await client.delete("/jobs/DEL-1")).status_code == 404
        assert (await _events(committed_sessions, job["id"]))[-1] == "jobs.job.deleted"
        # the reference is free again: a new job
        again = await client.put("/jobs/DEL-1", json=posting("Nurse"))
        assert again.status_code == 201
        assert again.json()["id"] != job["id"]


async def test_an_idempotency_key_replays_the_first_answer_and_refuses_another_request(
    served: str, org: Organization, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    secret = await org.key("JOBS")
    key = {"Idempotency-Key": str(uuid.uuid4())}
    async with api(served, secret) as client:
        first = await client.put("/jobs/REQ-3", json=posting(), headers=key)
        second = await client.put("/jobs/REQ-3", json=posting(), headers=key)
        assert first.status_code == second.status_code == 201
        assert second.json() == first.json()
        assert second.headers["idempotent-replayed"] == "true"
        assert await _events(committed_sessions, first.json()["id"]) == ["jobs.job.created"]
        other = await client.put("/jobs/REQ-3", json=posting("Other"), headers=key)
        assert other.status_code == 422
        assert "another request" in other.json()["title"]


async def test_a_batch_saves_each_job_on_its_own_and_says_why_one_was_refused(
    served: str, org: Organization, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    secret = await org.key("JOBS")
    async with api(served, secret) as client:
        answer = await client.post(
            "/jobs:batch",
            json={
                "jobs": [
                    {"external_reference": "B-1", **posting("Driver")},
                    {"external_reference": "B-2", **posting("Cook", remote_option_tids=[1])},
                    {"external_reference": "B-1", **posting("Driver again")},
                    {**posting("No reference")},
                    {"external_reference": "B-3", **posting("Teacher")},
                ]
            },
        )
        assert answer.status_code == 200, answer.text
        body = answer.json()
        assert [r["status"] for r in body["results"]] == [
            "created",
            "refused",
            "refused",
            "refused",
            "created",
        ]
        assert (body["created"], body["updated"], body["refused"]) == (2, 0, 3)
        assert body["results"][1]["errors"][0]["field"] == "remote_option_tids"
        assert body["results"][2]["errors"][0]["message"] == (
            "This reference is already in the batch."
        )
        assert body["results"][3]["errors"][0]["field"] == "external_reference"
        # the saved jobs were written in one transaction (one commit for the batch), one
        # event each; the refused one left nothing behind
        made = [body["results"][i]["job"]["id"] for i in (0, 4)]
        async with committed_sessions() as session:
            written = (
                await session.execute(
                    select(outbox.c.key, outbox.c.event_type, outbox.c.created_at).where(
                        outbox.c.key.in_(made)
                    )
                )
            ).all()
            assert (
                await session.scalar(
                    select(func.count())
                    .select_from(Job)
                    .where(
                        Job.organization_id == uuid.UUID(org.id), Job.external_reference == "B-2"
                    )
                )
                == 0
            )
        assert sorted((row.key, row.event_type) for row in written) == sorted(
            (job_id, "jobs.job.created") for job_id in made
        )
        assert len({row.created_at for row in written}) == 1  # the transaction's own now()
        too_many = await client.post("/jobs:batch", json={"jobs": [{}] * 1001})
        assert too_many.status_code == 413
        # a batch retried with its Idempotency-Key is answered again, not applied again
        retry = {"Idempotency-Key": str(uuid.uuid4())}
        again = {"jobs": [{"external_reference": "B-4", **posting("Gardener")}]}
        first = await client.post("/jobs:batch", json=again, headers=retry)
        second = await client.post("/jobs:batch", json=again, headers=retry)
        assert first.json()["created"] == 1
        assert second.json() == first.json()
        assert second.headers["idempotent-replayed"] == "true"
        version = (await client.get("/jobs/B-4")).json()["version"]
        assert version == 1  # applied once


async def test_a_remote_job_without_an_applicant_country_is_refused_in_its_batch_item(
    served: str, org: Organization
) -> None:
    """Google's required JobPosting rules refuse the publication per item, with the wizard's
    words; the batch's other jobs are saved and published."""
    secret = await org.key("JOBS")
    remote = posting("Remote Analyst", locations=[], remote_option_tids=[3302], publish=True)
    async with api(served, secret) as client:
        answer = await client.post(
            "/jobs:batch",
            json={
                "jobs": [
                    {"external_reference": "R-1", **remote},
                    {"external_reference": "R-2", **posting("Office Analyst", publish=True)},
                ]
            },
        )
        assert answer.status_code == 200, answer.text
        refused, published = answer.json()["results"]
        assert refused["status"] == "refused"
        assert refused["errors"] == [
            {
                "field": "locations",
                "code": "REQUIRED",
                "message": next(
                    rule.message
                    for rule in RULES
                    if rule.property == "applicantLocationRequirements"
                ),
            }
        ]
        assert published["status"] == "created"
        assert published["job"]["state"] == "AWAITING_SLOT"
        # without asking for its publication, the remote job is saved as a draft
        draft = await client.put("/jobs/R-1", json={**remote, "publish": False})
        assert draft.status_code == 201, draft.text
        assert draft.json()["state"] == "DRAFT"
        one = await client.put("/jobs/R-1", json=remote)
        assert one.status_code == 422
        assert one.json()["errors"][0]["field"] == "locations"


async def test_keys_scopes_revocation_and_the_recruiter_leaving(
    served: str,
    org: Organization,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    async with api(served, None) as anonymous:
        missing = await anonymous.get("/jobs")
        assert missing.status_code == 401
        assert missing.headers["www-authenticate"] == "Bearer"
    async with api(served, "jbk_made-up") as forged:
        assert (await forged.get("/jobs")).status_code == 401
    jobs_only = await org.key("JOBS", name="Jobs only")
    async with api(served, jobs_only) as client:
        assert (await client.get("/jobs")).status_code == 200
        assert (await client.get("/applications")).status_code == 403
    listed = (await org.client.data(KEYS, o=org.id))["apiKeys"]
    assert listed[0]["name"] == "Jobs only"
    assert listed[0]["lastUsedAt"] is not None
    assert "secret" not in listed[0]
    # another organization's recruiter neither sees nor revokes the keys
    outsider = org.client.as_user(tokens.token(uuid.uuid4(), ["recruiter"]))
    assert (await outsider.data(KEYS, o=org.id))["apiKeys"] == []
    refused = (await outsider.data(REVOKE_KEY, id=listed[0]["id"]))["revokeApiKey"]
    assert refused["errors"][0]["code"] == "FORBIDDEN"
    made = (await outsider.data(CREATE_KEY, o=org.id, n="Mine", s=["JOBS"]))["createApiKey"]
    assert made["errors"][0]["code"] == "FORBIDDEN"
    revoked = (await org.client.data(REVOKE_KEY, id=listed[0]["id"]))["revokeApiKey"]
    assert revoked["key"]["revokedAt"] is not None
    async with api(served, jobs_only) as client:
        assert (await client.get("/jobs")).status_code == 401
    # a revoked key can leave the list; an active one must be revoked first
    active = await org.key("JOBS", name="Still active")
    listed = (await org.client.data(KEYS, o=org.id))["apiKeys"]
    by_name = {item["name"]: item["id"] for item in listed}
    kept = (await org.client.data(DELETE_KEY, id=by_name["Still active"]))["deleteApiKey"]
    assert kept["errors"][0]["code"] == "NOT_EDITABLE"
    gone = (await org.client.data(DELETE_KEY, id=by_name["Jobs only"]))["deleteApiKey"]
    assert gone["__typename"] == "ApiKeyDeleted"
    assert "Jobs only" not in {
        k["name"] for k in (await org.client.data(KEYS, o=org.id))["apiKeys"]
    }
    async with api(served, active) as client:
        assert (await client.get("/jobs")).status_code == 200
    # a key acts as its recruiter: when they leave the organization, it stops working
    other = await org.key("JOBS", name="Second")
    async with committed_sessions() as session, session.begin():
        await apply_member_removed(
            session, members, organization_id=org.id, user_id=str(org.recruiter)
        )
    async with api(served, other) as client:
        assert (await client.get("/jobs")).status_code == 401


async def test_each_key_has_a_request_budget(served: str, org: Organization) -> None:
    secret = await org.key("JOBS")
    async with api(served, secret) as client:
        statuses = [(await client.get("/jobs")).status_code for _ in range(LIMIT + 1)]
        assert statuses[:LIMIT] == [200] * LIMIT
        over = await client.get("/jobs")
        assert over.status_code == 429
        assert int(over.headers["retry-after"]) >= 1


async def test_applications_are_listed_and_moved_along_the_pipeline(
    served: str,
    org: Organization,
    committed_sessions: async_sessionmaker[AsyncSession],
    service_settings: JobsSettings,
) -> None:
    secret = await org.key("JOBS", "APPLICATIONS")
    async with api(served, secret) as client:
        job = (await client.put("/jobs/APP-1", json=posting())).json()
        application = new_application(uuid.UUID(job["id"]), uuid.UUID(org.id))
        await persist(committed_sessions, application)
        cv = await _attach(committed_sessions, service_settings, application.id, b"%PDF-1.4 Ada")
        page = (await client.get("/applications", params={"job": "APP-1"})).json()
        assert [a["email"] for a in page["applications"]] == ["ada@applicant.example"]
        assert page["applications"][0]["job_external_reference"] == "APP-1"
        (listed,) = page["applications"][0]["attachments"]
        assert (listed["id"], listed["kind"], listed["filename"]) == (str(cv), "CV", "ada cv.pdf")
        path = f"/applications/{application.id}/attachments/{cv}"
        assert listed["url"].endswith(f"/api/ats/v1{path}")
        download = await client.get(path)
        assert download.status_code == 200
        assert download.content == b"%PDF-1.4 Ada"
        assert download.headers["content-type"] == "application/pdf"
        assert "ada%20cv.pdf" in download.headers["content-disposition"]
        # another application's id with this file, or no key: nothing
        assert (
            await client.get(f"/applications/{uuid.uuid4()}/attachments/{cv}")
        ).status_code == 404
        async with api(served, None) as anonymous:
            assert (await anonymous.get(path)).status_code == 401
        jobs_only = await org.key("JOBS", name="Jobs only")
        async with api(served, jobs_only) as scoped:
            assert (await scoped.get(path)).status_code == 403
        moved = await client.post(
            f"/applications/{application.id}/status", json={"status": "shortlisted"}
        )
        assert moved.status_code == 200, moved.text
        assert moved.json()["status"] == "SHORTLISTED"
        wrong = await client.post(f"/applications/{application.id}/status", json={"status": "x"})
        assert wrong.status_code == 422
        assert (await client.get(f"/applications/{uuid.uuid4()}")).status_code == 404
    async with committed_sessions() as session:
        count = await session.scalar(
            select(func.count()).select_from(Job).where(Job.external_reference == "APP-1")
        )
    assert count == 1


async def _attach(
    sessions: async_sessionmaker[AsyncSession],
    settings: JobsSettings,
    application_id: uuid.UUID,
    data: bytes,
) -> uuid.UUID:
    """A CV of the application: its upload row and its original in storage."""
    upload_id = uuid.uuid4()
    key = f"{upload_id}/original.pdf"
    await storage_from_settings(settings).put(key, data, "application/pdf")
    async with sessions() as session, session.begin():
        await session.execute(
            insert(uploads).values(
                id=upload_id,
                owner_id="anonymous",
                kind="pdf",
                media_type="application/pdf",
                filename="ada cv.pdf",
                size=len(data),
                styles={"original": {"key": key, "media_type": "application/pdf"}},
                private=True,
                purpose="application_attachment",
            )
        )
        session.add(
            ApplicationAttachment(upload_id=upload_id, application_id=application_id, kind="cv")
        )
    return upload_id


async def test_the_api_is_described_by_openapi_3_1(served: str) -> None:
    async with httpx.AsyncClient(base_url=served) as client:
        document = (await client.get("/ats/v1/openapi.json")).json()
    assert document["openapi"] == "3.1.0"
    assert set(document["paths"]) == {
        "/ats/v1/jobs",
        "/ats/v1/jobs/{external_reference}",
        "/ats/v1/jobs/{external_reference}/close",
        "/ats/v1/jobs:batch",
        "/ats/v1/applications",
        "/ats/v1/applications/{application_id}",
        "/ats/v1/applications/{application_id}/attachments/{attachment_id}",
        "/ats/v1/applications/{application_id}/status",
    }
    job = document["components"]["schemas"]["AtsJob"]
    assert {"title", "description", "locations", "publish"} <= set(job["properties"])
    assert document["components"]["securitySchemes"]["apiKey"]["scheme"] == "bearer"


async def test_the_jobs_snapshot_carries_its_video_for_search(
    served: str, org: Organization, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    """Search's home-page row of video jobs reads the snapshot's video_url."""
    secret = await org.key("JOBS")
    video = "https://www.youtube.com/watch?v=dQw4w9WgXcQ"
    async with api(served, secret) as client:
        job = (await client.put("/jobs/VID-1", json=posting(video_url=video))).json()
    async with committed_sessions() as session:
        body = await session.scalar(
            select(outbox.c.body).where(
                outbox.c.key == job["id"], outbox.c.event_type == "jobs.job.created"
            )
        )
    assert body is not None
    assert EventEnvelope.model_validate_json(body).payload["video_url"] == video
