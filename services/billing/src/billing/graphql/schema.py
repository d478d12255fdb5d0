from jobkit.schema import build_schema

from billing.graphql.queries import Query

schema = build_schema(query=Query)
