import strawberry

from analytics.domain.catalogue import CATALOGUE
from analytics.graphql.types import AnalyticsEventType


@strawberry.type
class Query:
    @strawberry.field(description="Every analytics event key with its kind (client/server/hybrid).")
    def analytics_event_types(self) -> list[AnalyticsEventType]:
        return [AnalyticsEventType(key=item.key, type=item.kind) for item in CATALOGUE]
