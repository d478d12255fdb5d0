"""Reading job feeds (ADR 0041): no I/O, no database; bytes in, one entry per job out.

Two formats:

- **XML** in the format job aggregators read (Indeed's): ``<source>`` with one ``<job>`` per
  job: ``title``, ``referencenumber``, ``url``, ``company``, ``city``, ``state``, ``country``,
  ``postalcode``, ``streetaddress``, ``description`` (HTML, usually in CDATA), ``salary``,
  ``jobtype``, ``email``, ``expirationdate``. Parsed by defusedxml: no entity expansion, no
  external entities or DTDs fetched, no network.
- **JSON** of schema.org ``JobPosting``: one object, an array of them, or an ``ItemList`` or
  ``@graph`` holding them: ``identifier``, ``title``, ``description``, ``datePosted``,
  ``validThrough``, ``employmentType``, ``jobLocation.address``, ``jobLocationType``,
  ``baseSalary``, ``url``, ``hiringOrganization``.

Each job becomes a :class:`FeedEntry`: its reference in the feed and the fields of the ATS API's
:class:`~jobs.domain.ats.AtsJob` (the wizard's form groups), not yet validated: the import
validates them with the wizard's own rules, so a job that fails is refused with the wizard's
messages. Employment types and remote work are named as the feed names them; the import
matches them against the site's vocabulary. A feed that cannot be read at all raises
:class:`FeedUnreadable` (then nothing is changed: no job is closed for a broken feed).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any, Literal
from xml.etree.ElementTree import Element, ParseError, tostring

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

FeedFormat = Literal["xml", "json"]
MAX_ITEMS = 5000  # jobs in one feed

# Country names feeds use instead of ISO 3166-1 alpha-2 codes, for the countries the board
# serves (jobkit.geo's gazetteer); any other country must be given as its two-letter code.
COUNTRY_CODES: dict[str, str] = {
    "austria": "AT", "belgium": "BE", "canada": "CA", "switzerland": "CH",
    "czechia": "CZ", "czech republic": "CZ", "germany": "DE", "deutschland": "DE",
    "denmark": "DK", "spain": "ES", "finland": "FI", "france": "FR",
    "united kingdom": "GB", "uk": "GB", "great britain": "GB", "greece": "GR",
    "hungary": "HU", "ireland": "IE", "italy": "IT", "kenya": "KE", "luxembourg": "LU",
    "netherlands": "NL", "the netherlands": "NL", "norway": "NO", "poland": "PL",
    "portugal": "PT", "sweden": "SE", "united states": "US",
    "united states of america": "US", "usa": "US",
    "aut": "AT", "bel": "BE", "can": "CA", "che": "CH", "cze": "CZ", "deu": "DE",
    "dnk": "DK", "esp": "ES", "fin": "FI", "fra": "FR", "gbr": "GB", "grc": "GR",
    "hun": "HU", "irl": "IE", "ita": "IT", "ken": "KE", "lux": "LU", "nld": "NL",
    "nor": "NO", "pol": "PL", "prt": "PT", "swe": "SE",
}  # fmt: skip
SALARY_UNITS = {"hour": "hour", "day": "day", "week": "week", "month": "month", "year": "year"}


class FeedUnreadable(Exception):
    """The whole feed cannot be read (not XML or JSON, not a job feed, too many jobs)."""


@dataclass(frozen=True)
class FeedEntry:
    """One job of a feed: where it is (1 on), its reference, its title for the report, the
    AtsJob fields, and the employment types and remote work as the feed names them."""

    position: int
    reference: str | None
    title: str | None
    fields: dict[str, Any]
    employment_types: tuple[str, ...] = ()
    remote: bool = False
    # what is wrong with the entry before validation (no reference): it is refused with these
    problems: tuple[str, ...] = field(default=())


def parse_feed(
    content: bytes, format: FeedFormat, *, max_items: int = MAX_ITEMS
) -> list[FeedEntry]:
    """The feed's jobs in their order (raises :class:`FeedUnreadable`)."""
    return _xml(content, max_items) if format == "xml" else _json(content, max_items)


# --- common ----------------------------------------------------------------------------------


def _text(value: object) -> str | None:
    if value is None or isinstance(value, dict | list | bool):
        return None
    text = str(value).strip()
    return text or None


def country_code(value: str | None) -> str | None:
    """An ISO 3166-1 alpha-2 code from a code or a known name (else the value as given, for the
    wizard's check to refuse)."""
    if not value:
        return None
    text = " ".join(value.split())
    if len(text) == 2 and text.isalpha():
        return text.upper()
    return COUNTRY_CODES.get(text.lower(), text)


def _expiration(value: str | None) -> str | None:
    """A date alone means the end of that day (UTC); a date and time is kept as given."""
    if not value:
        return None
    text = value.strip()
    try:
        return datetime.combine(date.fromisoformat(text), datetime.max.time()).isoformat() + "Z"
    except ValueError:
        return text  # a date and time, or something the wizard's check refuses


def _employment_types(value: object) -> tuple[str, ...]:
    values = value if isinstance(value, list) else [value]
    found = []
    for item in values:
        text = _text(item)
        if text:
            found += [part.strip() for part in re.split(r"[,;/|]", text) if part.strip()]
    return tuple(dict.fromkeys(found))


def _application(url: str | None, email: str | None) -> dict[str, Any]:
    """Where the feed says applications go: its job's page (a link), else an address, else on
    the board."""
    if url:
        return {"application_workflow": "link", "application_link": url}
    if email:
        return {"application_workflow": "email", "application_emails": [email]}
    return {"application_workflow": "on_site"}


def _address(
    *,
    locality: str | None,
    region: str | None,
    country: str | None,
    postal_code: str | None,
    street: str | None,
) -> dict[str, Any]:
    return {
        "country_code": country_code(country),
        "locality": locality,
        "administrative_area": region,
        "zip": postal_code,
        "address_line1": street,
    }


def _no_reference(format: FeedFormat) -> tuple[str, ...]:
    if format == "xml":
        return ("Give each job a <referencenumber>: the board finds the job by it next time.",)
    return ("Give each JobPosting an identifier: the board finds the job by it next time.",)


# --- XML -------------------------------------------------------------------------------------


def _local(tag: object) -> str:
    return str(tag).rsplit("}", 1)[-1].lower()


def _inner(element: Element) -> str | None:
    """The element's content: its text (CDATA included) and any markup that was not escaped."""
    parts = [element.text or ""]
    for child in element:
        parts.append(tostring(child, encoding="unicode"))
    return _text("".join(parts))


def _xml(content: bytes, max_items: int) -> list[FeedEntry]:
    try:
        root = fromstring(content)
    except DefusedXmlException as error:
        raise FeedUnreadable(f"The XML feed was refused: {type(error).__name__}.") from None
    except ParseError as error:
        raise FeedUnreadable(f"The feed is not well-formed XML: {error}.") from None
    jobs = [element for element in root.iter() if _local(element.tag) == "job"]
    if _local(root.tag) != "source" and not jobs:
        raise FeedUnreadable("The XML is not a job feed: expected <source> with <job> elements.")
    if len(jobs) > max_items:
        raise FeedUnreadable(
            f"The feed lists {len(jobs):,} jobs; a feed has at most {max_items:,}. Split it."
        )
    return [_xml_entry(position, job) for position, job in enumerate(jobs, start=1)]


def _xml_entry(position: int, job: Element) -> FeedEntry:
    values: dict[str, str | None] = {}
    for child in job:
        name = _local(child.tag)
        if name not in values:  # the first of a repeated element
            values[name] = _inner(child)
    reference = values.get("referencenumber") or values.get("reference")
    locality = values.get("city")
    country = values.get("country")
    fields: dict[str, Any] = {
        "title": values.get("title"),
        "description": values.get("description"),
        "locations": (
            [
                {
                    "address": _address(
                        locality=locality,
                        region=values.get("state"),
                        country=country,
                        postal_code=values.get("postalcode"),
                        street=values.get("streetaddress"),
                    )
                }
            ]
            if locality or country
            else []
        ),
        "salary_range_free": values.get("salary"),
        "expiration": _expiration(values.get("expirationdate")),
        **_application(values.get("url"), values.get("email")),
    }
    remote = (values.get("remotetype") or values.get("remote") or "").strip().lower()
    return FeedEntry(
        position=position,
        reference=reference,
        title=values.get("title"),
        fields=fields,
        employment_types=_employment_types(values.get("jobtype")),
        remote=bool(remote) and remote not in {"no", "false", "0", "onsite", "on-site"},
        problems=() if reference else _no_reference("xml"),
    )


# --- JSON (schema.org) -----------------------------------------------------------------------


def _types(value: dict[str, Any]) -> set[str]:
    kind = value.get("@type")
    kinds = kind if isinstance(kind, list) else [kind]
    return {str(k).rsplit("/", 1)[-1] for k in kinds if k}


def _postings(data: object, depth: int = 0) -> Iterator[dict[str, Any]]:
    if depth > 4:
        return
    if isinstance(data, list):
        for item in data:
            yield from _postings(item, depth + 1)
        return
    if not isinstance(data, dict):
        return
    kinds = _types(data)
    if "JobPosting" in kinds:
        yield data
    elif "@graph" in data:
        yield from _postings(data["@graph"], depth + 1)
    elif "ItemList" in kinds:
        for element in data.get("itemListElement") or []:
            if isinstance(element, dict) and "ListItem" in _types(element):
                element = element.get("item")
            yield from _postings(element, depth + 1)


def _json(content: bytes, max_items: int) -> list[FeedEntry]:
    try:
        data = json.loads(content)
    except (ValueError, RecursionError):
        raise FeedUnreadable("The feed is not valid JSON.") from None
    if (
        isinstance(data, dict)
        and not ({"JobPosting", "ItemList"} & _types(data))
        and ("@graph" not in data)
    ):
        raise FeedUnreadable(
            "The JSON is not a job feed: expected a schema.org JobPosting, an array of them, "
            "or an ItemList or @graph holding them."
        )
    if not isinstance(data, dict | list):
        raise FeedUnreadable("The JSON is not a job feed.")
    postings = []
    for posting in _postings(data):
        postings.append(posting)
        if len(postings) > max_items:
            raise FeedUnreadable(
                f"The feed lists more than {max_items:,} jobs; a feed has at most "
                f"{max_items:,}. Split it."
            )
    return [_json_entry(position, posting) for position, posting in enumerate(postings, start=1)]


def _identifier(posting: dict[str, Any]) -> str | None:
    identifier = posting.get("identifier")
    if isinstance(identifier, list):
        identifier = identifier[0] if identifier else None
    if isinstance(identifier, dict):  # a PropertyValue
        identifier = identifier.get("value") or identifier.get("@id")
    return _text(identifier) or _text(posting.get("@id")) or _text(posting.get("url"))


def _places(posting: dict[str, Any]) -> list[dict[str, Any]]:
    found = posting.get("jobLocation")
    places = found if isinstance(found, list) else [found] if found else []
    locations = []
    for place in places:
        if not isinstance(place, dict):
            continue
        address = place.get("address")
        if isinstance(address, str):
            locations.append(
                {"address": _address(locality=_text(address), region=None, country=None,
                                     postal_code=None, street=None)}
            )  # fmt: skip
            continue
        if not isinstance(address, dict):
            continue
        country = address.get("addressCountry")
        if isinstance(country, dict):  # a Country
            country = country.get("name") or country.get("identifier")
        locations.append(
            {
                "address": _address(
                    locality=_text(address.get("addressLocality")),
                    region=_text(address.get("addressRegion")),
                    country=_text(country),
                    postal_code=_text(address.get("postalCode")),
                    street=_text(address.get("streetAddress")),
                )
            }
        )
    return locations


def _number(value: object) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value.replace(",", "").strip())
        except ValueError:
            return None
    return None


def _salary(posting: dict[str, Any]) -> dict[str, Any]:
    """``baseSalary`` as the wizard's salary range (with a currency), else as free text."""
    salary = posting.get("baseSalary")
    if not isinstance(salary, dict):
        text = _text(salary)
        return {"salary_range_free": text} if text else {}
    value = salary.get("value")
    unit_text = salary.get("unitText")
    low = high = None
    if isinstance(value, dict):  # a QuantitativeValue
        low = _number(value.get("minValue"))
        high = _number(value.get("maxValue"))
        exact = _number(value.get("value"))
        if low is None and high is None and exact is not None:
            low = high = exact
        unit_text = value.get("unitText") or unit_text
    else:
        low = high = _number(value)
    unit = SALARY_UNITS.get(str(unit_text or "year").strip().lower(), "year")
    currency = _text(salary.get("currency"))
    if low is None and high is None:
        return {}
    if currency is None:
        amounts = " - ".join(f"{amount:g}" for amount in dict.fromkeys((low, high)) if amount)
        return {"salary_range_free": f"{amounts} per {unit}"}
    return {
        "salary_range": {
            "min_salary": low,
            "max_salary": high,
            "currency_code": currency,
            "salary_unit": unit,
        }
    }


def _json_entry(position: int, posting: dict[str, Any]) -> FeedEntry:
    reference = _identifier(posting)
    title = _text(posting.get("title"))
    url = _text(posting.get("url"))
    location_types = posting.get("jobLocationType")
    kinds = location_types if isinstance(location_types, list) else [location_types]
    fields: dict[str, Any] = {
        "title": title,
        "description": _text(posting.get("description")),
        "locations": _places(posting),
        "expiration": _expiration(_text(posting.get("validThrough"))),
        **_salary(posting),
        **_application(url, None),
    }
    return FeedEntry(
        position=position,
        reference=reference,
        title=title,
        fields=fields,
        employment_types=_employment_types(posting.get("employmentType")),
        remote=any(str(kind).upper() == "TELECOMMUTE" for kind in kinds if kind),
        problems=() if reference else _no_reference("json"),
    )
