"""Events this service publishes (docs/events.md): one topic per aggregate, keyed by its id.

No resumes event is published yet: the resumes issue adds the payload classes here
(``EventPayload`` subclasses with ``event_type``, ``schema_version`` and ``topic``).
"""

RESUME_TOPIC = "resumes.resume"  # resumes
