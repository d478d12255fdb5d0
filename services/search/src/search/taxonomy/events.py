"""Events this service publishes (docs/events.md): one topic per aggregate, keyed by its id.

The vocabulary events' payload classes live in :mod:`jobkit.vocabulary`, so search and the
services that keep a terms read model share one definition.
"""

from jobkit.vocabulary import VOCABULARY_TOPIC, TermDeleted, TermUpserted

ALERT_TOPIC = "search.alert"  # saved searches and alerts

__all__ = ["ALERT_TOPIC", "VOCABULARY_TOPIC", "TermDeleted", "TermUpserted"]
