import strawberry
from jobkit.schema import build_schema

from analytics.graphql.queries import Query
from analytics.graphql.webhooks import WebhookMutations, WebhookQueries


@strawberry.type(name="Query")
class AllQueries(Query, WebhookQueries):
    pass


@strawberry.type(name="Mutation")
class Mutation(WebhookMutations):
    pass


schema = build_schema(query=AllQueries, mutation=Mutation)
