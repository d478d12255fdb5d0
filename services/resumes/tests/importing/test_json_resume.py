"""JSON Resume: reading a document, writing a draft out (schema-valid), and the round trip."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import jsonschema
from resumes.importing import (
    EducationEntry,
    LanguageEntry,
    PersonalInfo,
    ResumeDraft,
    SkillEntry,
    WorkEntry,
    YearMonth,
    export_json_resume,
    read_resume,
)

from services.resumes.tests.importing.corpus import LAYOUTS, PEOPLE, VOCABULARY

# The parts of the JSON Resume v1 schema (jsonresume/resume-schema, draft-07) an export writes;
# objects closed here (the published schema leaves them open) so a misspelt key fails.
_DATE = {
    "type": "string",
    "pattern": r"^([1-2][0-9]{3}-[0-1][0-9]-[0-3][0-9]|[1-2][0-9]{3}-[0-1][0-9]|[1-2][0-9]{3})$",
}
_TEXT = {"type": "string"}
SCHEMA: dict[str, Any] = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "$schema": {"type": "string", "format": "uri"},
        "basics": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "name": _TEXT,
                "label": _TEXT,
                "email": {"type": "string", "format": "email"},
                "phone": _TEXT,
                "summary": _TEXT,
                "location": {
                    "type": "object",
                    "additionalProperties": False,
                    "properties": {"city": _TEXT, "countryCode": _TEXT, "region": _TEXT},
                },
            },
        },
        "work": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "name": _TEXT,
                    "position": _TEXT,
                    "startDate": _DATE,
                    "endDate": _DATE,
                    "summary": _TEXT,
                    "highlights": {"type": "array", "items": _TEXT},
                },
            },
        },
        "education": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "institution": _TEXT,
                    "area": _TEXT,
                    "studyType": _TEXT,
                    "startDate": _DATE,
                    "endDate": _DATE,
                },
            },
        },
        "languages": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["language"],
                "properties": {"language": _TEXT, "fluency": _TEXT},
            },
        },
        "skills": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["name"],
                "properties": {"name": _TEXT, "level": _TEXT, "keywords": {"type": "array"}},
            },
        },
        "meta": {
            "type": "object",
            "properties": {"version": _TEXT, "canonical": _TEXT, "lastModified": _TEXT},
        },
    },
}


def _valid(document: dict[str, Any]) -> None:
    jsonschema.Draft7Validator(SCHEMA).validate(document)


DOCUMENT = {
    "basics": {
        "name": "Richard Hendricks",
        "label": "Programmer",
        "email": "richard.hendricks@example.com",
        "phone": "(912) 555-4321",
        "summary": "Richard hails from Tulsa.",
        "location": {"address": "2712 Broadway St", "city": "San Francisco", "countryCode": "US"},
        "profiles": [{"network": "Twitter", "username": "neutralthoughts"}],
    },
    "work": [
        {
            "name": "Pied Piper",
            "position": "CEO/President",
            "startDate": "2013-12-01",
            "endDate": "2014-12-01",
            "summary": "Pied Piper is a multi-platform technology.",
            "highlights": ["Build an algorithm", "Successfully won Techcrunch Disrupt"],
        },
        {"name": "Hooli", "position": "Engineer", "startDate": "2015"},
    ],
    "education": [
        {
            "institution": "University of Oklahoma",
            "area": "Information Technology",
            "studyType": "Bachelor",
            "startDate": "2011-06",
            "endDate": "2014-01-01",
            "courses": ["DB1101 - Basic SQL"],
        }
    ],
    "skills": [
        {"name": "Web Development", "level": "Master", "keywords": ["HTML", "JavaScript"]},
        {"name": "Compression", "keywords": ["Mpeg", "python3"]},
    ],
    "languages": [{"language": "English", "fluency": "Native speaker"}],
    "interests": [{"name": "Wildlife"}],
}


def test_a_json_resume_is_read_by_content() -> None:
    data = b"\xef\xbb\xbf\n  " + json.dumps(DOCUMENT).encode()
    draft = read_resume(data, vocabulary=VOCABULARY)
    assert draft.source == "json_resume"
    assert draft.personal == PersonalInfo(
        first_name="Richard",
        last_name="Hendricks",
        email="richard.hendricks@example.com",
        phone="(912) 555-4321",
        city="San Francisco",
    )
    assert draft.headline == "Programmer"
    assert draft.work[0] == WorkEntry(
        title="CEO/President",
        employer="Pied Piper",
        start=YearMonth(2013, 12),
        end=YearMonth(2014, 12),
        current=False,
        description=(
            "Pied Piper is a multi-platform technology.\nBuild an algorithm\n"
            "Successfully won Techcrunch Disrupt"
        ),
    )
    assert draft.work[1].start == YearMonth(2015)
    assert draft.work[1].current  # no end date: still there
    assert draft.education == (
        EducationEntry(
            degree="Bachelor, Information Technology",
            institution="University of Oklahoma",
            start=YearMonth(2011, 6),
            end=YearMonth(2014, 1),
        ),
    )
    assert draft.languages == (
        LanguageEntry(name="English", code="en", level="Native speaker", cefr="native"),
    )
    assert draft.skills == (
        SkillEntry("Web Development"),
        SkillEntry("HTML"),
        SkillEntry("JavaScript", "skill-js"),
        SkillEntry("Compression"),
        SkillEntry("Mpeg"),
        SkillEntry("Python", "skill-python"),  # by its alias
    )
    assert draft.problems == ()


def test_an_export_validates_against_the_schema() -> None:
    draft = read_resume(LAYOUTS["pdf-one-column"](PEOPLE[0]), vocabulary=VOCABULARY)
    document = export_json_resume(draft)
    _valid(document)
    assert document["basics"]["name"] == "Anna Schmidt"
    assert document["basics"]["location"] == {"city": "Berlin"}
    assert document["work"][0] == {
        "name": "Nordlicht Software GmbH",
        "position": "Senior Softwareentwicklerin",
        "startDate": "2019-03",
        "summary": "Entwicklung von Python-Diensten.\nBetreuung von zwei Werkstudenten.",
    }
    assert document["work"][1]["endDate"] == "2019"
    assert document["skills"][0] == {"name": "Python"}
    assert document["languages"][0] == {"language": "Deutsch", "fluency": "Muttersprache"}
    json.dumps(document)  # serialisable as it is


def test_an_empty_draft_exports_an_almost_empty_valid_document() -> None:
    document = export_json_resume(ResumeDraft(source="profile"))
    _valid(document)
    assert set(document) == {"$schema", "meta"}


def test_round_trip_through_json_resume_keeps_every_field() -> None:
    for layout, person in (("docx-entry-tables", PEOPLE[1]), ("pdf-two-column", PEOPLE[2])):
        read = read_resume(LAYOUTS[layout](person), vocabulary=VOCABULARY)
        exported = export_json_resume(read)
        _valid(exported)
        again = read_resume(json.dumps(exported).encode(), vocabulary=VOCABULARY)
        assert again == replace(read, source="json_resume", problems=())
    assert export_json_resume(again) == exported
