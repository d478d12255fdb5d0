"""Vocabularies through GraphQL: terms by vocabulary, autocomplete, locale labels, entities."""

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from jobkit.frontend import Frontend
from jobkit.graphql import ServiceContext
from jobkit.settings import ServiceSettings
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.statements import StatementLog
from search.graphql.schema import schema
from search.taxonomy.loader import load_vocabularies
from search.taxonomy.seed import read_seed_terms
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

pytestmark = pytest.mark.integration

SEED = read_seed_terms()
TERMS = """query($vocabulary: String!, $search: String, $parentTid: Int, $limit: Int) {
  terms(vocabulary: $vocabulary, search: $search, parentTid: $parentTid, limit: $limit) {
    tid label alias vocabulary parent { tid label }
  }
}"""
ENTITIES = """query($representations: [_Any!]!) { _entities(representations: $representations) {
  ... on Term { tid label alias vocabulary }
} }"""


def tid_of(vocabulary: str, alias: str) -> int:
    return next(t.tid for t in SEED if t.vocabulary == vocabulary and t.aliases["en"] == alias)


@pytest.fixture(autouse=True)
async def vocabularies(
    committed_sessions: async_sessionmaker[AsyncSession], service_settings: ServiceSettings
) -> None:
    await load_vocabularies(committed_sessions, service_settings)  # idempotent: cheap again


async def test_terms_of_a_vocabulary_in_order(graphql: GraphQLClient) -> None:
    terms = (await graphql.data(TERMS, vocabulary="employment_types"))["terms"]
    assert [term["alias"] for term in terms] == [
        "full-time",
        "part-time",
        "contract",
        "temporary",
        "internship",
        "volunteer",
        "freelance",
    ]
    assert terms[0] == {
        "tid": tid_of("employment_types", "full-time"),
        "label": "Full-time",
        "alias": "full-time",
        "vocabulary": "employment_types",
        "parent": None,
    }
    skills = (await graphql.data(TERMS, vocabulary="skills", limit=1000))["terms"]
    assert len(skills) == len([term for term in SEED if term.vocabulary == "skills"]) >= 300
    labels = [term["label"] for term in skills]
    assert labels == sorted(labels, key=str.lower)  # same weight: by label
    page = await graphql.data('{ terms(vocabulary: "skills", limit: 5, offset: 5) { label } }')
    assert [term["label"] for term in page["terms"]] == labels[5:10]
    assert (await graphql.data(TERMS, vocabulary="no_such_vocabulary"))["terms"] == []


async def test_search_autocompletes_on_the_label_any_case_prefixes_first(
    graphql: GraphQLClient,
) -> None:
    found = (await graphql.data(TERMS, vocabulary="skills", search="WRIT"))["terms"]
    labels = [term["label"] for term in found]
    assert "Grant writing" in labels
    assert "Writing" not in labels  # no such skill: only real matches
    assert all("writ" in label.lower() for label in labels)
    assert labels[0] == "Written communication"  # the label starting with it comes first
    assert (await graphql.data(TERMS, vocabulary="skills", search="100%_"))["terms"] == []


async def test_children_of_a_parent_and_their_parent(graphql: GraphQLClient) -> None:
    fundraising = tid_of("occupational_fields", "fundraising-and-development")
    children = (await graphql.data(TERMS, vocabulary="occupational_fields", parentTid=fundraising))[
        "terms"
    ]
    assert [term["alias"] for term in children] == [
        "major-gifts",
        "grant-management",
        "corporate-partnerships",
    ]
    assert {term["parent"]["tid"] for term in children} == {fundraising}


async def test_labels_and_aliases_follow_the_locale(graphql: GraphQLClient) -> None:
    german = graphql.for_site("jobboard/de")
    terms = (await german.data(TERMS, vocabulary="years_of_experience"))["terms"]
    assert terms[0]["label"] == "Keine Berufserfahrung erforderlich"
    assert terms[0]["alias"] == "keine-berufserfahrung-erforderlich"
    found = (await german.data(TERMS, vocabulary="occupational_fields", search="büro"))["terms"]
    assert [term["label"] for term in found][:1] == ["Büromanagement"]
    assert found[0]["parent"]["label"] == "Verwaltung & Büro"
    # a term with no German label (skills) answers the English one
    python = tid_of("skills", "python")
    answer = await german.data("query($tid: Int!) { term(tid: $tid) { label alias } }", tid=python)
    assert answer["term"] == {"label": "Python", "alias": "python"}
    english = await graphql.for_site("jobboard/fr").data(
        "query($tid: Int!) { term(tid: $tid) { label } }",
        tid=tid_of("remote_options", "on-site"),
    )
    assert english["term"] == {"label": "On-site"}


async def test_term_by_id_and_vocabularies(graphql: GraphQLClient) -> None:
    assert (await graphql.data("{ term(tid: 999999) { tid } }"))["term"] is None
    names = (await graphql.data("{ vocabularies }"))["vocabularies"]
    assert names == sorted({term.vocabulary for term in SEED})
    assert "years_of_experience" in names


async def test_entities_resolve_terms_for_the_gateway(graphql: GraphQLClient) -> None:
    hybrid = tid_of("remote_options", "hybrid")
    representations: list[dict[str, Any]] = [
        {"__typename": "Term", "tid": hybrid},
        {"__typename": "Term", "tid": 999999},
    ]
    answer = await graphql.for_site("jobboard/de").data(ENTITIES, representations=representations)
    assert answer["_entities"] == [
        {"tid": hybrid, "label": "Hybrid", "alias": "hybrid", "vocabulary": "remote_options"},
        None,
    ]


async def test_many_entities_are_one_query(
    committed_sessions: async_sessionmaker[AsyncSession],
    service_settings: ServiceSettings,
    statements: Callable[[], AbstractContextManager[StatementLog]],
) -> None:
    tids = [term.tid for term in SEED if term.vocabulary == "skills"][:50]
    context = ServiceContext(
        sessions=committed_sessions,
        settings=service_settings,
        principal=None,
        auth_error=None,
        frontend=Frontend("jobboard", "de"),
    )
    with statements() as log:
        result = await schema.execute(
            ENTITIES,
            variable_values={"representations": [{"__typename": "Term", "tid": t} for t in tids]},
            context_value=context,
        )
    assert result.errors is None
    assert result.data is not None
    assert [entity["tid"] for entity in result.data["_entities"]] == tids
    selects = [s for s in log.statements if s.lstrip().upper().startswith("SELECT")]
    assert len(selects) == 1, log.statements
    assert log.count == 1, log.statements

    # parents of a whole list: the list query and one batched lookup of the parents
    with statements() as log:
        result = await schema.execute(
            TERMS, variable_values={"vocabulary": "occupational_fields"}, context_value=context
        )
    assert result.errors is None
    assert log.count <= 2, log.statements


BY_ALIAS = """query($aliases: [String!]!, $language: String) {
  termsByAlias(aliases: $aliases, language: $language) { tid vocabulary label alias }
}"""


async def test_terms_by_alias_in_the_order_asked_in_one_statement(
    committed_sessions: async_sessionmaker[AsyncSession],
    service_settings: ServiceSettings,
    statements: Callable[[], AbstractContextManager[StatementLog]],
) -> None:
    context = ServiceContext(
        sessions=committed_sessions,
        settings=service_settings,
        principal=None,
        auth_error=None,
        frontend=Frontend("jobboard", "en"),
    )
    aliases = ["part-time", "no-such-alias", "3-5-years-experience", "FULL-TIME"]
    with statements() as log:
        result = await schema.execute(
            BY_ALIAS, variable_values={"aliases": aliases}, context_value=context
        )
    assert result.errors is None
    assert result.data is not None
    assert [(t["vocabulary"], t["alias"]) for t in result.data["termsByAlias"]] == [
        ("employment_types", "part-time"),
        ("years_of_experience", "3-5-years-experience"),
        ("employment_types", "full-time"),
    ]
    assert log.count == 1, log.statements


async def test_terms_by_alias_in_a_language_else_english(graphql: GraphQLClient) -> None:
    german = await graphql.data(BY_ALIAS, aliases=["teilzeit", "full-time"], language="de")
    assert german["termsByAlias"] == [
        {"tid": 3001, "vocabulary": "employment_types", "label": "Teilzeit", "alias": "teilzeit"},
        {"tid": 3000, "vocabulary": "employment_types", "label": "Vollzeit", "alias": "vollzeit"},
    ]
    assert (await graphql.data(BY_ALIAS, aliases=[]))["termsByAlias"] == []
    odd = await graphql.data(BY_ALIAS, aliases=["", "x" * 10_000, "%", "_"])
    assert odd["termsByAlias"] == []
