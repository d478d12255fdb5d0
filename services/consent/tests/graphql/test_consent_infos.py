"""getGdprConsentInfos through GraphQL, and bad strings refused before the database."""

import uuid
from datetime import UTC, datetime, timedelta

import httpx
import pytest
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.service import persist
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.consent.tests.factories import consent_info

pytestmark = pytest.mark.integration

INFOS = """query($type: String, $placement: String) {
  getGdprConsentInfos(type: $type, placement: $placement) { id type optIn text }
}"""

# The spec's document, with every argument it names (section 7).
SPEC_INFOS = """query getGdprConsentInfos($id: ID, $type: String, $limit: Int, $offset: Int,
  $sorting: String, $placement: String, $language: String, $path: String) {
  getGdprConsentInfos(id: $id, type: $type, limit: $limit, offset: $offset, sorting: $sorting,
    placement: $placement, language: $language, path: $path) { id type optIn text }
}"""


async def test_health(service_url: str) -> None:
    async with httpx.AsyncClient() as client:
        assert (await client.get(f"{service_url}/healthz")).json()["service"] == "consent"


async def test_infos_filter_by_type_and_placement(
    graphql: GraphQLClient, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    kind = f"TYPE_{uuid.uuid4().hex[:6].upper()}"
    await persist(
        committed_sessions,
        *consent_info(type=kind, placement="REGISTRATION", text="We keep your data."),
        *consent_info(type=kind, placement="JOB_APPLICATION", text="Other text."),
    )
    answer = await graphql.data(INFOS, type=kind, placement="REGISTRATION")
    assert [(i["type"], i["optIn"], i["text"]) for i in answer["getGdprConsentInfos"]] == [
        (kind, True, "We keep your data.")
    ]


async def test_every_spec_argument_language_path_and_sorting(
    graphql: GraphQLClient, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    kind = f"TYPE_{uuid.uuid4().hex[:6].upper()}"
    first, first_revision = consent_info(type=kind, path="/apply")
    first_revision.texts = {"en": "<p>English</p>", "de": "<p>Deutsch</p>"}  # type: ignore[attr-defined]
    later = datetime.now(UTC) + timedelta(minutes=1)
    second = consent_info(type=kind, text="<p>Everywhere</p>", opt_in=False, created_at=later)
    await persist(committed_sessions, first, first_revision, *second)
    everything = await graphql.data(
        SPEC_INFOS,
        type=kind,
        limit=10,
        offset=0,
        sorting="-created",
        placement="REGISTRATION",
        language="de",
        path="/apply",
    )
    assert [i["text"] for i in everything["getGdprConsentInfos"]] == [
        "<p>Everywhere</p>",
        "<p>Deutsch</p>",
    ]
    elsewhere = await graphql.data(SPEC_INFOS, type=kind, path="/jobs", language="fr")
    assert [i["optIn"] for i in elsewhere["getGdprConsentInfos"]] == [False]
    by_id = await graphql.data(SPEC_INFOS, id=str(first.id), language="fr")  # type: ignore[attr-defined]
    assert [i["text"] for i in by_id["getGdprConsentInfos"]] == ["<p>English</p>"]
    unknown = await graphql.execute(SPEC_INFOS, sorting="colour")
    assert unknown["errors"][0]["extensions"]["code"] == "BAD_USER_INPUT"


@pytest.mark.parametrize("bad", ["x\x00", "\ud800"])
async def test_a_nul_byte_gets_a_clear_error_and_no_sql(graphql: GraphQLClient, bad: str) -> None:
    # On main this answered the raw database error, SQL statement included.
    answer = await graphql.execute(INFOS, type=bad)
    assert answer["data"] is None
    [error] = answer["errors"]
    assert error["extensions"]["code"] == "BAD_USER_INPUT"
    assert "SELECT" not in str(answer)
    assert "consent_infos" not in str(answer)
    inline = await graphql.execute('{ getGdprConsentInfos(type: "x\\u0000") { id } }')
    assert inline["errors"][0]["extensions"]["code"] == "BAD_USER_INPUT"
