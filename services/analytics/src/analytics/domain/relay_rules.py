"""The relays' rules (spec 7, "REST calls"), without I/O: what a request may carry, which events
go out, and what their parameters become on the way (ADR 0014).

- ``POST /api/gmapi`` ``{event, params}``: the key goes out prefixed ``ss_``; the parameters lose
  every field whose name contains user, session, owner or referrer, gain ``value`` (default 1),
  ``server: 1`` and the frontend identifier; ``entity_id`` stays only for the events listed in
  ``ENTITY_ID_EVENTS``. Only client and hybrid events of the catalogue come this way, and one
  already flagged as sent server-side (``params.server_sent: true``) is never mirrored.
- ``POST /api/conversionapi`` ``{event_name, custom_data}``: for the events the site lists.
- Consent (spec 9's cookie categories): the measurement collector needs C0002 (analytics), the
  conversion API C0004 (advertising: it is the ad platforms' pixel API).
"""

from __future__ import annotations

import math
from enum import StrEnum
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, field_validator

from analytics.domain.catalogue import CATALOGUE, SPEC_KEYS, EventKind

PREFIX = "ss_"  # spec 9: "Parameter prefix ss_"
DEFAULT_VALUE = 1  # spec 9: "default event value 1"
SERVER_SENT = "server_sent"
# spec 7: "any field whose name contains user, session, owner or referrer"
PRIVATE_NAME_PARTS = ("user", "session", "owner", "referrer")
ENTITY_ID_EVENTS = frozenset(
    {
        "job_visit",
        "job_edit",
        "job_bookmark",
        "job_search",
        "view_original_ad_btn_click",
        "job_apply_start",
        "job_apply_complete",
        "job_alert_prompt",
        "orgprofile_visit",
    }
)
KINDS = {item.key: item.kind for item in CATALOGUE}
BROWSER_KINDS = frozenset({EventKind.CLIENT, EventKind.HYBRID})

# Caps on what one request may carry (a beacon is small; anything bigger is refused, never cut).
MAX_PARAMS = 30
MAX_NAME_LENGTH = 40
MAX_TEXT_LENGTH = 500
MAX_LIST_ITEMS = 20
MAX_BODY_BYTES = 16_384


class Destination(StrEnum):
    MEASUREMENT = "measurement"
    CONVERSION = "conversion"


class ConsentCategory(StrEnum):
    TAG_MANAGER = "C0001"
    ANALYTICS = "C0002"
    GEOSUGGEST = "C0003"
    ADVERTISING = "C0004"


REQUIRED_CONSENT = {
    Destination.MEASUREMENT: ConsentCategory.ANALYTICS,
    Destination.CONVERSION: ConsentCategory.ADVERTISING,
}

ParamName = Annotated[
    str, StringConstraints(pattern=r"^[A-Za-z][A-Za-z0-9_]*$", max_length=MAX_NAME_LENGTH)
]
Scalar = Annotated[str, StringConstraints(max_length=MAX_TEXT_LENGTH)] | int | float | bool | None
ParamValue = Scalar | Annotated[list[Scalar], Field(max_length=MAX_LIST_ITEMS)]
Params = Annotated[dict[ParamName, ParamValue], Field(max_length=MAX_PARAMS)]
EventKey = Annotated[str, StringConstraints(max_length=64)]


def _finite(params: dict[str, Any]) -> dict[str, Any]:
    for name, value in params.items():
        items = value if isinstance(value, list) else [value]
        if any(isinstance(item, float) and not math.isfinite(item) for item in items):
            raise ValueError(f"{name} must be a finite number")
    return params


class GmapiRequest(BaseModel):
    """``POST /api/gmapi``: a client or hybrid event of the catalogue with flat parameters."""

    model_config = ConfigDict(extra="forbid", strict=True)

    event: EventKey
    params: Params = Field(default_factory=dict)

    @field_validator("event")
    @classmethod
    def _browser_event(cls, event: str) -> str:
        kind = KINDS.get(event)
        if kind is None:
            raise ValueError(f"unknown event key {event!r}")
        if kind not in BROWSER_KINDS:
            raise ValueError(f"{event} is a server-side event; the browser does not send it")
        return event

    @field_validator("params")
    @classmethod
    def _finite_params(cls, params: dict[str, Any]) -> dict[str, Any]:
        return _finite(params)


class ConversionRequest(BaseModel):
    """``POST /api/conversionapi``: an event of the catalogue and its custom data."""

    model_config = ConfigDict(extra="forbid", strict=True)

    event_name: EventKey
    custom_data: Params = Field(default_factory=dict)

    @field_validator("event_name")
    @classmethod
    def _known_event(cls, event: str) -> str:
        if event not in SPEC_KEYS:
            raise ValueError(f"unknown event key {event!r}")
        return event

    @field_validator("custom_data")
    @classmethod
    def _finite_data(cls, data: dict[str, Any]) -> dict[str, Any]:
        return _finite(data)


def is_private(name: str) -> bool:
    lowered = name.lower()
    return any(part in lowered for part in PRIVATE_NAME_PARTS)


def public_params(params: dict[str, Any]) -> dict[str, Any]:
    """The parameters minus every field that could name a person or a visit."""
    return {name: value for name, value in params.items() if not is_private(name)}


def event_value(params: dict[str, Any]) -> int | float:
    value = params.get("value")
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value
    return DEFAULT_VALUE


def measurement_body(event: str, params: dict[str, Any], *, frontend: str) -> dict[str, Any]:
    """What the measurement collector receives for ``event`` (spec 7's gmapi rules)."""
    kept = public_params({k: v for k, v in params.items() if k != SERVER_SENT})
    if event not in ENTITY_ID_EVENTS:
        kept.pop("entity_id", None)
    kept.update(value=event_value(params), server=1, frontend=frontend)
    return {"event": f"{PREFIX}{event}", "params": kept}


def conversion_body(event: str, custom_data: dict[str, Any], *, frontend: str) -> dict[str, Any]:
    """What the conversion API receives: the event's name and its data, never a person's."""
    data = public_params({k: v for k, v in custom_data.items() if k != SERVER_SENT})
    data.update(value=event_value(custom_data), frontend=frontend)
    return {"event_name": event, "custom_data": data}


def already_server_sent(params: dict[str, Any]) -> bool:
    return params.get(SERVER_SENT) is True


def mirrors_to_measurement(event: str, params: dict[str, Any], *, measurement_api: bool) -> bool:
    """Spec 7: client (and hybrid) events, the measurement API flag on, not flagged server-sent."""
    return measurement_api and KINDS.get(event) in BROWSER_KINDS and not already_server_sent(params)


def sends_conversion(event: str, *, conversion_api: bool, conversion_events: list[str]) -> bool:
    return conversion_api and event in conversion_events


def parse_consent(header: str | None) -> frozenset[ConsentCategory]:
    """``C0001,C0002`` (the web server's reading of the ``jb_cookie_consent`` cookie)."""
    known = {category.value: category for category in ConsentCategory}
    return frozenset(
        known[part.strip()] for part in (header or "").split(",") if part.strip() in known
    )


def consented(destination: Destination, categories: frozenset[ConsentCategory]) -> bool:
    return REQUIRED_CONSENT[destination] in categories
