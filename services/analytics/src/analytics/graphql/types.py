import strawberry

from analytics.domain.catalogue import EventKind

strawberry.enum(EventKind, name="AnalyticsEventKind")


@strawberry.type(description="An analytics event the product records, and who sends it.")
class AnalyticsEventType:
    key: str
    type: EventKind
