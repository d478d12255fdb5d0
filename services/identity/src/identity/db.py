from jobkit.db import new_metadata
from jobkit.messaging_tables import add_messaging_tables
from jobkit.ratelimit import rate_limit_table
from jobkit.revocations import revocation_tables
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    metadata = new_metadata()


outbox, processed_events = add_messaging_tables(Base.metadata)
# The mail budget of anonymous requests per recipient and client (jobkit.ratelimit.may_mail).
rate_limit_hits = rate_limit_table(Base.metadata)
# Ended sessions, from identity's own events like every service (ADR 0023).
revocations = revocation_tables(Base.metadata, processed=processed_events)
