"""The one way a service builds its federation schema, with the guards every subgraph needs.

:func:`build_schema` adds, for every operation of every subgraph:

- :class:`RefuseUnstorableStrings`: strings PostgreSQL cannot store (NUL bytes, unpaired UTF-16
  surrogates), in variables or inline literals, are refused as ``BAD_USER_INPUT`` before any
  resolver runs;
- :class:`MaskUnexpectedErrors`: an exception that is not a deliberate ``GraphQLError`` (a bug, a
  database error) answers ``Internal server error`` with ``INTERNAL_SERVER_ERROR`` and the trace id;
  the full exception is logged with that trace id, never sent. A dependency's outage (the
  database restarting: :func:`jobkit.outages.dependency_unavailable`) answers
  ``SERVICE_UNAVAILABLE`` instead, a moment's wait rather than a bug;
- :class:`jobkit.audit.AuditMasqueradedWrites`: a mutation made while masquerading is recorded,
  attributed to the real admin, before it runs (and refused if it cannot be recorded).

and keeps per-request work to the operation itself: parsed and validated documents are cached
(an app sends the same few operations again and again), field-name conversion is memoised
(strawberry converts every input field's name on every request), and values of plain result
types are completed in one pass (:mod:`jobkit.lean_completion`, ADR 0065).
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Iterable, Iterator
from typing import Any, Final

import strawberry
from graphql import ExecutionResult, GraphQLError, StringValueNode, visit
from graphql.language import Visitor
from opentelemetry import trace
from strawberry.extensions import MaskErrors, ParserCache, SchemaExtension, ValidationCache
from strawberry.schema.config import StrawberryConfig
from strawberry.schema.name_converter import NameConverter

from jobkit.audit import AuditMasqueradedWrites
from jobkit.graphql import AccessErrorCode, Forbidden, NotFound
from jobkit.lean_completion import LeanCompletion
from jobkit.outages import SERVICE_UNAVAILABLE, SERVICE_UNAVAILABLE_MESSAGE, dependency_unavailable

log = logging.getLogger("jobkit.graphql")

FEDERATION_VERSION: Final = "2.11"
INTERNAL_ERROR_MESSAGE = "Internal server error"
UNSTORABLE_MESSAGE = (
    "The input contains characters that cannot be stored (a NUL byte or an unpaired surrogate)."
)
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
# what a query text needs for a literal to hold an unstorable string: the character itself or an
# escape sequence (``\u0000``, ``\uD800``, ``\u{0}``); anything else skips the document walk
_MAYBE_UNSTORABLE = re.compile("[\x00\ud800-\udfff]|\\\\u")
DOCUMENT_CACHE_SIZE: Final = 512


def _has_unstorable(value: Any) -> bool:
    if isinstance(value, str):
        return _UNSTORABLE.search(value) is not None
    if isinstance(value, dict):
        return any(_has_unstorable(key) or _has_unstorable(item) for key, item in value.items())
    if isinstance(value, list | tuple):
        return any(_has_unstorable(item) for item in value)
    return False


class _StringLiterals(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.found = False

    def enter_string_value(self, node: StringValueNode, *_: Any) -> None:
        if _UNSTORABLE.search(node.value):
            self.found = True


class RefuseUnstorableStrings(SchemaExtension):
    """Answers BAD_USER_INPUT instead of executing an operation carrying unstorable strings."""

    def on_execute(self) -> Iterator[None]:
        context = self.execution_context
        unstorable = _has_unstorable(context.variables or {})
        text = context.query or ""
        if (
            not unstorable
            and context.graphql_document is not None
            and _MAYBE_UNSTORABLE.search(text) is not None
        ):
            literals = _StringLiterals()
            visit(context.graphql_document, literals)
            unstorable = literals.found
        if unstorable:
            context.result = ExecutionResult(
                data=None,
                errors=[GraphQLError(UNSTORABLE_MESSAGE, extensions={"code": "BAD_USER_INPUT"})],
            )
        yield


def _is_unexpected(error: GraphQLError) -> bool:
    original = error.original_error
    return original is not None and not isinstance(original, GraphQLError)


def current_trace_id() -> str | None:
    span_context = trace.get_current_span().get_span_context()
    return format(span_context.trace_id, "032x") if span_context.is_valid else None


class MaskUnexpectedErrors(MaskErrors):
    """Bugs and infrastructure failures answer a masked error carrying the trace id."""

    def __init__(self) -> None:
        super().__init__(should_mask_error=_is_unexpected, error_message=INTERNAL_ERROR_MESSAGE)

    def anonymise_error(self, error: GraphQLError) -> GraphQLError:
        trace_id = current_trace_id()
        if error.original_error is not None and dependency_unavailable(error.original_error):
            log.warning(
                "%s: a dependency is unavailable: %r",
                ".".join(str(part) for part in error.path or ()) or "operation",
                error.original_error,
                extra={"fields": {"graphql_path": error.path, "trace_id": trace_id}},
            )
            return GraphQLError(
                message=SERVICE_UNAVAILABLE_MESSAGE,
                nodes=error.nodes,
                source=error.source,
                positions=error.positions,
                path=error.path,
                original_error=None,
                extensions={"code": SERVICE_UNAVAILABLE}
                | ({"traceId": trace_id} if trace_id is not None else {}),
            )
        log.error(
            "unexpected error in %s",
            ".".join(str(part) for part in error.path or ()) or "operation",
            exc_info=error.original_error,
            extra={"fields": {"graphql_path": error.path, "trace_id": trace_id}},
        )
        extensions: dict[str, Any] = {"code": "INTERNAL_SERVER_ERROR"}
        if trace_id is not None:
            extensions["traceId"] = trace_id
        return GraphQLError(
            message=INTERNAL_ERROR_MESSAGE,
            nodes=error.nodes,
            source=error.source,
            positions=error.positions,
            path=error.path,
            original_error=None,
            extensions=extensions,
        )


class CachedNameConverter(NameConverter):
    """Python names to GraphQL names, once each (strawberry asks per field and request)."""

    @functools.lru_cache(maxsize=4096)  # noqa: B019 - one converter per schema, kept for its life
    def apply_naming_config(self, name: str) -> str:
        return super().apply_naming_config(name)


def _parser_cache() -> ParserCache:
    return ParserCache(maxsize=DOCUMENT_CACHE_SIZE)


def _validation_cache() -> ValidationCache:
    return ValidationCache(maxsize=DOCUMENT_CACHE_SIZE)


class ServiceSchema(strawberry.federation.Schema):
    """Logs only what is not masked elsewhere: expected errors are the caller's, not ours."""

    def process_errors(self, errors: list[GraphQLError], execution_context: Any = None) -> None:
        for error in errors:
            if not _is_unexpected(error):
                log.info("graphql error: %s", error.message)


def build_schema(
    *,
    query: type,
    mutation: type | None = None,
    types: Iterable[type] = (),
) -> strawberry.federation.Schema:
    """A federation 2 subgraph schema with the shared error types and guards."""
    return ServiceSchema(
        query=query,
        mutation=mutation,
        types=[*types, NotFound, Forbidden],
        extensions=[
            # factories: a fresh extension a request (an instance would be shared by concurrent
            # requests, each setting its execution context); the LRU caches themselves live in
            # strawberry's module, one per size, and outlive every request (ADR 0065)
            _parser_cache,
            _validation_cache,
            RefuseUnstorableStrings,
            MaskUnexpectedErrors,
            AuditMasqueradedWrites,
        ],
        config=StrawberryConfig(name_converter=CachedNameConverter()),
        federation_version=FEDERATION_VERSION,
        execution_context_class=LeanCompletion,
    )


__all__ = ["AccessErrorCode", "build_schema"]
