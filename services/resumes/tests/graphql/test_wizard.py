"""The wizard (spec 2, 3, 5): each step saved on the applicant's own resume, validated with
clear errors as data (never a 500), the site's resume configuration nulling birthday and the
education time period, ordered entries, completeness, visibility, and the events."""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.tokens import TokenIssuer
from resumes.db import outbox
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.resumes.tests.factories import (
    BACHELOR,
    CARE,
    ENGLISH,
    FULL_TIME,
    GERMAN,
    NURSING,
    add_terms,
    organization,
)

pytestmark = pytest.mark.integration

ERRORS = "... on ResumeErrors { message errors { field code message } }"
RESUME_FIELDS = """id title firstName lastName phone birthday findable searchable
  completeness { percent missing complete }
  education { id institution startDate endDate } workExperience { id jobTitle startDate }
  languages { language { tid } level } skills { tid } skillsFree"""


def _mutation(name: str, signature: str, arguments: str) -> str:
    return f"""mutation{signature} {{ {name}({arguments}) {{ __typename
      ... on ResumeSaved {{ resume {{ {RESUME_FIELDS} }} }} {ERRORS} }} }}"""


PERSONAL = _mutation("savePersonalInfo", "($i: ResumePersonalInfoInput!)", "input: $i")
PREFERENCES = _mutation("saveJobPreferences", "($i: ResumeJobPreferencesInput!)", "input: $i")
ADD_EDUCATION = _mutation("addEducation", "($i: ResumeEducationInput!)", "input: $i")
ADD_WORK = _mutation("addWorkExperience", "($i: ResumeWorkExperienceInput!)", "input: $i")
REORDER_EDUCATION = _mutation("reorderEducation", "($ids: [ID!]!)", "ids: $ids")
REMOVE_EDUCATION = _mutation("removeEducation", "($id: ID!)", "id: $id")
LANGUAGES = _mutation("setLanguages", "($i: ResumeLanguagesInput!)", "input: $i")
SKILLS = _mutation("setSkills", "($i: ResumeSkillsInput!)", "input: $i")
VISIBILITY = _mutation("setResumeVisibility", "($f: Boolean!)", "findable: $f")
SNAPSHOT = """{ myResume { title firstName phone languages { level } skills { tid }
  workExperience { id } } }"""
RECRUITER_VIEW = "query($id: ID!) { resume(id: $id) { id title firstName } }"

ME = {
    "firstName": "Grace",
    "lastName": "Hopper",
    "phone": "+1 555 0100",
    "birthday": "1985-12-09",
    "homeLocation": {"locality": "Arlington", "countryCode": "US"},
}


@pytest.fixture
async def applicant(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> GraphQLClient:
    await add_terms(committed_sessions)
    return graphql.as_user(
        tokens.token(uuid.uuid4(), ["applicant"], email=f"a-{uuid.uuid4().hex[:6]}@example.org")
    )


async def _saved(client: GraphQLClient, query: str, **variables: Any) -> dict[str, Any]:
    answer = next(iter((await client.data(query, **variables)).values()))
    assert answer["__typename"] == "ResumeSaved", answer
    result: dict[str, Any] = answer["resume"]
    return result


async def _refused(client: GraphQLClient, query: str, **variables: Any) -> list[dict[str, Any]]:
    answer = next(iter((await client.data(query, **variables)).values()))
    assert answer["__typename"] == "ResumeErrors", answer
    return [{"field": e["field"], "code": e["code"]} for e in answer["errors"]]


async def test_a_whole_wizard_makes_a_complete_searchable_resume(
    applicant: GraphQLClient,
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    assert (await applicant.data("{ myResume { id } }"))["myResume"] is None
    first = await _saved(applicant, PERSONAL, i=ME)
    assert first["firstName"] == "Grace"
    # this site's resume configuration nulls the birthday: never stored nor answered
    assert first["birthday"] is None
    assert first["completeness"] == {
        "percent": 22,
        "missing": [
            "TITLE",
            "DESIRED_OCCUPATION",
            "CAREER_STATUS",
            "DESIRED_LOCATION",
            "EXPERIENCE_OR_EDUCATION",
            "LANGUAGES",
            "SKILLS",
        ],
        "complete": False,
    }
    await _saved(
        applicant,
        PREFERENCES,
        i={
            "title": "Night nurse",
            "desiredOccupationTid": NURSING,
            "employmentTypeTids": [FULL_TIME],
            "desiredLocation": {"locality": "Berlin", "countryCode": "de"},
            "desiredSalary": {"min": 40000, "max": 52000, "currency": "EUR", "unit": "YEAR"},
            "careerStatus": "PROFESSIONAL",
            "availabilityPeriods": ["FULL_TIME", "SHIFTS"],
        },
    )
    school = await _saved(
        applicant,
        ADD_EDUCATION,
        i={"institution": "Charité School", "degreeLevelTid": BACHELOR, "startDate": "2010-09-01"},
    )
    # the education time period is nulled on this site
    assert school["education"][0]["startDate"] is None
    second = await _saved(applicant, ADD_EDUCATION, i={"institution": "Evening school"})
    ids = [entry["id"] for entry in second["education"]]
    reordered = await _saved(applicant, REORDER_EDUCATION, ids=list(reversed(ids)))
    assert [e["institution"] for e in reordered["education"]] == [
        "Evening school",
        "Charité School",
    ]
    work = await _saved(
        applicant,
        ADD_WORK,
        i={"jobTitle": "Nurse", "startDate": "2015-01-01", "endDate": "2020-01-01"},
    )
    assert work["workExperience"][0]["startDate"] == "2015-01-01"
    await _saved(applicant, LANGUAGES, i={"languages": [{"tid": ENGLISH, "level": "C1"}]})
    done = await _saved(
        applicant, SKILLS, i={"skillTids": [CARE], "skillsFree": ["Triage", "triage"]}
    )
    assert done["skillsFree"] == ["Triage"]
    assert done["completeness"] == {"percent": 100, "missing": [], "complete": True}
    assert done["searchable"] is False  # complete, but not findable yet

    recruiter = graphql.as_user(tokens.token(uuid.uuid4(), ["recruiter"]))
    assert (await recruiter.data(RECRUITER_VIEW, id=done["id"]))["resume"] is None
    shown = await _saved(applicant, VISIBILITY, f=True)
    assert (shown["findable"], shown["searchable"]) == (True, True)
    seen = (await recruiter.data(RECRUITER_VIEW, id=done["id"]))["resume"]
    assert seen == {"id": done["id"], "title": "Night nurse", "firstName": None}

    # removing the last entries makes it incomplete again: no longer searchable
    for entry in reordered["education"]:
        await _saved(applicant, REMOVE_EDUCATION, id=entry["id"])
    mine = (await applicant.data("{ myResume { workExperience { id } } }"))["myResume"]
    await _saved(
        applicant,
        _mutation("removeWorkExperience", "($id: ID!)", "id: $id"),
        id=mine["workExperience"][0]["id"],
    )
    gone = (await applicant.data("{ myResume { searchable completeness { missing } } }"))[
        "myResume"
    ]
    assert gone == {"searchable": False, "completeness": {"missing": ["EXPERIENCE_OR_EDUCATION"]}}
    assert (await recruiter.data(RECRUITER_VIEW, id=done["id"]))["resume"] is None

    # the events: versioned, public fields only
    async with committed_sessions() as session:
        rows = (
            await session.execute(
                select(outbox.c.event_type, outbox.c.body)
                .where(outbox.c.key == done["id"])
                .order_by(outbox.c.id)
            )
        ).all()
    kinds = [row.event_type for row in rows]
    # made findable, ``updated`` says so: the resume's last event is the whole resume, as its
    # compacted topic needs (``visibility_changed`` only says a resume left the search)
    assert "resumes.resume.visibility_changed" not in kinds
    assert kinds[-1] == "resumes.resume.updated"
    updated = [json.loads(row.body) for row in rows if row.event_type == "resumes.resume.updated"]
    versions = [event["aggregate_version"] for event in updated]
    assert versions == sorted(versions)
    assert len(set(versions)) == len(versions)
    searchable = next(event["payload"] for event in updated if event["payload"]["searchable"])
    assert searchable["title"] == "Night nurse"
    assert searchable["languages"] == [{"tid": ENGLISH, "level": "c1"}]
    for event in updated:
        body = json.dumps(event["payload"])
        for private in ("Grace", "Hopper", "555 0100", "1985", "Arlington", "@example.org"):
            assert private not in body
        for key in ("first_name", "last_name", "phone", "birthday", "home_location", "email"):
            assert key not in event["payload"]


@pytest.mark.parametrize(
    ("query", "variables", "expected"),
    [
        (PERSONAL, {"i": {"firstName": " ", "lastName": "X"}}, [("firstName", "TOO_SHORT")]),
        (
            PERSONAL,
            {"i": {"firstName": "A", "lastName": "B", "phone": "call me maybe"}},
            [("phone", "INVALID")],
        ),
        (
            PERSONAL,
            {"i": {"firstName": "A", "lastName": "B", "birthday": "2099-01-01"}},
            [("birthday", "INVALID")],
        ),
        (
            PERSONAL,
            {
                "i": {
                    "firstName": "A",
                    "lastName": "B",
                    "homeLocation": {"locality": "X", "countryCode": "Germany"},
                }
            },
            [("homeLocation.countryCode", "INVALID")],
        ),
        (PREFERENCES, {"i": {"title": "x"}}, [("title", "TOO_SHORT")]),
        (
            PREFERENCES,
            {"i": {"title": "Nurse", "desiredSalary": {"min": 5000, "max": 10}}},
            [("desiredSalary", "INVALID")],
        ),
        (
            PREFERENCES,
            {"i": {"title": "Nurse", "desiredOccupationTid": 999999}},
            [("desiredOccupationTid", "UNKNOWN_TERM")],
        ),
        (
            ADD_WORK,
            {"i": {"jobTitle": "Nurse", "startDate": "2020-01-01", "endDate": "2019-01-01"}},
            [("endDate", "INVALID")],
        ),
        (
            LANGUAGES,
            {
                "i": {
                    "languages": [{"tid": ENGLISH, "level": "A1"}, {"tid": ENGLISH, "level": "B2"}]
                }
            },
            [("languages", "INVALID")],
        ),
        (
            LANGUAGES,
            {"i": {"languages": [{"tid": NURSING, "level": "A1"}]}},
            [("languages", "UNKNOWN_TERM")],
        ),
        (SKILLS, {"i": {"skillTids": [GERMAN]}}, [("skillTids", "UNKNOWN_TERM")]),
        (SKILLS, {"i": {"skillsFree": ["x" * 101]}}, [("skillsFree.0", "TOO_LONG")]),
    ],
)
async def test_invalid_steps_are_refused_field_by_field_and_change_nothing(
    applicant: GraphQLClient,
    query: str,
    variables: dict[str, Any],
    expected: list[tuple[str, str]],
) -> None:
    await _saved(applicant, PERSONAL, i={"firstName": "Kept", "lastName": "As is"})
    before = await applicant.data(SNAPSHOT)
    refused = await _refused(applicant, query, **variables)
    assert [(e["field"], e["code"]) for e in refused] == expected
    assert await applicant.data(SNAPSHOT) == before


async def test_only_applicants_keep_a_resume_and_entries_are_their_own(
    applicant: GraphQLClient, graphql: GraphQLClient, tokens: TokenIssuer
) -> None:
    anonymous = await graphql.execute(PERSONAL, i=ME)
    assert anonymous["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"
    recruiter = graphql.as_user(tokens.token(uuid.uuid4(), ["recruiter"]))
    assert await _refused(recruiter, PERSONAL, i=ME) == [{"field": None, "code": "FORBIDDEN"}]
    # before the first step there is nothing to add entries to
    assert await _refused(applicant, ADD_WORK, i={"jobTitle": "Nurse"}) == [
        {"field": None, "code": "NOT_FOUND"}
    ]
    mine = await _saved(applicant, PERSONAL, i={"firstName": "A", "lastName": "B"})
    mine = await _saved(applicant, ADD_EDUCATION, i={"institution": "School"})
    other = graphql.as_user(tokens.token(uuid.uuid4(), ["applicant"]))
    await _saved(other, PERSONAL, i={"firstName": "C", "lastName": "D"})
    entry = mine["education"][0]["id"]
    assert await _refused(other, REMOVE_EDUCATION, id=entry) == [
        {"field": "id", "code": "NOT_FOUND"}
    ]
    assert await _refused(other, REMOVE_EDUCATION, id="not-a-uuid") == [
        {"field": "id", "code": "NOT_FOUND"}
    ]
    assert await _refused(applicant, REORDER_EDUCATION, ids=[entry, entry]) == [
        {"field": "ids", "code": "INVALID"}
    ]


async def test_hiding_from_an_unknown_organization_is_refused(
    applicant: GraphQLClient, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    await _saved(applicant, PERSONAL, i={"firstName": "A", "lastName": "B"})
    hide = (
        """mutation($o: ID!) { hideResumeFromOrganization(organizationId: $o) { __typename
      ... on ResumeSaved { resume { hiddenFromOrganizationIds } } """
        + ERRORS
        + " } }"
    )
    refused = (await applicant.data(hide, o=str(uuid.uuid4())))["hideResumeFromOrganization"]
    assert refused["errors"][0]["code"] == "UNKNOWN_ORGANIZATION"
    known = await organization(committed_sessions)
    saved = (await applicant.data(hide, o=known))["hideResumeFromOrganization"]
    assert saved["resume"]["hiddenFromOrganizationIds"] == [known]
