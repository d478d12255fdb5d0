"""The shared kit of the job board services.

Kept deliberately small: settings, database helpers, the event envelope, the transactional
outbox and its relay, the advisory-lock leader (one active background worker per service),
the idempotent consumer, telemetry, the authenticated principal and the
GraphQL helpers. Domain code never lives here.
"""
