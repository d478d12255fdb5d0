from jobkit.schema import build_schema

from organizations.domain.errors import OrganizationsErrorCode
from organizations.graphql.queries import Query
from organizations.graphql.types import OrganizationProfile

schema = build_schema(query=Query, types=[OrganizationProfile], error_codes=OrganizationsErrorCode)
