from jobkit.schema import build_schema

from consent.graphql.mutations import Mutation
from consent.graphql.queries import Query

schema = build_schema(query=Query, mutation=Mutation)
