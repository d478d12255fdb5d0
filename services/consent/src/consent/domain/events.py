"""Events this service publishes (docs/events.md): one topic per aggregate, keyed by its id.

No consent event is published yet: the consent issue adds the payload classes here
(``EventPayload`` subclasses with ``event_type``, ``schema_version`` and ``topic``).
"""

CONSENT_TOPIC = "consent.consent"  # user consents
