"""Tables every service carries for messaging: its outbox and its processed-event ledger."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Column,
    DateTime,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
    Uuid,
    func,
    text,
)


def outbox_table(metadata: MetaData) -> Table:
    return Table(
        "outbox",
        metadata,
        Column("id", BigInteger, primary_key=True, autoincrement=True),
        Column("event_id", Uuid, nullable=False, unique=True),
        Column("topic", String(200), nullable=False),
        Column("key", String(200), nullable=False),
        Column("event_type", String(200), nullable=False),
        Column("body", LargeBinary, nullable=False),
        # W3C trace context captured when the event was written, replayed by the relay.
        Column("trace_headers", JSON, nullable=False, server_default=text("'{}'")),
        Column("created_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
        Column("sent_at", DateTime(timezone=True), nullable=True),
        Column("attempts", Integer, nullable=False, server_default=text("0")),
        Column("last_error", Text, nullable=True),
        Index("ix_outbox_unsent", "id", postgresql_where=text("sent_at IS NULL")),
    )


def processed_events_table(metadata: MetaData) -> Table:
    return Table(
        "processed_events",
        metadata,
        Column("consumer_group", String(200), primary_key=True),
        Column("event_id", Uuid, primary_key=True),
        Column("event_type", String(200), nullable=False),
        Column("processed_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
    )


def add_messaging_tables(metadata: MetaData) -> tuple[Table, Table]:
    """Register both tables on a service's metadata (its migrations create them)."""
    return outbox_table(metadata), processed_events_table(metadata)
