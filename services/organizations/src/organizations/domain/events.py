"""Events this service publishes (docs/events.md): one topic per aggregate, keyed by its id.

No organizations event is published yet: the organizations issue adds the payload classes here
(``EventPayload`` subclasses with ``event_type``, ``schema_version`` and ``topic``).
"""

ORGANIZATION_TOPIC = "organizations.organization"  # organizations (and their profiles)
