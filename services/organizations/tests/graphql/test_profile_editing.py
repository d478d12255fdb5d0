"""Recruiters found organizations and edit every profile group through GraphQL; visitors and
other organizations' recruiters see only what is public and change nothing."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.statements import StatementLog
from jobkit.testing.tokens import TokenIssuer
from jobkit.vocabulary import TermUpserted, apply_term_upserted
from organizations.db import terms
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.organizations.tests.factories import address

pytestmark = pytest.mark.integration

RESULT = """__typename
  ... on OrganizationProfileSaved {
    profile { id slug status name personalInfo { firstName } updatedAt publishedAt } }
  ... on OrganizationErrors { message errors { field code message } }"""
CREATE = (
    f"mutation($i: CreateOrganizationInput!) {{ createOrganization(input: $i) {{ {RESULT} }} }}"
)
PUBLIC = """query($id: ID, $slug: String) { organizationProfile(id: $id, slug: $slug) {
  id slug status name alternativeName url { path } urlNoPrefix website
  socialProfiles { linkedin blueSky } personalInfo { firstName lastName }
  companyInfo { name address { locality countryCode lat lon } }
  presentation industry { tid } size { tid } occupation { tid } benefits { tid }
  contactPersons { firstName email } videos { source embedUrl } faq { question answer }
  locations { name address { locality lat lon } } organization { id number name }
  canEdit metatags { meta value } } }"""

INDUSTRY, SIZE, OCCUPATION, BENEFIT = 910001, 910002, 910003, 910004


def _mutation(name: str, input_type: str) -> str:
    return f"mutation($id: ID!, $i: {input_type}!) {{ {name}(id: $id, input: $i) {{ {RESULT} }} }}"


UPDATE = {
    "personal_info": _mutation("updateOrganizationPersonalInfo", "PersonalInfoInput"),
    "company_info": _mutation("updateOrganizationCompanyInfo", "CompanyInfoInput"),
    "organization_info": _mutation("updateOrganizationInfo", "OrganizationInfoInput"),
    "about": _mutation("updateOrganizationAbout", "AboutInput"),
    "benefits": _mutation("updateOrganizationBenefits", "BenefitsInput"),
    "contact_persons": _mutation("updateOrganizationContactPersons", "ContactPersonsInput"),
    "videos": _mutation("updateOrganizationVideos", "VideosInput"),
    "locations": _mutation("updateOrganizationLocations", "LocationsInput"),
    "faq": _mutation("updateOrganizationFaq", "FaqInput"),
}
PUBLISH = f"mutation($id: ID!) {{ publishOrganizationProfile(id: $id) {{ {RESULT} }} }}"


@pytest.fixture(autouse=True)
async def vocabulary(committed_sessions: async_sessionmaker[AsyncSession]) -> None:
    async with committed_sessions() as session, session.begin():
        for tid, vocabulary, label in [
            (INDUSTRY, "industries", "Environment"),
            (SIZE, "organization_sizes", "6-15 employees"),
            (OCCUPATION, "occupational_fields", "Program management"),
            (BENEFIT, "benefits", "Flexible hours"),
        ]:
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


def recruiter(graphql: GraphQLClient, tokens: TokenIssuer) -> tuple[str, GraphQLClient]:
    user_id = str(uuid.uuid4())
    return user_id, graphql.as_user(tokens.token(user_id, ["recruiter"]))


async def _create(client: GraphQLClient, name: str = "Green Harbor Foundation") -> dict[str, Any]:
    answer = (await client.data(CREATE, i={"name": name}))["createOrganization"]
    assert answer["__typename"] == "OrganizationProfileSaved", answer
    profile: dict[str, Any] = answer["profile"]
    return profile


def _codes(answer: dict[str, Any]) -> list[tuple[str | None, str]]:
    [result] = answer.values()
    return [(e["field"], e["code"]) for e in result.get("errors", [])]


async def _fill(client: GraphQLClient, pid: str) -> None:
    groups: dict[str, dict[str, Any]] = {
        "personal_info": {
            "firstName": "Rita",
            "lastName": "Billing",
            "phone": "+1 617 555 0100",
            "position": "Finance",
        },
        "company_info": {"name": "Green Harbor Foundation Inc.", "address": address()},
        "organization_info": {
            "name": "Green Harbor Foundation",
            "alternativeName": "GHF",
            "website": "https://greenharbor.example.org",
            "organizationLocation": address(),
            "socialProfiles": {
                "linkedin": "https://www.linkedin.com/company/ghf",
                "blueSky": "https://bsky.app/profile/ghf.example",
            },
        },
        "about": {
            "presentation": "<p>We restore <strong>coasts</strong>.<script>x()</script></p>",
            "industryTid": INDUSTRY,
            "sizeTid": SIZE,
            "occupationTids": [OCCUPATION],
        },
        "benefits": {"benefitTids": [BENEFIT]},
        "contact_persons": {
            "items": [
                {
                    "firstName": "Omar",
                    "lastName": "Haddad",
                    "email": "omar@ghf.example.org",
                    "position": "HR",
                }
            ]
        },
        "videos": {"items": [{"source": "https://www.youtube.com/watch?v=dQw4w9WgXcQ"}]},
        "locations": {
            "items": [
                {
                    "name": "Berlin office",
                    "address": address(
                        countryCode="DE", locality="Berlin", administrativeArea=None, zip="10115"
                    ),
                }
            ]
        },
        "faq": {"items": [{"question": "Do you sponsor visas?", "answer": "Yes, for most roles."}]},
    }
    for group, data in groups.items():
        answer = await client.data(UPDATE[group], id=pid, i=data)
        assert _codes(answer) == [], (group, answer)


async def test_a_recruiter_founds_fills_and_publishes_a_profile(
    graphql: GraphQLClient, tokens: TokenIssuer
) -> None:
    _, client = recruiter(graphql, tokens)
    created = await _create(client)
    pid = created["id"]
    assert created["status"] == "DRAFT"
    assert created["slug"] == "green-harbor-foundation"
    # a draft is invisible to visitors
    assert (await graphql.data(PUBLIC, id=pid))["organizationProfile"] is None

    await _fill(client, pid)
    published = await client.data(PUBLISH, id=pid)
    assert published["publishOrganizationProfile"]["profile"]["status"] == "PUBLISHED"

    public = (await graphql.data(PUBLIC, slug="green-harbor-foundation"))["organizationProfile"]
    assert public["personalInfo"] is None  # private, even though it is filled
    assert public["canEdit"] is False
    assert public["url"] == {"path": "/organization/green-harbor-foundation"}
    assert public["urlNoPrefix"] == "organization/green-harbor-foundation"
    assert public["presentation"] == "<p>We restore <strong>coasts</strong>.</p>"
    assert public["industry"] == {"tid": INDUSTRY}
    assert public["benefits"] == [{"tid": BENEFIT}]
    assert public["companyInfo"]["address"]["lat"] == pytest.approx(42.36, abs=0.01)
    assert public["locations"][0]["address"]["lat"] == pytest.approx(52.52, abs=0.01)
    assert public["videos"][0]["embedUrl"] == "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"
    assert public["socialProfiles"]["blueSky"] == "https://bsky.app/profile/ghf.example"
    assert public["organization"]["name"] == "Green Harbor Foundation"
    assert isinstance(public["organization"]["number"], int)
    tags = {t["meta"]: t["value"] for t in public["metatags"]}
    assert tags["title"] == "Green Harbor Foundation | Jobboard"
    assert tags["canonical"] == "/organization/green-harbor-foundation"
    assert tags["description"].startswith("We restore coasts.")

    mine = (await client.data(PUBLIC, id=pid))["organizationProfile"]
    assert mine["personalInfo"] == {"firstName": "Rita", "lastName": "Billing"}
    assert mine["canEdit"] is True


async def test_another_organizations_recruiter_changes_nothing_and_sees_no_private_data(
    graphql: GraphQLClient, tokens: TokenIssuer
) -> None:
    _, owner = recruiter(graphql, tokens)
    pid = (await _create(owner, "Open Meadow Health"))["id"]
    await _fill(owner, pid)
    await owner.data(PUBLISH, id=pid)
    _, other = recruiter(graphql, tokens)
    await _create(other, "Someone Else")
    for group in ("personal_info", "company_info", "about"):
        data = {
            "personal_info": {"firstName": "X", "lastName": "Y"},
            "company_info": {"name": "Hijacked", "address": address()},
            "about": {"presentation": "<p>mine now</p>"},
        }[group]
        refused = await other.data(UPDATE[group], id=pid, i=data)
        assert _codes(refused) == [(None, "FORBIDDEN")]
    assert (await other.data(PUBLIC, id=pid))["organizationProfile"]["personalInfo"] is None
    applicant = graphql.as_user(tokens.token(str(uuid.uuid4()), ["applicant"]))
    denied = await applicant.execute(UPDATE["faq"], id=pid, i={"items": []})
    assert denied["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    visitor = await graphql.execute(UPDATE["faq"], id=pid, i={"items": []})
    assert visitor["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"
    admin = graphql.as_user(tokens.token(str(uuid.uuid4()), ["administrator"]))
    assert (await admin.data(PUBLIC, id=pid))["organizationProfile"]["personalInfo"] == {
        "firstName": "Rita",
        "lastName": "Billing",
    }


@pytest.mark.parametrize(
    ("group", "data", "expected"),
    [
        (
            "organization_info",
            {"name": "X", "website": "javascript:alert(1)"},
            [("website", "INVALID")],
        ),
        (
            "organization_info",
            {"name": "X", "socialProfiles": {"facebook": "https://evil.example"}},
            [("socialProfiles", "INVALID")],
        ),
        ("about", {"industryTid": 12345678}, [("industryTid", "UNKNOWN_TERM")]),
        ("about", {"industryTid": BENEFIT}, [("industryTid", "UNKNOWN_TERM")]),
        ("benefits", {"benefitTids": [INDUSTRY]}, [("benefitTids", "UNKNOWN_TERM")]),
        (
            "company_info",
            {"name": "", "address": address(countryCode="USA")},
            [("name", "TOO_SHORT"), ("address.countryCode", "INVALID")],
        ),
        (
            "videos",
            {"items": [{"source": "https://evil.example/v"}]},
            [("items.0.source", "INVALID")],
        ),
        (
            "organization_info",
            {"name": "X", "logoUploadId": str(uuid.uuid4())},
            [("logoUploadId", "UNKNOWN_UPLOAD")],
        ),
    ],
)
async def test_bad_group_values_answer_their_field_and_code(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    group: str,
    data: dict[str, Any],
    expected: list[tuple[str, str]],
) -> None:
    _, client = recruiter(graphql, tokens)
    pid = (await _create(client, f"Org {uuid.uuid4().hex[:6]}"))["id"]
    answer = await client.data(UPDATE[group], id=pid, i=data)
    assert sorted(_codes(answer)) == sorted(expected)


async def test_publishing_needs_company_info_and_a_presentation(
    graphql: GraphQLClient, tokens: TokenIssuer
) -> None:
    _, client = recruiter(graphql, tokens)
    pid = (await _create(client, f"Early {uuid.uuid4().hex[:6]}"))["id"]
    answer = await client.data(PUBLISH, id=pid)
    assert sorted(_codes(answer)) == [
        ("companyInfo", "INCOMPLETE_PROFILE"),
        ("presentation", "INCOMPLETE_PROFILE"),
    ]


async def test_a_renamed_profile_keeps_its_old_slug_as_a_former_one(
    graphql: GraphQLClient, tokens: TokenIssuer
) -> None:
    _, client = recruiter(graphql, tokens)
    suffix = uuid.uuid4().hex[:6]
    pid = (await _create(client, f"Riverbend {suffix}"))["id"]
    await _fill(client, pid)
    await client.data(PUBLISH, id=pid)
    renamed = await client.data(
        UPDATE["organization_info"], id=pid, i={"name": f"Riverbend Literacy {suffix}"}
    )
    assert renamed["updateOrganizationInfo"]["profile"]["slug"] == f"riverbend-literacy-{suffix}"
    old = (await graphql.data(PUBLIC, slug=f"riverbend-{suffix}"))["organizationProfile"]
    assert old["slug"] == f"riverbend-literacy-{suffix}"  # the page redirects to it
    # a second organization with the first name gets its own slug
    _, other = recruiter(graphql, tokens)
    second = await _create(other, f"Riverbend {suffix}")
    assert second["slug"] == f"riverbend-{suffix}-2"


async def test_the_list_of_updatable_profiles_runs_a_bounded_number_of_statements(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    statements: Callable[[], AbstractContextManager[StatementLog]],
) -> None:
    query = (
        "{ updatableOrganizationProfiles { id name presentation industry { tid }"
        " benefits { tid } organization { id } url { path } urlNoPrefix"
        " logo { url alt title } personalInfo { firstName } canEdit } }"
    )
    _, client = recruiter(graphql, tokens)
    counts = []
    for _ in range(2):
        for _ in range(3):
            pid = (await _create(client, f"Bulk {uuid.uuid4().hex[:6]}"))["id"]
            await _fill(client, pid)
        with statements() as log:
            listed = (await client.data(query))["updatableOrganizationProfiles"]
        counts.append(log.count)
    assert len(listed) == 6
    assert counts[0] == counts[1]  # 3 or 6 profiles: the same number of statements
    assert counts[1] <= 4


async def test_visitors_get_no_updatable_profiles(graphql: GraphQLClient) -> None:
    answer = await graphql.execute("{ updatableOrganizationProfiles { id } }")
    assert answer["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"
