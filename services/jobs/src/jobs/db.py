from jobkit.db import new_metadata
from jobkit.known_organizations import known_organizations_table
from jobkit.memberships import memberships_table
from jobkit.messaging_tables import add_messaging_tables
from jobkit.revocations import revocation_tables
from jobkit.uploads.tables import uploads_table
from jobkit.vocabulary import terms_table
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    metadata = new_metadata()


outbox, processed_events = add_messaging_tables(Base.metadata)
# A job's PDF file and its logo (jobkit.uploads; POST /uploads, GET /files/...).
uploads = uploads_table(Base.metadata)
# Who is a member of which organization (organizations' member events, keyed by organization id).
members = memberships_table(Base.metadata)
# Organizations (organizations' organization and profile events): the number billing keys slots
# by, the name, and the public profile's slug and logo (domain.models.KnownOrganization).
known_organizations = known_organizations_table(
    Base.metadata, id_column="id", uuid_ids=True, profile=True
)
# Vocabulary terms (search's events), to check term ids on write without calling search.
terms = terms_table(Base.metadata)
# Ended sessions (identity's identity.session events): their tokens are refused (ADR 0023).
revocations = revocation_tables(Base.metadata, processed=processed_events)
