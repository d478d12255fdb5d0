"""Plain result objects completed in one pass answer what graphql-core's completion answers
(jobkit.lean_completion, ADR 0065; no I/O)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from enum import Enum
from typing import Annotated, Any

import pytest
import strawberry
from graphql import GraphQLObjectType
from jobkit.lean_completion import LeanCompletion, plan_of
from jobkit.schema import build_schema
from strawberry.schema.schema import StrawberryGraphQLCoreExecutionContext


@strawberry.enum
class Colour(Enum):
    RED = "red"
    DEEP_BLUE = "deep blue"


@strawberry.type
class Place:
    locality: str
    country_code: str
    area: str | None


@strawberry.type
class Hit:
    id: strawberry.ID
    title: str
    places: list[Place]
    distance_km: float | None
    rank: int
    featured: bool
    colour: Colour
    tags: list[str]


@strawberry.type
class Value:
    value: str
    count: int


@strawberry.type
class Facet:
    field: str
    values: list[Value]


@strawberry.type
class Results:
    hits: list[Hit]
    total: int
    facets: list[Facet]


@strawberry.type
class Refused:
    message: str


Answer = Annotated[Results | Refused, strawberry.union("Answer")]


@strawberry.type
class Counted:
    """Not plain: a field with a resolver."""

    name: str

    @strawberry.field
    def shout(self) -> str:
        return self.name.upper()


@strawberry.type
class Holder:
    """Plain-looking, but holds an object that is not plain."""

    label: str
    counted: Counted


@strawberry.interface
class Named:
    name: str


@strawberry.type
class Person(Named):
    """Not plain: it implements an interface (is_type_of)."""

    age: int


@strawberry.type
class Broken:
    """Values the schema refuses: graphql-core's errors are the answer."""

    must: str
    number: int
    things: list[str]


def results(total: int = 2) -> Results:
    return Results(
        hits=[
            Hit(
                id=strawberry.ID(str(n)),
                title=f"Job {n} - Zürich \u201cquoted\u201d",
                places=[Place(locality="Zürich", country_code="CH", area=None)] * (n % 3),
                distance_km=12 if n % 2 else 3.25,  # an int where a Float is declared
                rank=n,
                featured=n == 1,
                colour=Colour.DEEP_BLUE if n % 2 else Colour.RED,
                tags=("a", "b"),  # type: ignore[arg-type]  # a tuple is a list
            )
            for n in range(total)
        ],
        total=total,
        facets=[
            Facet(field="industry", values=[Value(value=str(v), count=v) for v in range(40)]),
            Facet(field="empty", values=[]),
        ],
    )


@strawberry.type
class Query:
    @strawberry.field
    async def search(self, refuse: bool = False) -> Answer:
        return Refused(message="no") if refuse else results()

    @strawberry.field
    def plain(self) -> Results:
        return results(3)

    @strawberry.field
    def holder(self) -> Holder:
        return Holder(label="h", counted=Counted(name="c"))

    @strawberry.field
    def person(self) -> Named:
        return Person(name="p", age=3)

    @strawberry.field
    def broken(self, case: str) -> Broken | None:
        if case == "null":
            return Broken(must=None, number=1, things=[])  # type: ignore[arg-type]
        if case == "int":
            return Broken(must="m", number="x", things=[])  # type: ignore[arg-type]
        if case == "big":
            return Broken(must="m", number=2**40, things=[])
        if case == "list":
            return Broken(must="m", number=1, things="abc")  # type: ignore[arg-type]
        return Broken(must="m", number=1, things=["t"])


schema = build_schema(query=Query, types=[Person])

DOCUMENTS = [
    """query($refuse: Boolean!, $withFacets: Boolean!, $noTotal: Boolean!) {
      search(refuse: $refuse) {
        __typename
        ... on Results {
          total @skip(if: $noTotal)
          hits { ...hit first: title id places { locality countryCode area __typename } }
          facets @include(if: $withFacets) { field values { value n: count value } }
        }
        ... on Refused { message }
      }
    }
    fragment hit on Hit { __typename id title distanceKm rank featured colour tags }""",
    "{ plain { total hits { title colour places { locality } } facets { values { count } } } }",
    "{ holder { label counted { name shout } } person { __typename name ... on Person { age } } }",
    '{ broken(case: "null") { must number } }',
    '{ broken(case: "int") { must number } }',
    '{ broken(case: "big") { number } }',
    '{ broken(case: "list") { things } }',
    '{ broken(case: "fine") { must number things } }',
]
VARIABLES = [
    {"refuse": False, "withFacets": True, "noTotal": False},
    {"refuse": False, "withFacets": False, "noTotal": True},
    {"refuse": True, "withFacets": True, "noTotal": False},
]


@pytest.fixture
def default_completion() -> Iterator[None]:
    schema.execution_context_class = StrawberryGraphQLCoreExecutionContext
    try:
        yield
    finally:
        schema.execution_context_class = LeanCompletion


async def answer(document: str, variables: dict[str, Any] | None = None) -> str:
    result = await schema.execute(document, variable_values=variables)
    body: dict[str, Any] = {"data": result.data}
    if result.errors:
        body["errors"] = [error.formatted for error in result.errors]
    return json.dumps(body, ensure_ascii=False)


async def all_answers() -> list[str]:
    answers = []
    for document in DOCUMENTS:
        for variables in VARIABLES if document.startswith("query(") else [None]:
            answers.append(await answer(document, variables))
    return answers


@pytest.fixture
async def lean_answers() -> list[str]:
    assert schema.execution_context_class is LeanCompletion
    return await all_answers()


async def test_the_answers_are_byte_identical_to_graphql_cores_completion(
    lean_answers: list[str], default_completion: None
) -> None:
    assert lean_answers == await all_answers()
    # the errors were answered too, at the same places
    assert sum('"errors"' in each for each in lean_answers) == 4


def test_plain_types_are_the_ones_without_resolvers_interfaces_or_non_plain_parts() -> None:
    types = schema._schema.type_map
    for name in ("Results", "Hit", "Place", "Facet", "Value", "Refused", "Broken"):
        assert plan_of(types[name]) is not None, name  # type: ignore[arg-type]
    for name in ("Counted", "Holder", "Person", "Query"):
        assert plan_of(types[name]) is None, name  # type: ignore[arg-type]


async def test_a_plain_fields_resolver_is_not_called() -> None:
    # graphql-core's completion calls strawberry's resolver once per field and value; the lean
    # path reads the attribute itself
    value_type = schema._schema.type_map["Value"]
    assert isinstance(value_type, GraphQLObjectType)
    field = value_type.fields["count"]
    calls = 0
    original = field.resolve

    def counted(source: Any, *args: Any, **kwargs: Any) -> Any:
        nonlocal calls
        calls += 1
        return original(source, *args, **kwargs)

    counted._is_default = True  # type: ignore[attr-defined]
    field.resolve = counted
    try:
        assert '"count": 39' in await answer(DOCUMENTS[1])
        assert calls == 0
        schema.execution_context_class = StrawberryGraphQLCoreExecutionContext
        assert '"count": 39' in await answer(DOCUMENTS[1])
        assert calls == 40
    finally:
        field.resolve = original
        schema.execution_context_class = LeanCompletion
