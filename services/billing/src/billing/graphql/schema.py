from jobkit.schema import build_schema

from billing.graphql.mutations import Mutation
from billing.graphql.queries import Query

schema = build_schema(query=Query, mutation=Mutation)
