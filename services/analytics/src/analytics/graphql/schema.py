from jobkit.schema import build_schema

from analytics.graphql.queries import Query

schema = build_schema(query=Query)
