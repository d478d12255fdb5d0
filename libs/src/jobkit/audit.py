"""Writes made while masquerading are attributed to the real admin (spec 6: masquerade mode).

A masquerade token names the user being acted as (``sub``) and the admin really acting
(``act.sub``, :attr:`jobkit.auth.Principal.actor_id`). :class:`AuditMasqueradedWrites` is part
of every subgraph's schema (``jobkit.schema.build_schema``): before a mutation made with such a
token runs, it records the attempt through the service's outbox, in its own committed
transaction, so no masqueraded write can happen unrecorded (if the record cannot be written the
mutation is refused); after it ran, it records the outcome under the same key. Identity consumes
the topic into the audit log that admins read (``auditLog``).

Only the names of the mutation's fields and variables are recorded, never the values (they may
hold passwords or personal data).
"""

from __future__ import annotations

import logging
import re
import uuid
from collections.abc import AsyncIterator
from typing import Any, ClassVar

from graphql import ExecutionResult, GraphQLError, OperationDefinitionNode
from graphql.utilities import get_operation_ast
from strawberry.extensions import SchemaExtension
from strawberry.types.graphql import OperationType

from jobkit.db import unit_of_work
from jobkit.events import EventPayload
from jobkit.outbox import enqueue

log = logging.getLogger(__name__)

AUDIT_TOPIC = "audit.masquerade"
AUDIT_UNAVAILABLE = "This write cannot be recorded in the audit log, so it was not made."


class MasqueradedWriteAttempted(EventPayload):
    """A mutation is about to run with a masquerade token (keyed by ``write_id``)."""

    event_type: ClassVar[str] = "audit.masquerade.write_attempted"
    schema_version: ClassVar[int] = 1
    topic: ClassVar[str] = AUDIT_TOPIC

    write_id: str
    admin_id: str
    user_id: str
    service: str
    operation_name: str | None
    fields: list[str]
    variables: list[str]


class MasqueradedWriteFinished(EventPayload):
    """The mutation ran: ``succeeded`` (no GraphQL error) or ``failed``."""

    event_type: ClassVar[str] = "audit.masquerade.write_finished"
    schema_version: ClassVar[int] = 1
    topic: ClassVar[str] = AUDIT_TOPIC

    write_id: str
    outcome: str
    errors: list[str]


# The gateway names a subgraph's part of an operation "<operation>__<subgraph>__<n>".
_GATEWAY_SUFFIX = re.compile(r"__(?:(?!__)[A-Za-z0-9_-])+__\d+$")


def client_operation_name(name: str | None) -> str | None:
    """The operation name the client sent, without the gateway's per-subgraph suffix."""
    return _GATEWAY_SUFFIX.sub("", name) if name else name


def _root_fields(operation: OperationDefinitionNode) -> list[str]:
    return [
        selection.name.value
        for selection in operation.selection_set.selections
        if hasattr(selection, "name")
    ]


class AuditMasqueradedWrites(SchemaExtension):
    async def on_execute(self) -> AsyncIterator[None]:
        execution = self.execution_context
        document = execution.graphql_document
        if document is None or execution.operation_type is not OperationType.MUTATION:
            yield
            return
        context: Any = execution.context
        principal = _principal_or_none(context)
        if principal is None or principal.actor_id is None:
            yield
            return
        operation = get_operation_ast(document, execution.operation_name)
        settings = context.settings
        write_id = str(uuid.uuid4())
        attempted = MasqueradedWriteAttempted(
            write_id=write_id,
            admin_id=principal.actor_id,
            user_id=principal.user_id,
            service=settings.service_name,
            operation_name=client_operation_name(execution.operation_name),
            fields=_root_fields(operation) if operation is not None else [],
            variables=sorted((execution.variables or {}).keys()),
        )
        try:
            await _record(context, attempted, write_id, actor=principal.actor_id)
        except Exception:
            log.exception("could not record a masqueraded write; refusing it")
            execution.result = ExecutionResult(
                data=None,
                errors=[GraphQLError(AUDIT_UNAVAILABLE, extensions={"code": "FORBIDDEN"})],
            )
            yield
            return
        yield
        errors = (
            [error.message for error in (execution.result.errors or [])]
            if (execution.result is not None)
            else []
        )
        finished = MasqueradedWriteFinished(
            write_id=write_id, outcome="failed" if errors else "succeeded", errors=errors[:5]
        )
        try:
            await _record(context, finished, write_id, actor=principal.actor_id)
        except Exception:
            # The attempt is on record; a lost outcome is logged, not fatal to the caller.
            log.exception("could not record the outcome of masqueraded write %s", write_id)


def _principal_or_none(context: Any) -> Any:
    try:
        return getattr(context, "principal", None)
    except GraphQLError:
        return None  # a bad token: the operation fails on its own, nothing is written


async def _record(context: Any, payload: EventPayload, write_id: str, *, actor: str) -> None:
    if context.outbox is None:
        raise RuntimeError("this service has no outbox in its GraphQL context")
    settings = context.settings
    event = payload.envelope(aggregate_id=write_id, site=context.frontend.site, actor=actor)
    async with unit_of_work(context.sessions) as session:
        await enqueue(session, context.outbox, topic=settings.topic(AUDIT_TOPIC), event=event)
