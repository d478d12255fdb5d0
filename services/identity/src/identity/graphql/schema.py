import strawberry
from jobkit.graphql import Forbidden, NotFound

from identity.graphql.mutations.sign_up import SignUpResult, sign_up
from identity.graphql.queries import Query
from identity.graphql.types import User


@strawberry.type
class Mutation:
    sign_up: SignUpResult = strawberry.mutation(resolver=sign_up, description="Create an account.")


schema = strawberry.federation.Schema(
    query=Query,
    mutation=Mutation,
    types=[User, NotFound, Forbidden],
    federation_version="2.11",
)
