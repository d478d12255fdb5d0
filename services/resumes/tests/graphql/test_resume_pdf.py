"""myResumePdf through the served app (ADR 0033): the caller's own resume rendered as a PDF that
the jobs service's upload path takes as an application's CV; nothing written; refused as data to
callers without a resume, to recruiters and administrators (whose role makes no resume theirs),
and while the site's resume feature is off; visitors are not signed in."""

from __future__ import annotations

import base64
import io
import uuid
from typing import Any

import pytest
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.tokens import TokenIssuer
from jobkit.uploads.checks import UploadKind
from jobkit.uploads.processing import process_upload
from pypdf import PdfReader
from resumes.db import outbox, site_settings, uploads
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.resumes.tests.graphql.test_import import (
    CARE,
    GERMAN,
    Applicant,
    _save,
    labelled_terms,
)

pytestmark = pytest.mark.integration
__all__ = ["labelled_terms"]  # the fixture, shared with the import tests

PDF = """{ myResumePdf { __typename
  ... on ResumePdf { contentBase64 fileName mediaType size }
  ... on ResumeImportError { code message } } }"""


async def _writes(sessions: async_sessionmaker[AsyncSession]) -> tuple[int, int]:
    async with sessions() as session:
        sent = await session.scalar(select(func.count()).select_from(outbox))
        stored = await session.scalar(select(func.count()).select_from(uploads))
        return int(sent or 0), int(stored or 0)


async def _resume_of(who: Applicant) -> None:
    await _save(
        who,
        "savePersonalInfo",
        "ResumePersonalInfoInput",
        {
            "firstName": "Zofia",
            "lastName": "Łukasiewicz",
            "phone": "+48 12 555 0100",
            "homeLocation": {"locality": "Kraków", "countryCode": "PL"},
            "about": "Twelve years on surgical wards.",
        },
    )
    await _save(who, "saveJobPreferences", "ResumeJobPreferencesInput", {"title": "Ward nurse"})
    await _save(
        who,
        "addWorkExperience",
        "ResumeWorkExperienceInput",
        {
            "jobTitle": "Senior Surgical Nurse",
            "companyName": "University Hospital Kraków",
            "startDate": "2016-03-01",
            "summary": "Led a team of eight.",
        },
    )
    await _save(
        who,
        "setLanguages",
        "ResumeLanguagesInput",
        {"languages": [{"tid": GERMAN, "level": "NATIVE"}]},
    )
    await _save(who, "setSkills", "ResumeSkillsInput", {"skillTids": [CARE], "skillsFree": []})


def _text(content: bytes) -> str:
    reader = PdfReader(io.BytesIO(content))
    return "\n".join(page.extract_text() for page in reader.pages)


async def test_my_resume_as_a_pdf_the_application_upload_path_takes(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    labelled_terms: None,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    applicant = Applicant(graphql, tokens)
    await _resume_of(applicant)
    before = await _writes(committed_sessions)

    answer: dict[str, Any] = (await applicant.graphql.data(PDF))["myResumePdf"]

    assert answer["__typename"] == "ResumePdf", answer
    assert answer["fileName"] == "Zofia-Łukasiewicz.pdf"
    assert answer["mediaType"] == "application/pdf"
    content = base64.b64decode(answer["contentBase64"])
    assert answer["size"] == len(content)
    assert content.startswith(b"%PDF-")
    text = _text(content)
    for expected in (
        "Zofia Łukasiewicz",  # the name, outside Latin-1 too
        "Ward nurse",
        "+48 12 555 0100",
        "Kraków",
        "Senior Surgical Nurse \N{EN DASH} University Hospital Kraków",
        "since 03/2016",
        "Led a team of eight.",
        "German (native)",
        "Nursing care",
    ):
        assert expected in text, (expected, text)
    # what jobs' upload path runs on a file (POST /uploads): a PDF it stores as uploaded
    processed = process_upload(content)
    assert processed.kind is UploadKind.PDF
    # nothing written: no event, no stored file
    assert await _writes(committed_sessions) == before


async def test_the_headings_follow_the_site_language(
    graphql: GraphQLClient, tokens: TokenIssuer, labelled_terms: None
) -> None:
    applicant = Applicant(graphql, tokens)
    await _resume_of(applicant)
    german = GraphQLClient(graphql.url, token=applicant.token, frontend="jobboard/de")
    answer = (await german.data(PDF))["myResumePdf"]
    text = _text(base64.b64decode(answer["contentBase64"]))
    assert "Berufserfahrung" in text
    assert "seit 03/2016" in text


async def test_only_my_own_resume_and_only_for_applicants(
    graphql: GraphQLClient, tokens: TokenIssuer, labelled_terms: None
) -> None:
    applicant = Applicant(graphql, tokens)
    await _resume_of(applicant)
    # another applicant gets no one else's resume: they have none
    other = Applicant(graphql, tokens)
    refused = (await other.graphql.data(PDF))["myResumePdf"]
    assert refused == {
        "__typename": "ResumeImportError",
        "code": "NO_RESUME",
        "message": "You have no resume yet: create one, or upload your CV as a file.",
    }
    for roles in (["recruiter"], ["administrator"]):
        caller = graphql.as_user(tokens.token(uuid.uuid4(), roles))
        assert (await caller.data(PDF))["myResumePdf"]["code"] == "FORBIDDEN"
    visitor = await graphql.execute(PDF)
    assert visitor["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"


async def test_refused_while_the_site_has_resumes_off(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    labelled_terms: None,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    applicant = Applicant(graphql, tokens)
    await _resume_of(applicant)
    site = f"nores{uuid.uuid4().hex[:6]}"
    async with committed_sessions() as session, session.begin():
        await session.execute(
            site_settings.insert().values(site=site, key="features", name="resume", value=False)
        )
    on_site = GraphQLClient(graphql.url, token=applicant.token, frontend=f"{site}/en")
    assert (await on_site.data(PDF))["myResumePdf"] == {
        "__typename": "ResumeImportError",
        "code": "FEATURE_OFF",
        "message": "Resumes are not available on this site.",
    }
    # the import flag is not this one's: a site without imports still renders the PDF
    other_site = f"noimp{uuid.uuid4().hex[:6]}"
    async with committed_sessions() as session, session.begin():
        await session.execute(
            site_settings.insert().values(
                site=other_site, key="features", name="resume_import", value=False
            )
        )
    without_import = GraphQLClient(graphql.url, token=applicant.token, frontend=f"{other_site}/en")
    assert (await without_import.data(PDF))["myResumePdf"]["__typename"] == "ResumePdf"
