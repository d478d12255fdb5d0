from jobkit.db import new_metadata
from jobkit.messaging_tables import add_messaging_tables
from jobkit.uploads import uploads_table
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    metadata = new_metadata()


outbox, processed_events = add_messaging_tables(Base.metadata)
# Logos and pictures of organizations (jobkit.uploads; POST /uploads, GET /files/...).
uploads = uploads_table(Base.metadata)
