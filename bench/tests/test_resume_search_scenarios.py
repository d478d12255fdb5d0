"""The resume search scenarios compare like with like: the raw baseline sends Elasticsearch
exactly the request the search service makes for the GraphQL input the other rows send, that
input and query are valid against the supergraph, and the gateway row's token is a recruiter's
signed by identity's key (no network)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jwt
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from graphql import GraphQLSchema, build_schema, coerce_input_value, parse, validate
from graphql.execution.values import get_variable_values
from graphql.language import OperationDefinitionNode
from identity.settings import IdentitySettings
from search.engine.resume_search import RESUME_FACETS, RESUMES, build_resume_query
from search.engine.validation import validate as validate_search
from search.graphql.resume_search import ResumeSearchInput, to_request
from search.graphql.schema import schema as search_schema
from search.site.geo import SiteGeo
from strawberry.types.arguments import convert_argument

from bench.scenarios._resume_search import (
    CITIES,
    FACETS,
    SEARCH,
    TERMS,
    TEXTS,
    cycle_asks,
    elasticsearch_body,
    graphql_input,
    recruiter_token,
)
from bench.scenarios._search import SITE

SUPERGRAPH_API = Path(__file__).resolve().parents[2] / "gateway" / "supergraph-api.graphql"
SKILLS = [4000, 4003, 4004]
ASKS = cycle_asks(SKILLS)


# the demo sites' distances (scripts/demo/board.py): the searches' miles are 1.6 km
DEMO_SITE_GEO = SiteGeo(default_radius=50, unit="mi", km_per_unit=1.6)


def service_input(data: dict[str, Any]) -> ResumeSearchInput:
    """The GraphQL variables as the search subgraph's resolver receives them: coerced against
    its schema (defaults filled in), then turned into its input classes by strawberry."""
    coerced = coerce_input_value(data, search_schema._schema.get_type("ResumeSearchInput"))
    converted = convert_argument(
        coerced,
        ResumeSearchInput,
        search_schema.schema_converter.scalar_registry,
        search_schema.config,
    )
    assert isinstance(converted, ResumeSearchInput)
    return converted


def served_body(data: dict[str, Any]) -> dict[str, Any]:
    """What resumeSearch sends Elasticsearch for these variables (run_resume_search's body)."""
    search = validate_search(to_request(service_input(data), DEMO_SITE_GEO), RESUMES)
    body: dict[str, Any] = build_resume_query(search, site=SITE)
    return body


@pytest.mark.parametrize("n", [0, 1, 17, len(ASKS) - 1])
def test_the_baseline_is_the_services_query_for_the_graphql_input(n: int) -> None:
    assert elasticsearch_body(ASKS[n]) == served_body(graphql_input(ASKS[n]))


def test_the_baseline_asks_a_page_of_findable_resumes_of_one_site_near_a_city() -> None:
    body = elasticsearch_body(ASKS[0])
    filters = body["query"]["bool"]["filter"]
    assert {"term": {"findable": True}} in filters
    assert {"term": {"site": SITE}} in filters
    [geo] = [f["geo_distance"] for f in filters if "geo_distance" in f]
    assert geo["distance"] == "160.0km"  # 100 mi
    assert body["query"]["bool"]["must"]  # the keywords
    assert (body["from"], body["size"]) == (0, 10)
    assert body["sort"][0] == {"updated_at": {"order": "desc", "missing": "_last"}}
    assert set(body["aggs"]) == set(RESUME_FACETS) == set(FACETS)
    assert len(body["post_filter"]["bool"]["filter"]) == 2  # the two facet selections


def test_the_requests_cycle_through_every_text_and_city() -> None:
    assert {(a.text, a.place.label) for a in ASKS} == {
        (text, city) for text in TEXTS for city, _ in CITIES
    }
    assert len({repr(elasticsearch_body(a)) for a in ASKS}) == len(ASKS)


@pytest.fixture(scope="module")
def supergraph() -> GraphQLSchema:
    return build_schema(SUPERGRAPH_API.read_text())


def test_the_queries_and_variables_are_valid_against_the_supergraph(
    supergraph: GraphQLSchema,
) -> None:
    for query in (SEARCH, TERMS):
        assert validate(supergraph, parse(query)) == []
    [operation] = parse(SEARCH).definitions
    assert isinstance(operation, OperationDefinitionNode)
    for ask in ASKS[:7]:
        coerced = get_variable_values(
            supergraph, operation.variable_definitions or (), {"input": graphql_input(ask)}
        )
        # the errors when a field is unknown, mistyped or missing
        assert not isinstance(coerced, list), coerced


def test_the_gateway_rows_token_is_a_recruiters_signed_by_identity(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    key = rsa.generate_private_key(65537, 2048)
    pem = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()
    monkeypatch.setenv("IDENTITY_JWT_PRIVATE_KEY", pem)
    settings = IdentitySettings()
    claims = jwt.decode(
        recruiter_token(),
        key.public_key(),
        algorithms=["RS256"],
        audience=settings.jwt_audience,
        issuer=settings.jwt_issuer,
    )
    assert claims["roles"] == ["recruiter"]
    assert claims["site"] == SITE
    assert claims["sid"]
