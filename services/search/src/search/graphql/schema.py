from jobkit.schema import build_schema

from search.graphql.queries import Query
from search.graphql.types import Job, LandingPage, OrganizationProfile, Term

schema = build_schema(query=Query, types=[Job, OrganizationProfile, LandingPage, Term])
