from jobkit.db import new_metadata
from jobkit.messaging_tables import add_messaging_tables
from jobkit.revocations import revocation_tables
from jobkit.site_settings import site_settings_table
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    metadata = new_metadata()


outbox, processed_events = add_messaging_tables(Base.metadata)
# identity's site settings (the site's name after page titles)
site_settings = site_settings_table(Base.metadata)
# Ended sessions (identity's identity.session events): their tokens are refused (ADR 0023).
revocations = revocation_tables(Base.metadata, processed=processed_events)
