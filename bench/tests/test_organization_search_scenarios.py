"""The organization search scenarios compare like with like: the raw baseline's request is the
one the search service makes of the GraphQL input the other rows send, it sends Elasticsearch
the service's three requests, and the query and its variables are valid against the supergraph
(no network)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from graphql import GraphQLSchema, build_schema, coerce_input_value, parse, validate
from graphql.execution.values import get_variable_values
from graphql.language import OperationDefinitionNode
from search.engine.organization_search import run_organization_search
from search.graphql.organization_search import OrganizationSearchInput, to_request
from search.graphql.schema import schema as search_schema
from strawberry.types.arguments import convert_argument

from bench.scenarios._organization_search import (
    FACETS,
    PREFIX,
    SEARCH,
    TERMS,
    TEXTS,
    RawStore,
    cycle_asks,
    graphql_input,
    search_request,
)
from bench.scenarios._search import SITE

SUPERGRAPH_API = Path(__file__).resolve().parents[2] / "gateway" / "supergraph-api.graphql"
ASKS = cycle_asks([[5001, 5002], [5003]], [[5101], [5102, 5103]])


def service_input(data: dict[str, Any]) -> OrganizationSearchInput:
    """The GraphQL variables as the search subgraph's resolver receives them."""
    coerced = coerce_input_value(data, search_schema._schema.get_type("OrganizationSearchInput"))
    converted = convert_argument(
        coerced,
        OrganizationSearchInput,
        search_schema.schema_converter.scalar_registry,
        search_schema.config,
    )
    assert isinstance(converted, OrganizationSearchInput)
    return converted


@pytest.mark.parametrize("n", [0, 1, 5, len(ASKS) - 1])
def test_the_baseline_is_the_services_request_for_the_graphql_input(n: int) -> None:
    assert to_request(service_input(graphql_input(ASKS[n]))) == search_request(ASKS[n])


def test_an_uncached_request_differs_only_by_a_tag_the_search_ignores() -> None:
    plain, unique = graphql_input(ASKS[0]), graphql_input(ASKS[0], unique=True)
    [extra] = set(unique["conditionGroups"][0]["tags"]) - set(plain["conditionGroups"][0]["tags"])
    assert extra.startswith("bench:")
    unique["conditionGroups"][0]["tags"].remove(extra)
    assert unique == plain


def test_the_requests_cycle_through_every_text_and_selection() -> None:
    assert len(ASKS) == len(TEXTS) * 2 * 2
    assert {a.text for a in ASKS} == set(TEXTS)
    assert len({repr(search_request(a)) for a in ASKS}) == len(ASKS)


async def test_the_baseline_sends_the_services_three_requests() -> None:
    sent: list[tuple[str, Any]] = []
    hit = {"_id": "p1", "_source": {"id": "p1", "organization_id": "o1", "name": "A"}}

    def answer(request: httpx.Request) -> httpx.Response:
        path = request.url.path
        if path.endswith("/_msearch"):
            searches = [json.loads(line) for line in request.content.decode().splitlines()]
            sent.append((path, searches))
            page = {"hits": {"total": {"value": 1}, "hits": [hit]}, "aggregations": {}}
            featured = {"hits": {"total": {"value": 0}, "hits": []}}
            return httpx.Response(200, json={"responses": [featured, page]})
        body = json.loads(request.content)
        sent.append((path, body))
        buckets = [{"key": "o1", "doc_count": 2}]
        return httpx.Response(200, json={"aggregations": {"organizations": {"buckets": buckets}}})

    async with httpx.AsyncClient(
        base_url="http://127.0.0.1:9200", transport=httpx.MockTransport(answer)
    ) as client:
        _, found, counts = await run_organization_search(
            RawStore(client), search_request(ASKS[0]), site=SITE
        )
    assert [path for path, _ in sent] == [
        f"/{PREFIX}-jobs/_search",
        f"/{PREFIX}-organizations/_msearch",
        f"/{PREFIX}-jobs/_search",
    ]
    posting, (_, searches), open_jobs = sent[0][1], sent[1], sent[2][1]
    assert {"term": {"site": SITE}} in posting["query"]["bool"]["filter"]
    main = searches[3]
    assert set(main["aggs"]) == set(FACETS)
    assert len(main["post_filter"]["bool"]["filter"]) == 2  # the two facet selections
    assert {"terms": {"organization_id": ["o1"]}} in open_jobs["query"]["bool"]["filter"]
    assert found.total == 1
    assert counts == {"o1": 2}


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
    for ask in ASKS[:4]:
        coerced = get_variable_values(
            supergraph, operation.variable_definitions or (), {"input": graphql_input(ask)}
        )
        assert not isinstance(coerced, list), coerced
