from jobkit.schema import build_schema

from organizations.graphql.queries import Query
from organizations.graphql.types import Organization, OrganizationProfile, User

schema = build_schema(query=Query, types=[OrganizationProfile, Organization, User])
