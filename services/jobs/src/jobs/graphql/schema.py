from jobkit.schema import build_schema

from jobs.graphql.queries import Query
from jobs.graphql.types import Job

schema = build_schema(query=Query, types=[Job])
