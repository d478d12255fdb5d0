"""Factories for consent's tests: valid objects by default, any field overridable."""

import uuid
from typing import Any

from consent.domain.models import ConsentInfo, ConsentInfoRevision, UserConsent


def consent_info(text: str = "We keep your data.", **overrides: Any) -> list[object]:
    """An info and its first revision (``text`` in English), ready for ``persist``."""
    info_id = overrides.pop("id", uuid.uuid4())
    revision_id = uuid.uuid4()
    fields: dict[str, Any] = {
        "id": info_id,
        "type": "PRIVACY_POLICY",
        "placement": "REGISTRATION",
        "opt_in": True,
        "revision_number": 1,
        "current_revision_id": revision_id,
    }
    revision = ConsentInfoRevision(id=revision_id, info_id=info_id, number=1, texts={"en": text})
    return [ConsentInfo(**(fields | overrides)), revision]


def user_consent(user_id: str, info: object, revision: object, mail: str) -> UserConsent:
    """A registration consent of ``user_id`` to ``info``'s ``revision`` (from ``consent_info``)."""
    return UserConsent(
        user_id=user_id,
        mail=mail,
        info_id=info.id,  # type: ignore[attr-defined]
        revision_id=revision.id,  # type: ignore[attr-defined]
        site="jobboard",
        source="registration",
    )
