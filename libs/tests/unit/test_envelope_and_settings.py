import uuid
from typing import ClassVar

import pytest
from jobkit.auth import AuthenticationError, Principal, bearer_token
from jobkit.events import EventEnvelope, EventPayload
from jobkit.settings import Environment, ServiceSettings
from pydantic import SecretStr, ValidationError


class Noted(EventPayload):
    event_type: ClassVar[str] = "kit.noted"
    schema_version: ClassVar[int] = 2
    topic: ClassVar[str] = "kit.note"

    note: str


def test_an_envelope_survives_the_wire() -> None:
    event = Noted(note="hello").envelope(aggregate_id="a-1", site="jobboard", actor="u-1")
    again = EventEnvelope.from_bytes(event.to_bytes())
    assert again == event
    assert again.type == "kit.noted"
    assert again.schema_version == 2
    assert isinstance(again.id, uuid.UUID)


def test_payloads_reject_unknown_fields() -> None:
    with pytest.raises(ValidationError):
        Noted.model_validate({"note": "x", "surprise": 1})


def test_production_refuses_the_development_database_password() -> None:
    with pytest.raises(ValidationError, match="development default"):
        ServiceSettings(environment=Environment.PRODUCTION)
    ok = ServiceSettings(environment=Environment.PRODUCTION, db_password=SecretStr("s3cret-value"))
    assert ok.db_password.get_secret_value() == "s3cret-value"


def test_topics_carry_the_run_prefix() -> None:
    assert ServiceSettings(kafka_topic_prefix="t1.").topic("jobs.job") == "t1.jobs.job"


def test_admin_like_roles_may_act_on_anything_owners_on_their_own() -> None:
    owner = Principal(user_id="u1", roles=frozenset({"applicant"}))
    editor = Principal(user_id="u2", roles=frozenset({"job_editor"}))
    assert owner.can_act_on("u1")
    assert not owner.can_act_on("u2")
    assert editor.can_act_on("u1")
    assert editor.is_recruiter


def test_bearer_header_parsing() -> None:
    assert bearer_token(None) is None
    assert bearer_token("Bearer abc") == "abc"
    with pytest.raises(AuthenticationError):
        bearer_token("Basic abc")
