"""Spec 7's relay rules, one case each (no I/O)."""

from typing import Any

import pytest
from analytics.domain.relay_rules import (
    MAX_PARAMS,
    ConsentCategory,
    ConversionRequest,
    Destination,
    GmapiRequest,
    consented,
    conversion_body,
    measurement_body,
    mirrors_to_measurement,
    parse_consent,
    sends_conversion,
)
from pydantic import ValidationError

FRONTEND = "jobboard/en"


def test_the_event_key_gets_the_ss_prefix() -> None:
    assert measurement_body("job_search", {}, frontend=FRONTEND)["event"] == "ss_job_search"


@pytest.mark.parametrize(
    "name",
    [
        "user_role",
        "current_user_id",
        "session_id",
        "owner_id",
        "referrer",
        "UserAgent",
        "doc_referrer_url",
    ],
)
def test_fields_naming_user_session_owner_or_referrer_are_dropped(name: str) -> None:
    params = measurement_body("job_search", {name: "x", "search_query": "nurse"}, frontend=FRONTEND)
    assert name not in params["params"]
    assert params["params"]["search_query"] == "nurse"


def test_value_defaults_to_one_and_server_and_frontend_are_added() -> None:
    assert measurement_body("job_share", {"network": "email"}, frontend=FRONTEND)["params"] == {
        "network": "email",
        "value": 1,
        "server": 1,
        "frontend": FRONTEND,
    }


def test_a_numeric_value_is_kept() -> None:
    assert (
        measurement_body("job_share", {"value": 3.5}, frontend=FRONTEND)["params"]["value"] == 3.5
    )


@pytest.mark.parametrize(
    "event",
    [
        "job_visit",
        "job_edit",
        "job_bookmark",
        "job_search",
        "view_original_ad_btn_click",
        "job_apply_start",
        "job_apply_complete",
        "job_alert_prompt",
        "orgprofile_visit",
    ],
)
def test_entity_id_is_kept_for_the_listed_events(event: str) -> None:
    assert (
        measurement_body(event, {"entity_id": "7"}, frontend=FRONTEND)["params"]["entity_id"] == "7"
    )


@pytest.mark.parametrize("event", ["job_share", "resume_visit", "login", "qa_basic_info"])
def test_entity_id_is_dropped_for_other_events(event: str) -> None:
    assert (
        "entity_id" not in measurement_body(event, {"entity_id": "7"}, frontend=FRONTEND)["params"]
    )


def test_the_server_sent_flag_itself_never_goes_out() -> None:
    body = measurement_body("job_visit", {"server_sent": False}, frontend=FRONTEND)
    assert "server_sent" not in body["params"]


@pytest.mark.parametrize(
    ("event", "params", "flag", "expected"),
    [
        ("job_search", {}, True, True),  # client
        ("job_visit", {}, True, True),  # hybrid
        ("job_search", {}, False, False),  # the measurement API flag is off
        ("job_search", {"server_sent": True}, True, False),  # already sent server-side
        ("job_search", {"server_sent": "yes"}, True, True),  # only a real true flags it
        ("sign_up", {}, True, False),  # a server event never comes from the browser
    ],
)
def test_what_the_measurement_relay_mirrors(
    event: str, params: dict[str, Any], flag: bool, expected: bool
) -> None:
    assert mirrors_to_measurement(event, params, measurement_api=flag) is expected


def test_conversions_need_the_flag_and_the_listed_event() -> None:
    assert sends_conversion("sign_up", conversion_api=True, conversion_events=["sign_up"])
    assert not sends_conversion("sign_up", conversion_api=False, conversion_events=["sign_up"])
    assert not sends_conversion("job_visit", conversion_api=True, conversion_events=["sign_up"])


def test_the_conversion_body_drops_private_fields() -> None:
    assert conversion_body(
        "job_apply_complete", {"entity_id": "7", "current_user_id": "u1"}, frontend=FRONTEND
    ) == {
        "event_name": "job_apply_complete",
        "custom_data": {"entity_id": "7", "value": 1, "frontend": FRONTEND},
    }


def test_consent_categories_per_destination() -> None:
    analytics = parse_consent("C0001, C0002,bogus")
    assert analytics == {ConsentCategory.TAG_MANAGER, ConsentCategory.ANALYTICS}
    assert consented(Destination.MEASUREMENT, analytics)
    assert not consented(Destination.CONVERSION, analytics)
    assert consented(Destination.CONVERSION, parse_consent("C0004"))
    assert parse_consent(None) == frozenset()


@pytest.mark.parametrize(
    "body",
    [
        {"event": "no_such_event", "params": {}},
        {"event": "sign_up", "params": {}},  # server-side
        {"event": 7, "params": {}},
        {"event": "job_search", "params": []},
        {"event": "job_search", "params": {"nested": {"a": 1}}},
        {"event": "job_search", "params": {"search_query": "x" * 501}},
        {"event": "job_search", "params": {f"p{n}": n for n in range(MAX_PARAMS + 1)}},
        {"event": "job_search", "params": {"bad name": 1}},
        {"event": "job_search", "params": {"list": list(range(21))}},
        {"event": "job_search", "params": {}, "extra": 1},
        {"event": "job_search", "params": {"value": float("inf")}},
    ],
)
def test_bad_gmapi_bodies_are_refused(body: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        GmapiRequest.model_validate(body)


def test_a_good_gmapi_body() -> None:
    body = GmapiRequest.model_validate(
        {"event": "job_search", "params": {"search_query": "nurse", "page": 2, "tags": ["a"]}}
    )
    assert body.params["page"] == 2


def test_conversion_bodies_name_a_spec_event() -> None:
    assert ConversionRequest.model_validate({"event_name": "sign_up"}).custom_data == {}
    for name in ("job_unbookmark", "nothing", 3):
        with pytest.raises(ValidationError):
            ConversionRequest.model_validate({"event_name": name})
