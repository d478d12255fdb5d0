from jobkit.db import new_metadata
from jobkit.known_organizations import known_organizations_table
from jobkit.memberships import memberships_table
from jobkit.messaging_tables import add_messaging_tables
from jobkit.revocations import revocation_tables
from jobkit.site_settings import site_settings_table
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    metadata = new_metadata()


outbox, processed_events = add_messaging_tables(Base.metadata)
# identity's site settings (the relays' flags) and organizations' members (who sees the stats)
site_settings = site_settings_table(Base.metadata)
memberships = memberships_table(Base.metadata)
# Organizations that exist (organizations' created events): profile visits count only for them.
known_organizations = known_organizations_table(Base.metadata, details=False)
# Ended sessions (identity's identity.session events): their tokens are refused (ADR 0023).
revocations = revocation_tables(Base.metadata, processed=processed_events)
