from jobkit.db import new_metadata
from jobkit.known_organizations import known_organizations_table
from jobkit.memberships import memberships_table
from jobkit.messaging_tables import add_messaging_tables
from jobkit.revocations import revocation_tables
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    metadata = new_metadata()


outbox, processed_events = add_messaging_tables(Base.metadata)
memberships = memberships_table(Base.metadata)
# Organizations' created/updated events: which organization numbers exist and their current
# names (domain.models.KnownOrganization), keyed by the number as billing's API is.
known_organizations = known_organizations_table(Base.metadata, name="organizations", key="number")
# Ended sessions (identity's identity.session events): their tokens are refused (ADR 0023).
revocations = revocation_tables(Base.metadata, processed=processed_events)
