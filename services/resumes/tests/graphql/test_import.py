"""Resume import and JSON Resume export through the served app (ADR 0028): a CV uploaded with
purpose resume_import (POST /uploads, checked by content), importResume answering the draft the
wizard prefills (nothing written), each hostile file refused with its error as data, the site's
feature flags, and myResumeJsonResume round-tripping through import."""

from __future__ import annotations

import io
import json
import uuid
import zipfile
from collections.abc import AsyncIterator
from datetime import date
from typing import Any

import httpx
import pytest
from jobkit.settings import ServiceSettings
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.server import serve
from jobkit.testing.tokens import TokenIssuer
from jobkit.uploads.checks import DOCX_MEDIA_TYPE, UploadKind
from jobkit.uploads.images import ORIGINAL
from jobkit.uploads.processing import ProcessedUpload, Rendition, store_upload
from jobkit.uploads.storage import LocalDiskStorage
from jobkit.vocabulary import TermUpserted, apply_term_upserted
from pypdf import PdfReader, PdfWriter
from resumes.db import outbox, site_settings, terms, uploads
from resumes.domain.models import Resume
from resumes.main import create_app
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.resumes.tests.importing.corpus import LAYOUTS, PEOPLE

pytestmark = pytest.mark.integration

# terms with real labels, so the reader can match them (ids apart from the factories')
PYTHON, SQL, DOCKER, CARE = 20100, 20101, 20102, 20103
GERMAN, ENGLISH = 20200, 20201
LABELLED = {
    "skills": {PYTHON: "Python", SQL: "SQL", DOCKER: "Docker", CARE: "Nursing care"},
    "languages": {GERMAN: "German", ENGLISH: "English"},
}

IMPORT = """mutation($id: ID!) { importResume(uploadId: $id) { __typename
  ... on ResumeImportError { code message }
  ... on ResumeImportDraft { source headline summary problems skillsFree skills { tid }
    personalInfo { firstName lastName email phone city }
    workExperience { jobTitle companyName startDate endDate current summary }
    education { studyProgram institution startDate endDate current }
    languages { name language { tid } levelWritten level } } } }"""
EXPORT = """{ myResumeJsonResume { __typename
  ... on ResumeJsonResume { document fileName } ... on ResumeImportError { code message } } }"""
MY_RESUME = "{ myResume { id } }"


@pytest.fixture
async def labelled_terms(committed_sessions: async_sessionmaker[AsyncSession]) -> None:
    async with committed_sessions() as session, session.begin():
        for vocabulary, labels in LABELLED.items():
            for tid, label in labels.items():
                await apply_term_upserted(
                    session,
                    terms,
                    TermUpserted(
                        tid=tid,
                        vocabulary=vocabulary,
                        label=label,
                        labels={},
                        aliases={},
                        parent_tid=None,
                        weight=0,
                    ),
                )


@pytest.fixture
def http(service_url: str) -> httpx.AsyncClient:
    return httpx.AsyncClient(base_url=service_url, timeout=120)


class Applicant:
    def __init__(self, graphql: GraphQLClient, tokens: TokenIssuer) -> None:
        self.user_id = uuid.uuid4()
        self.token = tokens.token(
            self.user_id, ["applicant"], email=f"a-{uuid.uuid4().hex[:6]}@example.org"
        )
        self.graphql = graphql.as_user(self.token)

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}


@pytest.fixture
def applicant(graphql: GraphQLClient, tokens: TokenIssuer, labelled_terms: None) -> Applicant:
    return Applicant(graphql, tokens)


async def upload(
    http: httpx.AsyncClient, who: Applicant, data: bytes, filename: str = "cv.pdf"
) -> httpx.Response:
    return await http.post(
        "/uploads",
        headers=who.headers,
        files={"file": (filename, data, "application/octet-stream")},
        data={"purpose": "resume_import"},
    )


async def uploaded(http: httpx.AsyncClient, who: Applicant, data: bytes) -> str:
    answer = await upload(http, who, data)
    assert answer.status_code == 201, answer.text
    body: dict[str, Any] = answer.json()
    assert body["private"] is True
    return str(body["id"])


async def imported(who: Applicant, upload_id: str) -> dict[str, Any]:
    answer: dict[str, Any] = (await who.graphql.data(IMPORT, id=upload_id))["importResume"]
    return answer


async def nothing_written(
    sessions: async_sessionmaker[AsyncSession], who: Applicant, outbox_before: int
) -> None:
    assert (await who.graphql.data(MY_RESUME))["myResume"] is None
    async with sessions() as session:
        resumes = await session.scalar(
            select(func.count()).select_from(Resume).where(Resume.owner_id == who.user_id)
        )
        events = await session.scalar(select(func.count()).select_from(outbox))
    assert resumes == 0
    assert events == outbox_before


async def outbox_count(sessions: async_sessionmaker[AsyncSession]) -> int:
    async with sessions() as session:
        return int(await session.scalar(select(func.count()).select_from(outbox)) or 0)


# --- reading CVs ---------------------------------------------------------------------------


async def test_a_pdf_import_fills_the_wizard_and_writes_nothing(
    http: httpx.AsyncClient,
    applicant: Applicant,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    person = PEOPLE[0]  # Anna Schmidt: German headings, two jobs, a degree, two languages
    before = await outbox_count(committed_sessions)
    upload_id = await uploaded(http, applicant, LAYOUTS["pdf-one-column"](person))

    draft = await imported(applicant, upload_id)

    assert draft["__typename"] == "ResumeImportDraft", draft
    assert draft["source"] == "pdf"
    assert draft["personalInfo"] == {
        "firstName": "Anna",
        "lastName": "Schmidt",
        "email": "anna.schmidt@example.org",
        "phone": "+49 30 1234567",
        "city": "Berlin",
    }
    assert [(w["jobTitle"], w["companyName"]) for w in draft["workExperience"]] == [
        ("Senior Softwareentwicklerin", "Nordlicht Software GmbH"),
        ("Softwareentwicklerin", "Datenwerk AG"),
    ]
    first, second = draft["workExperience"]
    assert (first["startDate"], first["endDate"], first["current"]) == ("2019-03-01", None, True)
    assert (second["startDate"], second["endDate"], second["current"]) == (
        "2016-01-01",
        "2019-01-01",
        False,
    )
    assert [(e["studyProgram"], e["institution"]) for e in draft["education"]] == [
        ("M.Sc. Informatik", "Technische Universität Berlin")
    ]
    assert [(lang["name"], lang["language"], lang["level"]) for lang in draft["languages"]] == [
        ("Deutsch", {"tid": GERMAN}, "NATIVE"),
        ("Englisch", {"tid": ENGLISH}, "C1"),
    ]
    assert {skill["tid"] for skill in draft["skills"]} == {PYTHON, SQL, DOCKER}
    assert draft["skillsFree"] == ["Domain-driven Design"]
    await nothing_written(committed_sessions, applicant, before)


async def test_a_docx_import_fills_the_wizard(
    http: httpx.AsyncClient,
    applicant: Applicant,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    person = PEOPLE[1]
    before = await outbox_count(committed_sessions)
    upload_id = await uploaded(http, applicant, LAYOUTS["docx-headings"](person))

    draft = await imported(applicant, upload_id)

    assert draft["__typename"] == "ResumeImportDraft", draft
    assert draft["source"] == "docx"
    info = draft["personalInfo"]
    assert (info["firstName"], info["lastName"], info["email"]) == (
        person.first_name,
        person.last_name,
        person.email,
    )
    assert [(w["jobTitle"], w["companyName"]) for w in draft["workExperience"]] == [
        (job.title, job.employer) for job in person.jobs
    ]
    assert [w["startDate"] for w in draft["workExperience"]] == [
        date(job.start.year, job.start.month or 1, 1).isoformat() if job.start else None
        for job in person.jobs
    ]
    assert [e["institution"] for e in draft["education"]] == [
        study.institution for study in person.studies
    ]
    assert [lang["name"] for lang in draft["languages"]] == [
        language[0] for language in person.languages
    ]
    await nothing_written(committed_sessions, applicant, before)


# --- refused files -------------------------------------------------------------------------


def _pdf_with_javascript() -> bytes:
    from pypdf.generic import DictionaryObject, NameObject, TextStringObject

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(LAYOUTS["pdf-one-column"](PEOPLE[1]))))
    action = writer._add_object(
        DictionaryObject(
            {
                NameObject("/S"): NameObject("/JavaScript"),
                NameObject("/JS"): TextStringObject("app.alert('hello');"),
            }
        )
    )
    writer._root_object[NameObject("/OpenAction")] = action
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


def _zip_bomb() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", b"<Types/>")
        archive.writestr(
            "word/document.xml", b"<w:document>" + b" " * (60 * 1024 * 1024) + b"</w:document>"
        )
    return buffer.getvalue()


def _many_entries() -> bytes:
    work = [{"name": f"Employer {n}", "position": "Clerk"} for n in range(10_000)]
    return json.dumps({"basics": {"name": "Many Jobs"}, "work": work}).encode()


HOSTILE: dict[str, tuple[Any, UploadKind, str, str]] = {
    # name: (bytes or a maker, the kind it is stored as, code, words of the message)
    "too-large": (
        lambda: b"%PDF-1.7\n" + b"0" * (50 * 1024 * 1024 + 1),
        UploadKind.PDF,
        "TOO_LARGE",
        "larger than 50 MB",
    ),
    "not-a-cv": (
        lambda: b"Just a plain text CV\nAnna Schmidt",
        UploadKind.PDF,
        "UNSUPPORTED_TYPE",
        "Only PDF, Word (.docx) or JSON Resume files can be imported.",
    ),
    "pdf-with-javascript": (
        _pdf_with_javascript,
        UploadKind.PDF,
        "UNSAFE_CONTENT",
        "scripts or actions",
    ),
    "zip-bomb": (_zip_bomb, UploadKind.DOCX, "UNSAFE_CONTENT", "unpack"),
    "too-many-entries": (
        _many_entries,
        UploadKind.JSON,
        "TOO_COMPLEX",
        'The JSON Resume has 10,000 entries in "work"',
    ),
}


async def _stored_as_is(
    settings: ServiceSettings,
    sessions: async_sessionmaker[AsyncSession],
    who: Applicant,
    data: bytes,
    kind: UploadKind,
) -> str:
    """A file stored without the upload path's checks (as if kept from before a rule existed):
    what the mutation itself must refuse."""
    media_type = {
        UploadKind.PDF: "application/pdf",
        UploadKind.DOCX: DOCX_MEDIA_TYPE,
        UploadKind.JSON: "application/json",
    }[kind]
    rendition = Rendition(data=data, media_type=media_type, extension=kind.value)
    values = await store_upload(
        processed=ProcessedUpload(kind, media_type, len(data), {ORIGINAL: rendition}),
        storage=LocalDiskStorage(settings.upload_path),
        sessions=sessions,
        table=uploads,
        owner_id=str(who.user_id),
        filename=f"cv.{kind.value}",
        purpose="resume_import",
        private=True,
    )
    return str(values["id"])


@pytest.mark.parametrize("case", list(HOSTILE))
async def test_each_hostile_file_gets_its_error_through_the_mutation_and_nothing_is_written(
    case: str,
    applicant: Applicant,
    service_settings: ServiceSettings,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    make, kind, code, words = HOSTILE[case]
    before = await outbox_count(committed_sessions)
    upload_id = await _stored_as_is(service_settings, committed_sessions, applicant, make(), kind)

    answer = await imported(applicant, upload_id)

    assert answer["__typename"] == "ResumeImportError", answer
    assert answer["code"] == code
    assert words in answer["message"]
    await nothing_written(committed_sessions, applicant, before)


@pytest.mark.parametrize(
    ("case", "status"),
    [("too-large", 413), ("not-a-cv", 415), ("pdf-with-javascript", 422), ("zip-bomb", 422)],
)
async def test_the_upload_path_refuses_what_it_can_see_before_anything_is_stored(
    case: str,
    status: int,
    http: httpx.AsyncClient,
    applicant: Applicant,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    make, _, code, _ = HOSTILE[case]
    answer = await upload(http, applicant, make())
    assert answer.status_code == status, answer.text
    assert answer.json()["error"] == code
    assert answer.json()["message"]
    async with committed_sessions() as session:
        mine = await session.scalar(
            select(func.count())
            .select_from(uploads)
            .where(uploads.c.owner_id == str(applicant.user_id))
        )
    assert mine == 0


async def test_an_image_is_not_taken_for_import(
    http: httpx.AsyncClient, applicant: Applicant
) -> None:
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (40, 40), "white").save(buffer, "PNG")
    answer = await upload(http, applicant, buffer.getvalue(), "me.png")
    assert answer.status_code == 415
    assert answer.json()["message"] == (
        "Only PDF, Word (.docx) or JSON Resume files can be uploaded here."
    )


@pytest.fixture
async def impatient_service(
    service_settings: ServiceSettings,
) -> AsyncIterator[str]:
    settings = service_settings.model_copy(update={"upload_processing_seconds": 0.001})
    async with serve(create_app(settings)) as base_url:  # type: ignore[arg-type]
        yield base_url


async def test_a_file_too_slow_to_read_is_refused_and_nothing_is_written(
    impatient_service: str,
    service_settings: ServiceSettings,
    tokens: TokenIssuer,
    labelled_terms: None,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    who = Applicant(GraphQLClient(f"{impatient_service}/graphql"), tokens)
    before = await outbox_count(committed_sessions)
    # stored as the upload path stores it (its own budget, with this one, would refuse it first)
    upload_id = await _stored_as_is(
        service_settings,
        committed_sessions,
        who,
        LAYOUTS["pdf-one-column"](PEOPLE[0]),
        UploadKind.PDF,
    )
    answer = await imported(who, upload_id)
    assert answer == {
        "__typename": "ResumeImportError",
        "code": "TOO_COMPLEX",
        "message": "The file takes too long to read, so it was not imported.",
    }
    await nothing_written(committed_sessions, who, before)


# --- who may -------------------------------------------------------------------------------


async def test_only_the_applicant_who_uploaded_it_may_import_it(
    http: httpx.AsyncClient,
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    applicant: Applicant,
) -> None:
    upload_id = await uploaded(http, applicant, LAYOUTS["pdf-one-column"](PEOPLE[0]))
    other = Applicant(graphql, tokens)
    assert (await imported(other, upload_id))["code"] == "NOT_FOUND"
    admin = graphql.as_user(tokens.token(uuid.uuid4(), ["administrator"]))
    refused = (await admin.data(IMPORT, id=upload_id))["importResume"]
    assert refused["code"] == "FORBIDDEN"
    assert (await imported(applicant, str(uuid.uuid4())))["code"] == "NOT_FOUND"
    visitor = await graphql.execute(IMPORT, id=upload_id)
    assert visitor["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"


async def test_import_and_export_are_refused_while_the_site_has_them_off(
    http: httpx.AsyncClient,
    graphql: GraphQLClient,
    applicant: Applicant,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    upload_id = await uploaded(http, applicant, LAYOUTS["pdf-one-column"](PEOPLE[0]))
    for site, name in (("noimport", "resume_import"), ("noresumes", "resume")):
        async with committed_sessions() as session, session.begin():
            # what identity's site.config_changed leaves in the read model
            await session.execute(
                site_settings.insert().values(site=site, key="features", name=name, value=False)
            )
        on_site = GraphQLClient(graphql.url, token=applicant.token, frontend=f"{site}/en")
        refused = (await on_site.data(IMPORT, id=upload_id))["importResume"]
        assert refused == {
            "__typename": "ResumeImportError",
            "code": "FEATURE_OFF",
            "message": "Importing and exporting resumes is not available on this site.",
        }
        exported = (await on_site.data(EXPORT))["myResumeJsonResume"]
        assert exported["code"] == "FEATURE_OFF"
    # on the site that has them on, the same upload is read
    assert (await imported(applicant, upload_id))["__typename"] == "ResumeImportDraft"


# --- export --------------------------------------------------------------------------------


async def _save(who: Applicant, mutation: str, input_type: str, data: dict[str, Any]) -> None:
    query = f"""mutation($i: {input_type}!) {{ {mutation}(input: $i) {{ __typename
      ... on ResumeErrors {{ errors {{ field message }} }} }} }}"""
    answer = (await who.graphql.data(query, i=data))[mutation]
    assert answer["__typename"] == "ResumeSaved", answer


async def test_the_export_round_trips_through_import(
    http: httpx.AsyncClient, applicant: Applicant
) -> None:
    assert (await applicant.graphql.data(EXPORT))["myResumeJsonResume"]["code"] == "NO_RESUME"
    await _save(
        applicant,
        "savePersonalInfo",
        "ResumePersonalInfoInput",
        {
            "firstName": "Grace",
            "lastName": "Hopper",
            "phone": "+1 555 0100",
            "homeLocation": {"locality": "Arlington", "countryCode": "US"},
            "about": "Compilers and clear explanations.",
        },
    )
    await _save(applicant, "saveJobPreferences", "ResumeJobPreferencesInput", {"title": "Admiral"})
    await _save(
        applicant,
        "addWorkExperience",
        "ResumeWorkExperienceInput",
        {
            "jobTitle": "Senior Programmer",
            "companyName": "Remington Rand",
            "startDate": "1949-06-01",
            "endDate": "1967-08-01",
            "summary": "UNIVAC I and the A-0 compiler.",
        },
    )
    await _save(
        applicant,
        "addWorkExperience",
        "ResumeWorkExperienceInput",
        {"jobTitle": "Rear Admiral", "companyName": "US Navy", "startDate": "1967-08-01"},
    )
    await _save(
        applicant,
        "addEducation",
        "ResumeEducationInput",
        {
            "institution": "Yale University",
            "studyProgram": "PhD Mathematics",
            "startDate": "1930-09-01",
            "endDate": "1934-06-01",
        },
    )
    await _save(
        applicant,
        "setLanguages",
        "ResumeLanguagesInput",
        {"languages": [{"tid": ENGLISH, "level": "NATIVE"}, {"tid": GERMAN, "level": "B1"}]},
    )
    await _save(
        applicant,
        "setSkills",
        "ResumeSkillsInput",
        {"skillTids": [PYTHON, SQL], "skillsFree": ["COBOL"]},
    )

    exported = (await applicant.graphql.data(EXPORT))["myResumeJsonResume"]
    assert exported["__typename"] == "ResumeJsonResume", exported
    assert exported["fileName"] == "Grace-Hopper.json"
    document = json.loads(exported["document"])
    assert document["basics"]["name"] == "Grace Hopper"
    assert document["meta"] == {"version": "v1.0.0"}

    upload_id = await uploaded(http, applicant, exported["document"].encode())
    draft = await imported(applicant, upload_id)

    assert draft["__typename"] == "ResumeImportDraft", draft
    assert draft["source"] == "json_resume"
    assert draft["personalInfo"]["firstName"] == "Grace"
    assert draft["personalInfo"]["lastName"] == "Hopper"
    assert draft["personalInfo"]["phone"] == "+1 555 0100"
    assert draft["personalInfo"]["city"] == "Arlington"
    assert draft["headline"] == "Admiral"
    assert draft["summary"] == "Compilers and clear explanations."
    assert draft["workExperience"] == [
        {
            "jobTitle": "Senior Programmer",
            "companyName": "Remington Rand",
            "startDate": "1949-06-01",
            "endDate": "1967-08-01",
            "current": False,
            "summary": "UNIVAC I and the A-0 compiler.",
        },
        {
            "jobTitle": "Rear Admiral",
            "companyName": "US Navy",
            "startDate": "1967-08-01",
            "endDate": None,
            "current": True,
            "summary": None,
        },
    ]
    assert draft["education"] == [
        {
            "studyProgram": "PhD Mathematics",
            "institution": "Yale University",
            # the site's resume configuration nulls the education time period (the default)
            "startDate": None,
            "endDate": None,
            "current": False,
        }
    ]
    assert [(lang["language"], lang["level"]) for lang in draft["languages"]] == [
        ({"tid": ENGLISH}, "NATIVE"),
        ({"tid": GERMAN}, "B1"),
    ]
    assert [skill["tid"] for skill in draft["skills"]] == [PYTHON, SQL]
    assert draft["skillsFree"] == ["COBOL"]
    assert draft["problems"] == []
