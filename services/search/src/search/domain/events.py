"""Events this service publishes (docs/events.md): one topic per aggregate, keyed by its id.

No search event is published yet: the search issue adds the payload classes here
(``EventPayload`` subclasses with ``event_type``, ``schema_version`` and ``topic``).
"""

ALERT_TOPIC = "search.alert"  # saved searches and alerts
