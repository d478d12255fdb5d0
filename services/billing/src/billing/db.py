from jobkit.db import new_metadata
from jobkit.memberships import memberships_table
from jobkit.messaging_tables import add_messaging_tables
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    metadata = new_metadata()


outbox, processed_events = add_messaging_tables(Base.metadata)
memberships = memberships_table(Base.metadata)
