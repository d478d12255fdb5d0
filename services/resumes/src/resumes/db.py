from jobkit.db import new_metadata
from jobkit.known_organizations import known_organizations_table
from jobkit.memberships import memberships_table
from jobkit.messaging_tables import add_messaging_tables
from jobkit.revocations import revocation_tables
from jobkit.site_settings import site_settings_table
from jobkit.vocabulary import terms_table
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    metadata = new_metadata()


outbox, processed_events = add_messaging_tables(Base.metadata)
# Who is a member of which organization (organizations' member events, keyed by organization
# id): which organization a recruiter acts for, and whose approved contacts they see.
members = memberships_table(Base.metadata)
# Organizations (organizations' created/updated events): the number billing keys contact slots
# by, and the name the applicant sees on a contact request.
known_organizations = known_organizations_table(Base.metadata)
# Vocabulary terms (search's events), to check term ids on write without calling search.
terms = terms_table(Base.metadata)
# Ended sessions (identity's identity.session events): their tokens are refused (ADR 0023).
revocations = revocation_tables(Base.metadata, processed=processed_events)
# The site's settings (identity's identity.site.config_changed): its feature flags, e.g. whether
# recruiters may ask for contact (features.resume_contact).
site_settings = site_settings_table(Base.metadata)
