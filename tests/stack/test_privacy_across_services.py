"""Issue 26's acceptance over the running stack: a person's data in every service comes out in
their export (ADR 0038), and after their erasure (ADR 0036) nothing of them is left in any store
but what ADR 0036 keeps on purpose.

A new applicant with unique markers (address, first and last name, phone) gets data wherever the
API lets a person leave some: the registration consents (consent), a bookmark and an application
with a CV to a published demo job (jobs), a complete, findable resume with an imported CV and a
contact request of a demo organization (resumes, and its search index), a job alert (search), the
server-side analytics events and a cookie consent (analytics), an invitation, a contact person
entry and a contact message (organizations) and an organization's invoicing contact (billing).
They download their export and find each item in it; an administrator erases them; then every
table of every database, every Elasticsearch index, the upload and export storage on disk and
the Kafka topics kept forever are searched for the markers and the account's id. What may be
found is the explicit allow-list below, each with its reason. The same search before the erasure
must find the markers in each service's own tables, so a service that stopped erasing fails it.
"""

from __future__ import annotations

import asyncio
import dataclasses
import io
import json
import secrets
import uuid
import zipfile
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import httpx
import pytest
from aiokafka import AIOKafkaConsumer
from identity.settings import IdentitySettings
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.kafka import read_topic
from jobkit.topics import TOPICS
from search.settings import SearchSettings
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncConnection, create_async_engine

from tests.stack.test_gateway_reaches_every_subgraph import (
    GATEWAY_URL,
    IDENTITY_URL,
    SIGNED_UP,
    captcha_token,
    sign_up,
    token_for,
)
from tests.stack.test_organizations_through_gateway import _signed_in

pytestmark = pytest.mark.integration

T = TypeVar("T")

JOBS_URL = "http://127.0.0.1:8103"
RESUMES_URL = "http://127.0.0.1:8104"
ANALYTICS_URL = "http://127.0.0.1:8108"
MAIL_API = "http://127.0.0.1:8025/api/messages"
DEMO_ORGANIZATION = "green-harbor-foundation"
DEMO_RECRUITER = "recruiter@greenharbor.example"
DATABASES = (
    "identity",
    "organizations",
    "jobs",
    "resumes",
    "billing",
    "consent",
    "search",
    "analytics",
)
SERVICES = DATABASES
# the topics the broker keeps forever (jobkit.topics): everything else on the bus is gone after
# the broker's 7 days, out of scope by ADR 0036's consequences
FOREVER_TOPICS = tuple(name for name, topic in TOPICS.items() if topic.retention_ms == -1)
WAIT_SECONDS = 120.0

SETTINGS = IdentitySettings()


@dataclass(frozen=True)
class Person:
    email: str
    first: str
    last: str
    phone: str
    password: str
    user_id: str = ""

    def markers(self) -> dict[str, tuple[str, ...]]:
        """What is searched for, by kind: the phone by its digits after the country code (the
        way a store might space it out is not guessed), the id also without its dashes."""
        found = {
            "email": (self.email,),
            "first_name": (self.first,),
            "last_name": (self.last,),
            "phone": (self.phone.removeprefix("+49"),),
        }
        if self.user_id:
            found["user_id"] = (self.user_id, uuid.UUID(self.user_id).hex)
        return found


@dataclass(frozen=True)
class Finding:
    store: str  # postgres:<database>, elasticsearch, files, kafka
    where: str  # the table, index, storage folder or topic
    kind: str  # which marker
    detail: str  # the column, document, file or event type

    def __str__(self) -> str:
        return f"{self.store} {self.where} [{self.kind}] {self.detail}"


@dataclass(frozen=True)
class Allowed:
    store: str
    where: str
    kinds: frozenset[str]
    reason: str

    def covers(self, finding: Finding) -> bool:
        return (
            finding.store == self.store
            and finding.where == self.where
            and finding.kind in self.kinds
        )


USER_ID = frozenset({"user_id"})
ID_AND_ADDRESS = frozenset({"user_id", "email"})
# the outboxes whose sent events carry the person's address besides their id
EVENTS_WITH_THE_ADDRESS = {
    # identity.user.deleted (the erasers' request), identity.user.registration_consented,
    # identity.export.requested
    "identity",
    "organizations",  # organizations.member.invited
}

# What may still name the person after the erasure: (store, table or topic, marker kinds) and
# why. Anything else found fails the test.
ALLOWED: tuple[Allowed, ...] = (
    # ADR 0036: identity's erasure request and the erasers' confirmations are the proof that the
    # erasure happened (the id, the dates, the counts; the address goes once it completes)
    Allowed("postgres:identity", "erasure_requests", USER_ID, "ADR 0036: the erasure's proof"),
    Allowed("postgres:identity", "erasure_confirmations", USER_ID, "ADR 0036: each eraser's proof"),
    # ADR 0036 (amended): identity.session keeps ids 35 days, longer than a token lives, and is
    # keyed by user id (not scanned here: not kept forever). Every service's revocation read model
    # (jobkit.revocations: the ended sessions, the account's lowest session version) is built
    # from it, by user id: the deletion itself ends the sessions and outdates the tokens there.
    *(
        Allowed(f"postgres:{database}", table, USER_ID, "read model of identity.session")
        for database in DATABASES
        for table in ("revoked_sessions", "account_session_versions")
    ),
    # ADR 0036 (amended): resumes.resume is compacted; the resume's events name the applicant's
    # id as their actor until the tombstone the deletion published (checked below) lets the
    # broker's cleaner drop them, within a day (segment.ms, delete.retention.ms)
    Allowed("kafka", "resumes.resume", USER_ID, "ADR 0036: compacted away after the tombstone"),
    # ADR 0036: every service's outbox keeps its sent rows as long as the broker keeps the
    # events (outbox_keep_sent_seconds, 7 days; jobkit.outbox prunes them), so the bodies of
    # the events the person caused are there until then: their id (keys, actors, payloads, the
    # erasure and export confirmations keyed by it) in every service, their address in the
    # events listed in EVENTS_WITH_THE_ADDRESS. Names and phones are in no event: finding one
    # fails the test.
    *(
        Allowed(
            f"postgres:{database}",
            "outbox",
            ID_AND_ADDRESS if database in EVENTS_WITH_THE_ADDRESS else USER_ID,
            "ADR 0036: sent rows kept as long as the broker keeps the events",
        )
        for database in DATABASES
    ),
)


# ---------------------------------------------------------------------------------------------
# waiting


async def _until(
    probe: Callable[[], Awaitable[T | None]], what: str, seconds: float = WAIT_SECONDS
) -> T:
    deadline = asyncio.get_running_loop().time() + seconds
    while True:
        value = await probe()
        if value:
            return value
        assert asyncio.get_running_loop().time() < deadline, f"gave up waiting for {what}"
        await asyncio.sleep(0.5)


# ---------------------------------------------------------------------------------------------
# the stores


COLUMNS = text(
    "SELECT c.table_schema, c.table_name, c.column_name, c.data_type "
    "FROM information_schema.columns c JOIN information_schema.tables t "
    "ON t.table_schema = c.table_schema AND t.table_name = c.table_name "
    "WHERE t.table_type = 'BASE TABLE' "
    "AND c.table_schema NOT IN ('pg_catalog', 'information_schema')"
)


def _matches(value: Any, markers: dict[str, tuple[str, ...]]) -> list[str]:
    """The kinds of marker ``value`` (a string, or anything JSON-able) contains."""
    haystack = (value if isinstance(value, str) else json.dumps(value, default=str)).lower()
    return [
        kind
        for kind, wanted in markers.items()
        if any(marker.lower() in haystack for marker in wanted)
    ]


async def _scan_table(
    connection: AsyncConnection,
    database: str,
    table: tuple[str, str],
    binary: list[str],
    markers: dict[str, tuple[str, ...]],
) -> list[Finding]:
    """The table's rows that contain a marker, as text (bytea columns decoded too: the outbox's
    event bodies), and which column holds which marker."""
    schema, name = table
    decoded = {column: f"coalesce(encode(t.\"{column}\", 'escape'), '')" for column in binary}
    haystack = " || ' ' || ".join(["t::text", *decoded.values()])
    selected = ", ".join(
        ["to_jsonb(t) AS row", *(f'{expression} AS "{c}"' for c, expression in decoded.items())]
    )
    rows = (
        await connection.execute(
            text(
                f'SELECT {selected} FROM "{schema}"."{name}" t '
                f"WHERE ({haystack}) ILIKE ANY(:patterns)"
            ),
            {"patterns": [f"%{value}%" for values in markers.values() for value in values]},
        )
    ).mappings()
    findings = []
    for row in rows:
        values = {column: value for column, value in row["row"].items() if column not in binary}
        values |= {column: row[column] for column in binary}
        label = values.get("event_type") or ""  # the outbox's rows: which event
        for column, value in values.items():
            for kind in _matches(value, markers):
                findings.append(
                    Finding(f"postgres:{database}", name, kind, f"{column} {label}".strip())
                )
    return findings


async def _scan_postgres(markers: dict[str, tuple[str, ...]]) -> list[Finding]:
    """Every table of every service database."""
    findings: list[Finding] = []
    for database in DATABASES:
        engine = create_async_engine(SETTINGS.database_url_for(database))
        try:
            async with engine.connect() as connection:
                tables: dict[tuple[str, str], list[str]] = {}
                for schema, table, column, data_type in await connection.execute(COLUMNS):
                    binary = tables.setdefault((schema, table), [])
                    if data_type == "bytea":
                        binary.append(column)
                for table_name, binary in sorted(tables.items()):
                    findings += await _scan_table(connection, database, table_name, binary, markers)
        finally:
            await engine.dispose()
    return findings


async def _scan_elasticsearch(markers: dict[str, tuple[str, ...]]) -> list[Finding]:
    """Every document of every index (not only the indexed fields: the sources, read whole)."""
    findings: list[Finding] = []
    base = SearchSettings().elasticsearch_url.rstrip("/")
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        indices = (await client.get("/_cat/indices", params={"format": "json"})).json()
        for index in sorted(entry["index"] for entry in indices):
            if index.startswith("."):
                continue
            page = (
                await client.post(
                    f"/{index}/_search",
                    params={"scroll": "1m"},
                    json={"size": 1000, "query": {"match_all": {}}},
                )
            ).json()
            scroll_id = page.get("_scroll_id")
            try:
                while page["hits"]["hits"]:
                    for hit in page["hits"]["hits"]:
                        for kind in _matches(hit, markers):
                            findings.append(Finding("elasticsearch", index, kind, hit["_id"]))
                    page = (
                        await client.post(
                            "/_search/scroll", json={"scroll": "1m", "scroll_id": scroll_id}
                        )
                    ).json()
                    scroll_id = page.get("_scroll_id", scroll_id)
            finally:
                if scroll_id:
                    await client.request("DELETE", "/_search/scroll", json={"scroll_id": scroll_id})
    return findings


def _scan_files(markers: dict[str, tuple[str, ...]]) -> list[Finding]:
    """Every stored file of every service's upload folder and of the shared export storage
    (zip archives and parts opened: their entries are compressed)."""
    root = SETTINGS.upload_dir
    wanted = {
        kind: tuple(marker.lower().encode() for marker in values)
        for kind, values in markers.items()
    }
    findings: list[Finding] = []

    def search(data: bytes, where: str, detail: str) -> None:
        lowered = data.lower()
        for kind, needles in wanted.items():
            if any(needle in lowered for needle in needles):
                findings.append(Finding("files", where, kind, detail))

    for path in sorted(root.rglob("*")):
        if not path.is_file():
            continue
        relative = path.relative_to(root)
        where = relative.parts[0]
        try:
            data = path.read_bytes()
        except FileNotFoundError:  # a sweeper or an expiry removed it meanwhile
            continue
        search(data, where, str(relative))
        if data[:4] == b"PK\x03\x04":
            try:
                with zipfile.ZipFile(io.BytesIO(data)) as archive:
                    for name in archive.namelist():
                        search(archive.read(name), where, f"{relative}!{name}")
            except zipfile.BadZipFile:
                pass
    return findings


async def _scan_kafka(markers: dict[str, tuple[str, ...]]) -> list[Finding]:
    """Every record of the topics kept forever, from the beginning to their current end."""
    topics = [SETTINGS.topic(name) for name in FOREVER_TOPICS]
    wanted = {
        kind: tuple(marker.lower().encode() for marker in values)
        for kind, values in markers.items()
    }
    consumer = AIOKafkaConsumer(
        *topics,
        bootstrap_servers=SETTINGS.kafka_bootstrap_servers,
        group_id=None,
        enable_auto_commit=False,
        auto_offset_reset="earliest",
    )
    findings: list[Finding] = []
    await consumer.start()
    try:
        assignment = await _until(
            lambda: _assigned(consumer, len(topics)), "the forever topics' partitions", 30
        )
        await consumer.seek_to_beginning(*assignment)
        ends = await consumer.end_offsets(list(assignment))
        left = {partition for partition, end in ends.items() if end > 0}
        deadline = asyncio.get_running_loop().time() + 90
        while left:
            assert asyncio.get_running_loop().time() < deadline, f"could not read {left}"
            batches = await consumer.getmany(timeout_ms=1000, max_records=5000)
            for partition, records in batches.items():
                for record in records:
                    raw = b" ".join(
                        part for part in (record.key, record.value) if part is not None
                    ).lower()
                    for kind, needles in wanted.items():
                        if any(needle in raw for needle in needles):
                            try:
                                event_type = json.loads(record.value or b"{}").get("type", "")
                            except ValueError:
                                event_type = ""
                            topic = record.topic.removeprefix(SETTINGS.kafka_topic_prefix)
                            findings.append(Finding("kafka", topic, kind, str(event_type)))
                if records and records[-1].offset + 1 >= ends[partition]:
                    left.discard(partition)
            for partition in list(left):
                if await consumer.position(partition) >= ends[partition]:
                    left.discard(partition)
    finally:
        await consumer.stop()
    return findings


async def _assigned(consumer: AIOKafkaConsumer, topics: int) -> set[Any] | None:
    assignment = consumer.assignment()
    return assignment if len({tp.topic for tp in assignment}) == topics else None


async def _scan(markers: dict[str, tuple[str, ...]]) -> list[Finding]:
    found = await asyncio.gather(
        _scan_postgres(markers),
        _scan_elasticsearch(markers),
        asyncio.to_thread(_scan_files, markers),
        _scan_kafka(markers),
    )
    return sorted({finding for part in found for finding in part}, key=str)


# ---------------------------------------------------------------------------------------------
# the person's data, through the API


def _pdf(line: str) -> bytes:
    """A one-page PDF whose text is in an uncompressed stream (so its bytes carry ``line``)."""
    content = f"BT /F1 12 Tf 72 720 Td ({line}) Tj ET".encode()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    document = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(document))
        document += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(document)
    document += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        document += b"%010d 00000 n \n" % offset
    document += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        xref,
    )
    return bytes(document)


async def _upload(
    service_url: str, token: str, *, purpose: str, name: str, data: bytes, media_type: str
) -> str:
    """A file uploaded to the service's ``/uploads`` as the person (the web's proxy adds the
    same bearer)."""
    async with httpx.AsyncClient(timeout=60) as client:
        answer = await client.post(
            f"{service_url}/uploads",
            headers={"Authorization": f"Bearer {token}"},
            data={"purpose": purpose},
            files={"file": (name, data, media_type)},
        )
    assert answer.status_code == 201, answer.text
    upload_id: str = answer.json()["id"]
    return upload_id


def _saved(answer: dict[str, Any], mutation: str, typename: str) -> dict[str, Any]:
    result: dict[str, Any] = answer[mutation]
    assert result["__typename"] == typename, answer
    return result


async def _open_job() -> dict[str, Any]:
    """A published demo job taking applications on the site, without questions."""
    engine = create_async_engine(SETTINGS.database_url_for("jobs"))
    try:
        async with engine.connect() as connection:
            row = (
                (
                    await connection.execute(
                        text(
                            "SELECT id, title FROM jobs WHERE state = 'published' "
                            "AND application_workflow = 'on_site' "
                            "AND jsonb_array_length(application_qualifying_questions::jsonb) = 0 "
                            "AND NOT application_require_cover_letter "
                            "AND (expires_at IS NULL OR expires_at > now() + interval '1 day') "
                            "ORDER BY created_at LIMIT 1"
                        )
                    )
                )
                .mappings()
                .first()
            )
    finally:
        await engine.dispose()
    assert row is not None, "the demo board has no open job taking applications on the site"
    return {"id": str(row["id"]), "title": row["title"]}


@dataclass
class Made:
    """What the test made, for the export's checks and the clean-up."""

    job: dict[str, Any]
    cv: bytes
    cv_name: str
    imported: bytes
    imported_name: str
    application_id: str = ""
    resume_id: str = ""
    contact_request_id: str = ""
    alert_id: str = ""
    alert_name: str = ""
    organization_id: str = ""
    organization_owner: str = ""
    contact_message_id: str = ""


async def _plan(person: Person) -> Made:
    """The job to apply to and the files to upload, each carrying the person's markers."""
    cv_name = f"cv-{person.first.lower()}.pdf"
    imported_name = f"resume-{person.last.lower()}.json"
    return Made(
        job=await _open_job(),
        cv=_pdf(f"{person.first} {person.last} {person.email} {person.phone}"),
        cv_name=cv_name,
        imported=json.dumps(
            {
                "basics": {
                    "name": f"{person.first} {person.last}",
                    "email": person.email,
                    "phone": person.phone,
                    "label": "Youth Program Coordinator",
                    "location": {"city": "Boston"},
                },
                "work": [
                    {
                        "name": "Harborview Youth Center",
                        "position": "Youth Program Coordinator",
                        "startDate": "2019-03-01",
                    }
                ],
            }
        ).encode(),
        imported_name=imported_name,
    )


async def _give_data(person: Person, token: str, run: str, made: Made) -> None:
    """The person's data in every service that keeps some, through the API as the web uses it
    (``made`` records what was made, for the export's checks and the clean-up).

    Left out, as the API does not let an applicant have them: an organization membership (only
    recruiter accounts join or found organizations: the person is invited instead, which
    organizations keeps by address until the invitation is accepted), a resume picture (the
    resumes service takes one kind of upload, the CV to import) and resume alerts (recruiters'
    searches). A job report is left out too: enough reports hide a demo job pending review; the
    reporter is an id that jobs' erasure tests cover."""
    me = GraphQLClient(GATEWAY_URL, token=token)
    admin = GraphQLClient(GATEWAY_URL, token=token_for(str(uuid.uuid4()), ["administrator"]))
    job = made.job
    cv_name, imported_name = made.cv_name, made.imported_name

    # jobs: a bookmark, and an application with a CV (uploaded first, as the form does)
    _saved(
        await me.data(
            "mutation($id: ID!) { bookmarkJob(jobId: $id) { __typename } }", id=job["id"]
        ),
        "bookmarkJob",
        "JobSaved",
    )
    cv_upload = await _upload(
        JOBS_URL,
        token,
        purpose="application_attachment",
        name=cv_name,
        data=made.cv,
        media_type="application/pdf",
    )
    applied = _saved(
        await me.data(
            "mutation($input: ApplyToJobInput!) { applyToJob(input: $input) { __typename "
            "... on ApplicationReceived { applicationId } "
            "... on JobErrors { errors { field code message } } } }",
            input={
                "jobId": job["id"],
                "firstName": person.first,
                "lastName": person.last,
                "emailAddress": person.email,
                "phone": person.phone,
                "coverLetter": f"Dear team, {person.first} here: call me on {person.phone}.",
                "attachments": [{"uploadId": cv_upload, "kind": "CV"}],
                "captchaToken": await captcha_token(),
            },
        ),
        "applyToJob",
        "ApplicationReceived",
    )
    made.application_id = applied["applicationId"]

    # resumes: an imported CV (read into a draft; the upload stays the person's), then a
    # complete, findable resume with the private fields
    imported = await _upload(
        RESUMES_URL,
        token,
        purpose="resume_import",
        name=imported_name,
        data=made.imported,
        media_type="application/json",
    )
    draft = (
        await me.data(
            "mutation($id: ID!) { importResume(uploadId: $id) { __typename "
            "... on ResumeImportDraft { personalInfo { firstName lastName phone } } "
            "... on ResumeImportError { code message } } }",
            id=imported,
        )
    )["importResume"]
    assert draft["__typename"] == "ResumeImportDraft", draft
    assert draft["personalInfo"]["lastName"] == person.last
    resume_steps: tuple[tuple[str, str, dict[str, Any]], ...] = (
        (
            "savePersonalInfo",
            "ResumePersonalInfoInput",
            {"firstName": person.first, "lastName": person.last, "phone": person.phone},
        ),
        (
            "saveJobPreferences",
            "ResumeJobPreferencesInput",
            {
                "title": f"Youth program coordinator {run}",
                "desiredOccupationTid": 1001,
                "desiredLocation": {"locality": "Boston", "countryCode": "US"},
                "careerStatus": "PROFESSIONAL",
            },
        ),
        (
            "addWorkExperience",
            "ResumeWorkExperienceInput",
            {"jobTitle": "Youth Program Coordinator", "companyName": "Harborview Youth Center"},
        ),
        ("setLanguages", "ResumeLanguagesInput", {"languagesFree": "English"}),
        ("setSkills", "ResumeSkillsInput", {"skillsFree": ["Fundraising"]}),
    )
    for mutation, input_type, payload in resume_steps:
        saved = _saved(
            await me.data(
                f"mutation($input: {input_type}!) {{ {mutation}(input: $input) {{ __typename "
                "... on ResumeSaved { resume { id } } "
                "... on ResumeErrors { errors { field code message } } } }",
                input=payload,
            ),
            mutation,
            "ResumeSaved",
        )
        made.resume_id = saved["resume"]["id"]
    _saved(
        await me.data(
            "mutation { setResumeVisibility(findable: true) { __typename "
            "... on ResumeErrors { errors { field code message } } } }"
        ),
        "setResumeVisibility",
        "ResumeSaved",
    )

    # resumes: a demo organization's recruiter asks to contact them (one contact credit,
    # granted first so the demo board keeps its balance)
    demo = (
        await GraphQLClient(GATEWAY_URL).data(
            "query($slug: String!) { organizationProfile(slug: $slug) { "
            "organization { id number } } }",
            slug=DEMO_ORGANIZATION,
        )
    )["organizationProfile"]["organization"]
    granted = await admin.data(
        "mutation($n: Int!) { grantCredits(organizationId: $n, kind: CONTACT, amount: 1, "
        'label: "privacy stack test") { __typename } }',
        n=demo["number"],
    )
    assert granted["grantCredits"]["__typename"] == "CreditsGranted", granted
    recruiter = await _signed_in(DEMO_RECRUITER)
    requested = _saved(
        await recruiter.data(
            "mutation($resume: ID!, $org: ID!) { requestResumeContact(resumeId: $resume, "
            "organizationId: $org) { __typename ... on ContactRequestSaved { request { id } } "
            "... on ResumeErrors { errors { field code message } } } }",
            resume=made.resume_id,
            org=demo["id"],
        ),
        "requestResumeContact",
        "ContactRequestSaved",
    )
    made.contact_request_id = requested["request"]["id"]

    async def contact_settled() -> str | None:
        requests = (await me.data("{ myContactRequests(limit: 50) { requests { id status } } }"))[
            "myContactRequests"
        ]["requests"]
        status = next((r["status"] for r in requests if r["id"] == made.contact_request_id), None)
        return status if status not in (None, "AWAITING_CREDIT") else None

    assert await _until(contact_settled, "billing's answer to the contact request") == "PENDING"

    # search: a job alert of the account
    made.alert_name = f"Privacy check {run}"
    created = _saved(
        await me.data(
            "mutation($input: CreateJobAlertInput!) { createJobAlert(input: $input) { "
            "__typename ... on JobAlertCreated { alert { id } } "
            "... on AlertErrors { errors { field code message } } } }",
            input={
                "name": made.alert_name,
                "frequency": "WEEKLY",
                "search": {"fulltext": {"keys": "coordinator"}},
            },
        ),
        "createJobAlert",
        "JobAlertCreated",
    )
    made.alert_id = created["alert"]["id"]

    # analytics: a page view sent by the browser with the cookie consent (the web's /api/gmapi
    # passes it on with the session's bearer); it records the account's cookie consent
    async with httpx.AsyncClient(timeout=30) as client:
        relayed = await client.post(
            f"{ANALYTICS_URL}/relay/gmapi",
            headers={
                "Authorization": f"Bearer {token}",
                "X-Cookie-Consent": "C0001,C0002",
                "X-Frontend": "jobboard/en",
            },
            json={"event": "job_visit", "params": {"entity_id": job["id"], "entity_type": "job"}},
        )
    assert relayed.status_code == 202, relayed.text

    # organizations: the person writes to a demo organization
    sent = _saved(
        await me.data(
            "mutation($input: ContactMessageInput!) { sendContactMessage(input: $input) { "
            "__typename ... on ContactMessageSent { id } "
            "... on OrganizationErrors { errors { field code message } } } }",
            input={
                "organizationId": demo["id"],
                "name": f"{person.first} {person.last}",
                "email": person.email,
                "subject": "Volunteering",
                "body": f"Hello, I would like to help. My number is {person.phone}.",
                "captchaToken": await captcha_token(),
            },
        ),
        "sendContactMessage",
        "ContactMessageSent",
    )
    made.contact_message_id = sent["id"]

    # organizations and billing: a recruiter founds an organization, invites the person, names
    # them as the profile's contact person and as the invoicing contact. The recruiter is a
    # token of an id no account has (as in the authorization matrix): nothing to erase after;
    # the organization is deleted at the end.
    made.organization_owner = str(uuid.uuid4())
    owner = GraphQLClient(GATEWAY_URL, token=token_for(made.organization_owner, ["recruiter"]))
    founded = _saved(
        await owner.data(
            "mutation($input: CreateOrganizationInput!) { createOrganization(input: $input) { "
            "__typename ... on OrganizationProfileSaved { "
            "profile { id organization { id number } } } "
            "... on OrganizationErrors { errors { field code message } } } }",
            input={"name": f"Privacy Check Trust {run}"},
        ),
        "createOrganization",
        "OrganizationProfileSaved",
    )
    organization = founded["profile"]["organization"]
    made.organization_id = organization["id"]
    _saved(
        await owner.data(
            "mutation($org: ID!, $email: String!) { inviteOrganizationMember("
            "organizationId: $org, email: $email) { __typename "
            "... on OrganizationErrors { errors { field code message } } } }",
            org=made.organization_id,
            email=person.email,
        ),
        "inviteOrganizationMember",
        "InvitationSent",
    )
    _saved(
        await owner.data(
            "mutation($id: ID!, $input: ContactPersonsInput!) { "
            "updateOrganizationContactPersons(id: $id, input: $input) { __typename "
            "... on OrganizationErrors { errors { field code message } } } }",
            id=made.organization_id,
            input={
                "items": [
                    {
                        "firstName": person.first,
                        "lastName": person.last,
                        "email": person.email,
                        "phone": person.phone,
                        "position": "Volunteer lead",
                    }
                ]
            },
        ),
        "updateOrganizationContactPersons",
        "OrganizationProfileSaved",
    )

    async def invoicing_contact() -> bool:
        answer = (
            await owner.data(
                "mutation($n: Int!, $input: CustomerProfileInput!) { updateCustomerProfile("
                "organizationId: $n, input: $input) { __typename "
                "... on BillingErrors { errors { field code message } } } }",
                n=organization["number"],
                input={
                    "companyName": f"Privacy Check Trust {run}",
                    "email": person.email,
                    "firstName": person.first,
                    "lastName": person.last,
                },
            )
        )["updateCustomerProfile"]
        return bool(answer["__typename"] == "CustomerProfileSaved")

    await _until(invoicing_contact, "billing to know the new organization")


# ---------------------------------------------------------------------------------------------
# the export


async def _export(person: Person, token: str) -> tuple[dict[str, Any], dict[str, bytes]]:
    """The person asks for their export, follows it until it is READY, downloads the archive
    from identity with their session (the web's upload proxy forwards the same link) and gets
    the mail with the link. Answers the export and the archive's entries."""
    me = GraphQLClient(GATEWAY_URL, token=token)
    asked = (
        await me.data(
            "mutation { requestDataExport { __typename ... on DataExport { id state } "
            "... on AccountErrors { message } } }"
        )
    )["requestDataExport"]
    assert asked["__typename"] == "DataExport", asked

    async def ready() -> dict[str, Any] | None:
        exports = (
            await me.data(
                "{ myDataExports { id state downloadUrl "
                "parts { service receivedAt counts { kind count } } } }"
            )
        )["myDataExports"]
        mine = next(export for export in exports if export["id"] == asked["id"])
        return mine if mine["state"] == "READY" else None

    export = await _until(ready, "the export to be READY")
    assert {part["service"] for part in export["parts"]} >= set(SERVICES) - {"identity"}
    assert all(part["receivedAt"] for part in export["parts"]), export["parts"]
    path = export["downloadUrl"].removeprefix("/api/uploads/identity")
    async with httpx.AsyncClient(timeout=60) as client:
        refused = await client.get(f"{IDENTITY_URL}{path}")
        assert refused.status_code == 401, "the link is nothing without the person's session"
        answer = await client.get(
            f"{IDENTITY_URL}{path}", headers={"Authorization": f"Bearer {token}"}
        )
    assert answer.status_code == 200, answer.text
    with zipfile.ZipFile(io.BytesIO(answer.content)) as archive:
        entries = {name: archive.read(name) for name in archive.namelist()}

    async def mailed() -> bool:
        async with httpx.AsyncClient(timeout=30) as client:
            mails = (await client.get(MAIL_API, params={"to": person.email})).json()
        link = f"/api/uploads/identity/files/{export['id']}/archive?expires="
        return any(link in mail["text"] and "signature=" in mail["text"] for mail in mails)

    await _until(mailed, "the mail with the export's link", 60)
    return export, entries


def _part(entries: dict[str, bytes], service: str) -> dict[str, Any]:
    assert f"{service}/data.json" in entries, sorted(entries)
    data: dict[str, Any] = json.loads(entries[f"{service}/data.json"])
    return data


def _check_archive(person: Person, made: Made, entries: dict[str, bytes]) -> None:
    """Every item the test made, in the part of the service that keeps it; the files with their
    own bytes."""
    assert "README.txt" in entries
    part = {service: _part(entries, service) for service in SERVICES}

    identity = part["identity"]
    account = identity["account"]
    assert (account["email"], account["first_name"], account["last_name"]) == (
        person.email,
        person.first,
        person.last,
    )
    assert identity["consent_marks"], "the registration consents, as identity knows them"

    assert part["consent"]["consents"], "the registration consents"
    assert {c["address"] for c in part["consent"]["consents"]} == {person.email}

    jobs = part["jobs"]
    assert [b["job"]["id"] for b in jobs["bookmarks"]] == [made.job["id"]]
    [application] = jobs["applications"]
    assert application["id"] == made.application_id
    assert application["job"]["id"] == made.job["id"]
    assert (application["first_name"], application["last_name"]) == (person.first, person.last)
    assert (application["email"], application["phone"]) == (person.email, person.phone)
    [attachment] = application["attachments"]
    assert attachment["filename"] == made.cv_name
    assert entries[attachment["file"]] == made.cv, "the CV's own bytes"

    resumes = part["resumes"]
    assert resumes["resume"]["id"] == made.resume_id
    private = resumes["resume"]["personal_info"]
    assert (private["first_name"], private["last_name"], private["phone"]) == (
        person.first,
        person.last,
        person.phone,
    )
    [upload] = resumes["uploads"]
    assert upload["filename"] == made.imported_name
    assert entries[upload["file"]] == made.imported, "the imported CV's own bytes"
    assert [r["id"] for r in resumes["contact_requests_received"]] == [made.contact_request_id]

    search = part["search"]
    [alert] = search["alerts"]
    assert (alert["id"], alert["name"], alert["email"]) == (
        made.alert_id,
        made.alert_name,
        person.email,
    )

    analytics = part["analytics"]
    assert {e["type"] for e in analytics["analytics_events"]} >= {
        "sign_up",
        "job_bookmark",
        "job_apply_complete",
        "orgprofile_contact",
    }
    assert "C0002" in analytics["visitor_consents"][0]["categories"], "the cookie consent"

    organizations = part["organizations"]
    [message] = organizations["contact_messages"]
    assert (message["message_id"], message["address"]) == (made.contact_message_id, person.email)
    [contact] = organizations["contact_persons"]
    assert (contact["profile_id"], contact["email"], contact["phone"]) == (
        made.organization_id,
        person.email,
        person.phone,
    )
    [invitation] = organizations["invitations"]
    assert (invitation["organization_id"], invitation["address"]) == (
        made.organization_id,
        person.email,
    )

    [invoicing] = part["billing"]["customer_profiles"]
    assert (invoicing["email"], invoicing["last_name"]) == (person.email, person.last)


# ---------------------------------------------------------------------------------------------
# the erasure


async def _erase(user_id: str) -> dict[str, Any]:
    """An administrator erases the person on their request; every service confirms."""
    admin = GraphQLClient(GATEWAY_URL, token=token_for(str(uuid.uuid4()), ["administrator"]))
    erased = await admin.data(
        "mutation($id: ID!) { eraseUser(userId: $id) { __typename } }", id=user_id
    )
    assert erased["eraseUser"]["__typename"] == "AccountDeleted", erased
    SIGNED_UP.remove(user_id)  # deleted: nothing left for the suite's clean-up (conftest)

    async def completed() -> dict[str, Any] | None:
        requests = (
            await admin.data(
                "{ erasureRequests(pendingOnly: false, limit: 50) { requests { userId "
                "completedAt services { service state } } } }"
            )
        )["erasureRequests"]["requests"]
        mine = next((r for r in requests if r["userId"] == user_id), None)
        return mine if mine is not None and mine["completedAt"] is not None else None

    request = await _until(completed, "every service to confirm the erasure")
    states = {service["service"]: service["state"] for service in request["services"]}
    assert set(states) >= set(SERVICES) - {"identity"}, states
    assert set(states.values()) == {"CONFIRMED"}, states
    return request


async def _resume_document(resume_id: str) -> dict[str, Any] | None:
    """The resume's document in the search index, as stored."""
    base = SearchSettings().elasticsearch_url.rstrip("/")
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        hits = (
            await client.post(
                "/_all/_search", json={"query": {"ids": {"values": [resume_id]}}, "size": 10}
            )
        ).json()["hits"]["hits"]
    sources = [hit["_source"] for hit in hits if "resumes" in hit["_index"]]
    return sources[0] if sources else None


# What the search must find before the erasure: one table at least in each service's own store,
# so that a service that stops erasing is caught by the same search afterwards.
FOUND_BEFORE: tuple[tuple[str, str, str], ...] = (
    ("postgres:identity", "users", "email"),
    ("postgres:consent", "user_consents", "user_id"),
    ("postgres:jobs", "applications", "phone"),
    ("postgres:jobs", "bookmarks", "user_id"),
    ("postgres:resumes", "resumes", "last_name"),
    ("postgres:resumes", "uploads", "user_id"),
    ("postgres:search", "saved_searches", "email"),
    ("postgres:analytics", "analytics_events", "user_id"),
    ("postgres:analytics", "visitor_consents", "user_id"),
    ("postgres:organizations", "organization_invitations", "email"),
    ("postgres:organizations", "organization_profiles", "phone"),
    ("postgres:organizations", "contact_messages", "first_name"),
    ("postgres:billing", "customer_profiles", "email"),
    ("files", "jobs", "email"),
    ("files", "resumes", "email"),
)


@pytest.mark.timeout(600)
async def test_a_persons_data_is_exported_then_erased_from_every_store() -> None:
    run = secrets.token_hex(4)
    person = Person(
        email=f"privacy.{secrets.token_hex(6)}@example.org",
        first=f"Zephyrine{secrets.token_hex(4)}",
        last=f"Quillfeather{secrets.token_hex(4)}",
        phone=f"+49151{secrets.randbelow(10**8):08d}",
        password="long enough password",
    )
    signed_in = await sign_up(
        GraphQLClient(GATEWAY_URL),
        email=person.email,
        password=person.password,
        role="APPLICANT",
        first=person.first,
        last=person.last,
    )
    person = dataclasses.replace(person, user_id=str(signed_in["user"]["id"]))
    token = signed_in["accessToken"]
    made = await _plan(person)
    try:
        await _give_data(person, token, run, made)

        # every service holds its share (some arrive over the bus: wait for them)
        missing: list[tuple[str, str, str]] = []

        async def everything_there() -> list[Finding] | None:
            found = await _scan(person.markers())
            seen = {(f.store, f.where, f.kind) for f in found}
            missing[:] = [wanted for wanted in FOUND_BEFORE if wanted not in seen]
            return None if missing else found

        try:
            await _until(everything_there, "the person's data in every service", 60)
        except AssertionError as error:
            raise AssertionError(f"not found before the erasure: {missing}") from error

        async def indexed() -> dict[str, Any] | None:
            document = await _resume_document(made.resume_id)
            return document if document and document.get("findable") else None

        # the findable resume is in the search index (its document names no person)
        assert run in (await _until(indexed, "the resume in the search index", 60))["title"]

        _, entries = await _export(person, token)
        _check_archive(person, made, entries)
        assert {"email", "phone"} <= {
            f.kind for f in _scan_files(person.markers()) if f.where == "exports"
        }, "the archive in the export storage holds the person's data"

        await _erase(person.user_id)

        # the erasers' follow-ups (the search index, the profiles' read models) settle within
        # moments of their confirmations
        deadline = asyncio.get_running_loop().time() + 45
        while True:
            found = await _scan(person.markers())
            left = [f for f in found if not any(a.covers(f) for a in ALLOWED)]
            if not left or asyncio.get_running_loop().time() > deadline:
                break
            await asyncio.sleep(2)
        assert not left, "left after the erasure:\n" + "\n".join(map(str, left))
        document = await _resume_document(made.resume_id)
        assert document is None or "title" not in document, document
        # the resume's history leaves the broker too: its last record is a tombstone
        resume_records = await read_topic(
            SETTINGS.kafka_bootstrap_servers,
            SETTINGS.topic("resumes.resume"),
            timeout=30,
            until=lambda records: any(
                r.key == made.resume_id.encode() and r.value is None for r in records
            ),
        )
        mine = [r for r in resume_records if r.key == made.resume_id.encode()]
        assert mine, "the resume's events"
        assert mine[-1].value is None, "the resume's last record is a tombstone"
    finally:
        # the test's organization goes (the person's data went with their erasure; if the test
        # stopped before it, the suite erases them at its end: SIGNED_UP)
        if made.organization_id:
            owner = GraphQLClient(
                GATEWAY_URL, token=token_for(made.organization_owner, ["recruiter"])
            )
            await owner.execute(
                "mutation($id: ID!) { deleteOrganization(organizationId: $id) { __typename } }",
                id=made.organization_id,
            )
