from jobkit.schema import build_schema

from search.graphql.mutations import Mutation
from search.graphql.queries import Query
from search.graphql.types import Job, LandingPage, OrganizationProfile, Term

schema = build_schema(
    query=Query, mutation=Mutation, types=[Job, OrganizationProfile, LandingPage, Term]
)
