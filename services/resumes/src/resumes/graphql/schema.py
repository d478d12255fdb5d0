from jobkit.schema import build_schema

from resumes.graphql.queries import Query
from resumes.graphql.types import Resume

schema = build_schema(query=Query, types=[Resume])
