from jobkit.schema import build_schema

from consent.graphql.queries import Query

schema = build_schema(query=Query)
