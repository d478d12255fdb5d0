from jobkit.db import new_metadata
from jobkit.memberships import memberships_table
from jobkit.messaging_tables import add_messaging_tables
from jobkit.ratelimit import rate_limit_table
from jobkit.revocations import revocation_tables
from jobkit.site_settings import site_settings_table
from jobkit.uploads.tables import uploads_table
from jobkit.vocabulary import terms_table
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    metadata = new_metadata()


outbox, processed_events = add_messaging_tables(Base.metadata)
# Logos and pictures of organizations (jobkit.uploads; POST /uploads, GET /files/...).
uploads = uploads_table(Base.metadata)
# Members of organizations: owned here (the same table shape other services keep as a read model
# of the member events, so jobkit's MemberOfOrganization works here too).
members = memberships_table(Base.metadata)
# Vocabulary terms (search's events), to check term ids on write without calling search.
terms = terms_table(Base.metadata)
# Contact form limits per address and IP (jobkit.ratelimit), shared by replicas.
rate_limit_hits = rate_limit_table(Base.metadata)
# The sites' settings (identity.site.config_changed): whether the contact form has a captcha.
site_settings = site_settings_table(Base.metadata)
# Ended sessions (identity's identity.session events): their tokens are refused (ADR 0023).
revocations = revocation_tables(Base.metadata, processed=processed_events)
