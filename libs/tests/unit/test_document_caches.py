"""Parsed and validated documents are kept, in bounded caches, and every request has extensions
of its own (jobkit.schema, ADR 0065; no I/O)."""

from __future__ import annotations

from typing import Any

import strawberry
from jobkit.schema import DOCUMENT_CACHE_SIZE, build_schema
from strawberry.extensions import ParserCache, ValidationCache
from strawberry.extensions.parser_cache import _get_parse_cache
from strawberry.extensions.validation_cache import _get_validate_cache


@strawberry.type
class Query:
    hello: str = "world"


schema = build_schema(query=Query)


def caches() -> tuple[Any, Any]:
    """Strawberry's LRU caches of that size (functools' wrappers, typed loosely there)."""
    return _get_parse_cache(DOCUMENT_CACHE_SIZE), _get_validate_cache(DOCUMENT_CACHE_SIZE)


async def test_a_repeated_document_is_parsed_and_validated_once() -> None:
    parse, validate = caches()
    parse.cache_clear()
    validate.cache_clear()
    for _ in range(3):
        result = await schema.execute("{ hello }", root_value=Query())
        assert result.errors is None
    assert (parse.cache_info().misses, parse.cache_info().hits) == (1, 2)
    assert (validate.cache_info().misses, validate.cache_info().hits) == (1, 2)


async def test_the_caches_are_bounded() -> None:
    parse, validate = caches()
    for n in range(DOCUMENT_CACHE_SIZE + 20):  # as many different texts as a caller likes
        await schema.execute(f"query Q{n} {{ hello }}")
    assert parse.cache_info().currsize == DOCUMENT_CACHE_SIZE
    assert validate.cache_info().currsize == DOCUMENT_CACHE_SIZE


def test_each_request_has_its_own_cache_extensions() -> None:
    # an extension instance given to the schema would be shared by concurrent requests, each
    # setting its own execution context on it
    first, second = schema.get_extensions(), schema.get_extensions()
    for kind in (ParserCache, ValidationCache):
        ours = [e for e in first if isinstance(e, kind)]
        theirs = [e for e in second if isinstance(e, kind)]
        assert len(ours) == len(theirs) == 1
        assert ours[0] is not theirs[0]
