"""The mail that tells an organization its webhook endpoint was disabled is made from what
disabled it, not from when it is made: a send tried again is the same mail (no I/O)."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

from analytics.domain.models import WebhookEndpoint
from analytics.relay.webhooks import disabled_mail
from analytics.settings import AnalyticsSettings


def test_a_disabled_endpoints_mail_made_again_has_the_same_message_id() -> None:
    settings = AnalyticsSettings(mail_from="Job board <no-reply@jobboard.example>")
    endpoint = WebhookEndpoint(
        id=uuid.uuid4(),
        url="https://hooks.example.org/in",
        disabled_reason="The endpoint answered 410 Gone.",
        created_by_email="owner@example.org",
    )
    delivery, failed_at = str(uuid.uuid4()), datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
    first = disabled_mail(settings, endpoint, delivery_id=delivery, failed_at=failed_at)
    again = disabled_mail(settings, endpoint, delivery_id=delivery, failed_at=failed_at)
    assert first["Message-ID"] == again["Message-ID"]
    assert first["Message-ID"] == (
        f"<webhook-disabled.{endpoint.id}.{delivery}.{int(failed_at.timestamp())}@jobboard.example>"
    )
    # the same delivery replayed and failing again later disables it again: another mail
    later = failed_at + timedelta(days=3)
    assert (
        disabled_mail(settings, endpoint, delivery_id=delivery, failed_at=later)["Message-ID"]
        != first["Message-ID"]
    )
