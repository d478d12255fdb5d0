"""Events this service publishes (docs/events.md): one topic per aggregate, keyed by its id.

No jobs event is published yet: the jobs issue adds the payload classes here
(``EventPayload`` subclasses with ``event_type``, ``schema_version`` and ``topic``).
"""

JOB_TOPIC = "jobs.job"  # jobs
