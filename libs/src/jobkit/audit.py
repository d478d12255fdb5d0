"""Writes made while masquerading are attributed to the real admin (spec 6: masquerade mode).

A masquerade token names the user being acted as (``sub``) and the admin really acting
(``act.sub``, :attr:`jobkit.auth.Principal.actor_id`). :class:`AuditMasqueradedWrites` is part
of every subgraph's schema (``jobkit.schema.build_schema``), and REST endpoints that write use
:class:`MasqueradedWrite` the same way (``jobkit.uploads``' ``POST /uploads``): before a write
made with such a token runs, the attempt is recorded through the service's outbox, in its own
committed transaction, so no masqueraded write can happen unrecorded (if the record cannot be
written the write is refused); after it ran, the outcome is recorded under the same key. Identity
consumes the topic into the audit log that admins read (``auditLog``).

Only the names of the mutation's fields and variables (an upload: its purpose and the names of its
form fields) are recorded, never the values (they may hold passwords or personal data).
"""

from __future__ import annotations

import logging
import re
import uuid
from collections.abc import AsyncIterator, Sequence
from typing import Any, ClassVar

from graphql import ExecutionResult, GraphQLError, OperationDefinitionNode
from graphql.utilities import get_operation_ast
from sqlalchemy import Table
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from strawberry.extensions import SchemaExtension
from strawberry.types.graphql import OperationType

from jobkit.auth import Principal
from jobkit.db import unit_of_work
from jobkit.events import EventPayload
from jobkit.outbox import enqueue
from jobkit.settings import ServiceSettings

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


class MasqueradedWrite:
    """One write made with a masquerade token, recorded through the service's outbox: the attempt
    before it runs, in its own committed transaction (when that fails, :meth:`attempted` raises and
    the write must not run), the outcome after it, under the same write id.

    The GraphQL extension below records every mutation this way; endpoints outside GraphQL that
    write (``jobkit.uploads``' ``POST /uploads``) use it directly.
    """

    def __init__(
        self,
        *,
        principal: Principal,
        sessions: async_sessionmaker[AsyncSession],
        outbox: Table | None,
        settings: ServiceSettings,
        site: str,
    ) -> None:
        if principal.actor_id is None:
            raise ValueError("not a masquerade: the principal has no actor")
        self.write_id = str(uuid.uuid4())
        self.admin_id = principal.actor_id
        self.user_id = principal.user_id
        self._sessions = sessions
        self._outbox = outbox
        self._settings = settings
        self._site = site

    @classmethod
    def of(
        cls,
        principal: Principal | None,
        *,
        sessions: async_sessionmaker[AsyncSession],
        outbox: Table | None,
        settings: ServiceSettings,
        site: str,
    ) -> MasqueradedWrite | None:
        """The record for a write by ``principal``; None unless it is masquerading."""
        if principal is None or principal.actor_id is None:
            return None
        return cls(
            principal=principal, sessions=sessions, outbox=outbox, settings=settings, site=site
        )

    async def attempted(
        self, *, operation_name: str | None, fields: list[str], variables: list[str]
    ) -> None:
        """Record the attempt; raises when it cannot be recorded (then do not write)."""
        await self._record(
            MasqueradedWriteAttempted(
                write_id=self.write_id,
                admin_id=self.admin_id,
                user_id=self.user_id,
                service=self._settings.service_name,
                operation_name=operation_name,
                fields=fields,
                variables=sorted(variables),
            )
        )

    async def finished(self, errors: Sequence[str]) -> None:
        """Record the outcome: ``succeeded`` without errors, else ``failed`` (never raises: the
        attempt is on record; a lost outcome is logged)."""
        finished = MasqueradedWriteFinished(
            write_id=self.write_id,
            outcome="failed" if errors else "succeeded",
            errors=list(errors)[:5],
        )
        try:
            await self._record(finished)
        except Exception:
            log.exception("could not record the outcome of masqueraded write %s", self.write_id)

    async def _record(self, payload: EventPayload) -> None:
        if self._outbox is None:
            raise RuntimeError("this service has no outbox to record masqueraded writes in")
        event = payload.envelope(aggregate_id=self.write_id, site=self._site, actor=self.admin_id)
        async with unit_of_work(self._sessions) as session:
            await enqueue(
                session, self._outbox, topic=self._settings.topic(AUDIT_TOPIC), event=event
            )


class AuditMasqueradedWrites(SchemaExtension):
    async def on_execute(self) -> AsyncIterator[None]:
        execution = self.execution_context
        document = execution.graphql_document
        if document is None or execution.operation_type is not OperationType.MUTATION:
            yield
            return
        context: Any = execution.context
        write = MasqueradedWrite.of(
            _principal_or_none(context),
            sessions=context.sessions,
            outbox=context.outbox,
            settings=context.settings,
            site=context.frontend.site,
        )
        if write is None:
            yield
            return
        operation = get_operation_ast(document, execution.operation_name)
        try:
            await write.attempted(
                operation_name=client_operation_name(execution.operation_name),
                fields=_root_fields(operation) if operation is not None else [],
                variables=list((execution.variables or {}).keys()),
            )
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
        await write.finished(errors)


def _principal_or_none(context: Any) -> Principal | None:
    try:
        principal: Principal | None = getattr(context, "principal", None)
    except GraphQLError:
        return None  # a bad token: the operation fails on its own, nothing is written
    return principal
