"""Ended sessions, as a local read model in every service that verifies bearer tokens (ADR 0023).

Identity signs each access token with the session it belongs to (``sid``) and the account's
session version (``sv``), and publishes on ``identity.session`` when sessions end
(``identity.session.revoked``: these session ids, e.g. sign-out, or every other session of the
account after a password change) and when every older token of an account must stop working
(``identity.session.tokens_outdated``: tokens with a lower version, after a role change, a block
or the account's deletion). A service adds :func:`revocation_tables` to its metadata and passes
them to ``create_service_app(revocations=...)``, which applies those events into them with its
own idempotent consumer and makes :class:`jobkit.auth.JwtVerifier` refuse such tokens: one
indexed lookup in the service's own database per verified token, never a call to identity.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import (
    Column,
    DateTime,
    Integer,
    MetaData,
    String,
    Table,
    bindparam,
    exists,
    func,
    or_,
    select,
)
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from jobkit import contracts
from jobkit.consumer import Handler, IdempotentConsumer
from jobkit.contracts import EventView, Reads
from jobkit.events import EventEnvelope
from jobkit.settings import ServiceSettings

SESSION_TOPIC = contracts.SESSION_TOPIC
SESSION_REVOKED = contracts.SESSION_REVOKED
TOKENS_OUTDATED = contracts.SESSION_TOKENS_OUTDATED


class SessionsRevokedView(EventView):
    """identity.session.revoked: these sessions of the account ended."""

    user_id: str
    session_ids: list[str]


class TokensOutdatedView(EventView):
    """identity.session.tokens_outdated: the account's lowest session version still accepted."""

    user_id: str
    min_version: int


def revocation_group(service: str) -> str:
    """The group (before the deployment's topic prefix) a service applies revocations with."""
    return f"{service}-session-revocations"


def revocation_reads(service: str) -> tuple[Reads, ...]:
    """What a service's revocation consumer reads, for its ``messaging.contracts.READS``."""
    group = revocation_group(service)
    return (
        Reads(group, SESSION_TOPIC, (SESSION_REVOKED,), SessionsRevokedView),
        Reads(group, SESSION_TOPIC, (TOKENS_OUTDATED,), TokensOutdatedView),
    )


@dataclass(frozen=True)
class RevocationTables:
    # Sessions that ended: any token naming one is refused.
    sessions: Table
    # Per account, the lowest session version still accepted.
    accounts: Table
    # The service's processed-event ledger, for the consumer that fills both.
    processed: Table


def revocation_tables(metadata: MetaData, *, processed: Table) -> RevocationTables:
    return RevocationTables(
        processed=processed,
        sessions=Table(
            "revoked_sessions",
            metadata,
            Column("session_id", String(64), primary_key=True),
            Column("user_id", String(64), nullable=False, index=True),
            Column("revoked_at", DateTime(timezone=True), nullable=False),
        ),
        accounts=Table(
            "account_session_versions",
            metadata,
            Column("user_id", String(64), primary_key=True),
            Column("min_version", Integer, nullable=False),
            Column(
                "updated_at", DateTime(timezone=True), nullable=False, server_default=func.now()
            ),
        ),
    )


async def apply_sessions_revoked(
    session: AsyncSession, tables: RevocationTables, event: EventEnvelope
) -> None:
    payload = SessionsRevokedView.model_validate(event.payload)
    rows = [
        {"session_id": session_id, "user_id": payload.user_id, "revoked_at": event.occurred_at}
        for session_id in payload.session_ids
    ]
    if rows:
        await session.execute(insert(tables.sessions).values(rows).on_conflict_do_nothing())


async def apply_tokens_outdated(
    session: AsyncSession, tables: RevocationTables, event: EventEnvelope
) -> None:
    """Raise the account's lowest accepted version; never lower it (events may come late)."""
    table = tables.accounts
    payload = TokensOutdatedView.model_validate(event.payload)
    statement = insert(table).values(user_id=payload.user_id, min_version=payload.min_version)
    await session.execute(
        statement.on_conflict_do_update(
            index_elements=[table.c.user_id],
            set_={
                "min_version": func.greatest(table.c.min_version, statement.excluded.min_version),
                "updated_at": func.now(),
            },
        )
    )


def revocation_handlers(tables: RevocationTables) -> dict[str, Handler]:
    async def revoked(session: AsyncSession, event: EventEnvelope) -> None:
        await apply_sessions_revoked(session, tables, event)

    async def outdated(session: AsyncSession, event: EventEnvelope) -> None:
        await apply_tokens_outdated(session, tables, event)

    return {SESSION_REVOKED: revoked, TOKENS_OUTDATED: outdated}


def revocation_consumer(
    *,
    settings: ServiceSettings,
    tables: RevocationTables,
    sessions: async_sessionmaker[AsyncSession],
) -> IdempotentConsumer:
    """The service's own group on ``identity.session``; it reads the topic from its beginning,
    so a new service learns every revocation made before it."""
    return IdempotentConsumer(
        group_id=settings.topic(revocation_group(settings.service_name)),
        handlers={settings.topic(SESSION_TOPIC): revocation_handlers(tables)},
        sessions=sessions,
        processed=tables.processed,
        bootstrap_servers=settings.kafka_bootstrap_servers,
    )


class RevocationReadModel:
    """Answers :class:`jobkit.auth.RevocationCheck` from the service's own tables."""

    def __init__(
        self, *, sessions: async_sessionmaker[AsyncSession], tables: RevocationTables
    ) -> None:
        self._sessions = sessions
        self._tables = tables
        # The check is one read: on a connection of the sessions' own pool in autocommit it is
        # one statement, where a session wraps it in BEGIN and ROLLBACK (two more round trips to
        # PostgreSQL on every authenticated request).
        bind = sessions.kw.get("bind")
        self._reads = (
            bind.execution_options(isolation_level="AUTOCOMMIT")
            if isinstance(bind, AsyncEngine)
            else None
        )

        ended = tables.sessions
        accounts = tables.accounts
        # built once, its values bound when it runs
        self._query = select(
            or_(
                exists().where(ended.c.session_id == bindparam("session_id")),
                exists().where(
                    accounts.c.user_id == bindparam("user_id"),
                    accounts.c.min_version > bindparam("session_version"),
                ),
            )
        )

    async def is_revoked(self, *, user_id: str, session_id: str, session_version: int) -> bool:
        values = {"session_id": session_id, "user_id": user_id, "session_version": session_version}
        if self._reads is None:
            async with self._sessions() as session:
                return bool(await session.scalar(self._query, values))
        async with self._reads.connect() as connection:
            return bool(await connection.scalar(self._query, values))
