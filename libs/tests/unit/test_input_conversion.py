"""An input type converted by a converter made once builds what strawberry's own conversion
builds (jobkit.input_conversion, ADR 0065; no I/O)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from enum import Enum
from typing import Any

import pytest
import strawberry
from graphql import GraphQLInputObjectType, coerce_input_value
from jobkit.input_conversion import converted_once, strawberrys_own_conversion
from jobkit.schema import build_schema
from strawberry.types.arguments import convert_argument
from strawberry.types.base import get_object_definition


@strawberry.enum
class Direction(Enum):
    UP = "up"
    DOWN = "down"


@strawberry.input
class Condition:
    field: str
    value: str
    operator: str = "="


@strawberry.input
class Group:
    conditions: list[Condition]
    conjunction: str = "OR"
    tags: list[str] = strawberry.field(default_factory=list)
    directions: list[Direction] = strawberry.field(default_factory=list)


@strawberry.input
class Place:
    label: str | None = None
    lat: float | None = None
    radius: float | None = None
    since: date | None = None  # a custom scalar: strawberry converts it


@strawberry.input
class Sort:
    field: str
    direction: Direction = Direction.DOWN


@converted_once
@strawberry.input
class Request:
    language: str | None = None
    groups: list[Group] = strawberry.field(default_factory=list)
    place: Place | None = None
    sorts: list[Sort] | None = None
    ids: list[strawberry.ID] = strawberry.field(default_factory=list)
    page: int = 1
    required_note: str | None


@strawberry.type
class Query:
    @strawberry.field
    def echo(self, request: Request) -> str:
        return repr(request)


schema = build_schema(query=Query)

VALUES: list[dict[str, Any]] = [
    {},
    {"requiredNote": "n", "language": "de", "page": 3},
    {
        "requiredNote": "n",
        "groups": [
            {
                "conditions": [{"field": "a", "value": "1"}, {"field": "b", "value": "2"}],
                "tags": ["facet:a"],
                "directions": ["UP", "DOWN"],
            },
            {"conditions": [], "conjunction": "AND"},
        ],
        "place": {"label": "Zürich", "lat": 47, "radius": 25.5, "since": "2026-11-30"},
        "sorts": [{"field": "date"}, {"field": "score", "direction": "UP"}],
        "ids": ["1", 2],
    },
    {"requiredNote": "n", "place": None, "sorts": None, "groups": [{"conditions": []}]},
]


@pytest.fixture
def strawberrys_own() -> Iterator[None]:
    with strawberrys_own_conversion(Request):
        yield


def convert(value: dict[str, Any]) -> Any:
    graphql_type = schema._schema.type_map["Request"]
    assert isinstance(graphql_type, GraphQLInputObjectType)
    coerced = coerce_input_value(value, graphql_type)
    return convert_argument(
        coerced, Request, schema.schema_converter.scalar_registry, schema.config
    )


@pytest.fixture
def converted_once_values() -> list[Any]:
    assert get_object_definition(Request, strict=True).from_input is not None
    return [convert(value) for value in VALUES]


def test_the_values_equal_strawberrys_conversion(
    converted_once_values: list[Any], strawberrys_own: None
) -> None:
    expected = [convert(value) for value in VALUES]
    assert converted_once_values == expected
    assert [repr(v) for v in converted_once_values] == [repr(v) for v in expected]
    full = converted_once_values[2]
    assert type(full) is Request
    assert type(full.groups[0].conditions[0]) is Condition
    assert full.groups[0].directions == [Direction.UP, Direction.DOWN]
    assert full.place is not None
    assert full.place.since == date(2026, 11, 30)
    assert full.sorts is not None
    assert full.sorts[0].direction is Direction.DOWN
    assert full.ids == ["1", "2"]


def test_lists_given_by_default_are_copied() -> None:
    first, second = convert({"requiredNote": None}), convert({"requiredNote": None})
    first.groups.append("changed")
    assert second.groups == []
    assert first.groups is not second.groups


async def test_an_argument_is_built_through_the_schema() -> None:
    result = await schema.execute(
        "query($r: Request!) { echo(request: $r) }", variable_values={"r": VALUES[2]}
    )
    assert result.errors is None
    assert result.data is not None
    assert "Condition(field='b', value='2', operator='=')" in result.data["echo"]


def test_a_type_that_builds_itself_already_is_refused() -> None:
    with pytest.raises(TypeError):
        converted_once(Request)
