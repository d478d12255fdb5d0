"""Events this service publishes (docs/events.md): one topic per aggregate, keyed by its id.

No billing event is published yet: the billing issue adds the payload classes here
(``EventPayload`` subclasses with ``event_type``, ``schema_version`` and ``topic``).
"""

LEDGER_TOPIC = "billing.ledger"  # credit ledgers
