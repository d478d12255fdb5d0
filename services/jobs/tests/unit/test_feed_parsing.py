"""Reading feeds (jobs.domain.feed_parsing): the aggregators' XML and schema.org JSON, each job
as the ATS API's fields, and the feeds that cannot be read at all."""

from __future__ import annotations

import json
from typing import Any

import pytest
from jobs.domain.ats import AtsJob
from jobs.domain.feed_parsing import FeedUnreadable, country_code, parse_feed

XML = b"""<?xml version="1.0" encoding="utf-8"?>
<source>
  <publisher>Green Harbor</publisher>
  <job>
    <title><![CDATA[Field Coordinator]]></title>
    <date><![CDATA[Mon, 23 Nov 2026 10:00:00 GMT]]></date>
    <referencenumber><![CDATA[GH-77]]></referencenumber>
    <url><![CDATA[https://greenharbor.example/jobs/77]]></url>
    <company><![CDATA[Green Harbor]]></company>
    <city><![CDATA[Boston]]></city>
    <state><![CDATA[MA]]></state>
    <country><![CDATA[United States]]></country>
    <postalcode><![CDATA[02110]]></postalcode>
    <description><![CDATA[<p>Coordinate <b>field</b> teams.</p>]]></description>
    <salary><![CDATA[$50,000 - $60,000 a year]]></salary>
    <jobtype><![CDATA[fulltime, parttime]]></jobtype>
    <expirationdate>2027-01-31</expirationdate>
  </job>
  <job>
    <title>Nurse</title>
    <description>Care for <em>patients</em> &amp; families.</description>
    <email>jobs@greenharbor.example</email>
    <country>DE</country>
    <city>Berlin</city>
  </job>
</source>"""


def posting(**overrides: Any) -> dict[str, Any]:
    return {
        "@context": "https://schema.org",
        "@type": "JobPosting",
        "identifier": {"@type": "PropertyValue", "name": "Open Meadow", "value": "OM-1"},
        "title": "Community Health Worker",
        "description": "<p>Visit families.</p>",
        "datePosted": "2026-11-20",
        "validThrough": "2027-02-01T17:00:00+01:00",
        "employmentType": ["FULL_TIME", "CONTRACTOR"],
        "hiringOrganization": {"@type": "Organization", "name": "Open Meadow"},
        "jobLocation": {
            "@type": "Place",
            "address": {
                "@type": "PostalAddress",
                "streetAddress": "1 Main St",
                "addressLocality": "Denver",
                "addressRegion": "CO",
                "postalCode": "80202",
                "addressCountry": {"@type": "Country", "name": "US"},
            },
        },
        "baseSalary": {
            "@type": "MonetaryAmount",
            "currency": "USD",
            "value": {"@type": "QuantitativeValue", "minValue": 40000, "maxValue": 52000,
                      "unitText": "YEAR"},
        },
        "url": "https://openmeadow.example/jobs/1",
    } | overrides  # fmt: skip


def test_the_aggregators_xml_maps_to_the_ats_fields() -> None:
    first, second = parse_feed(XML, "xml")
    assert (first.position, first.reference, first.title) == (1, "GH-77", "Field Coordinator")
    assert first.fields == {
        "title": "Field Coordinator",
        "description": "<p>Coordinate <b>field</b> teams.</p>",
        "locations": [
            {
                "address": {
                    "country_code": "US",
                    "locality": "Boston",
                    "administrative_area": "MA",
                    "zip": "02110",
                    "address_line1": None,
                }
            }
        ],
        "salary_range_free": "$50,000 - $60,000 a year",
        "expiration": "2027-01-31T23:59:59.999999Z",
        "application_workflow": "link",
        "application_link": "https://greenharbor.example/jobs/77",
    }
    assert first.employment_types == ("fulltime", "parttime")
    assert first.problems == ()
    AtsJob.model_validate(first.fields)  # the wizard's groups take it as it is
    # markup that was not in CDATA is kept; no reference is a problem of its own
    assert second.fields["description"] == "Care for <em>patients</em> &amp; families."
    assert second.fields["application_workflow"] == "email"
    assert second.fields["application_emails"] == ["jobs@greenharbor.example"]
    assert second.reference is None
    assert "referencenumber" in second.problems[0]


@pytest.mark.parametrize(
    ("document", "references"),
    [
        (posting(), ["OM-1"]),
        ([posting(), posting(identifier="OM-2")], ["OM-1", "OM-2"]),
        (
            {
                "@type": "ItemList",
                "itemListElement": [
                    {"@type": "ListItem", "position": 1, "item": posting()},
                    posting(identifier="OM-3"),
                ],
            },
            ["OM-1", "OM-3"],
        ),
        (
            {
                "@context": "https://schema.org",
                "@graph": [
                    {"@type": "Organization", "name": "Open Meadow"},
                    posting(identifier=["OM-4"]),
                ],
            },
            ["OM-4"],
        ),
        (
            [posting(identifier=None, **{"@id": "https://openmeadow.example/jobs/5"})],
            ["https://openmeadow.example/jobs/5"],
        ),
        ([], []),
    ],
)
def test_json_holds_job_postings_in_each_usual_shape(document: Any, references: list[str]) -> None:
    entries = parse_feed(json.dumps(document).encode(), "json")
    assert [entry.reference for entry in entries] == references


def test_a_json_posting_maps_to_the_ats_fields() -> None:
    (entry,) = parse_feed(json.dumps(posting()).encode(), "json")
    assert entry.fields == {
        "title": "Community Health Worker",
        "description": "<p>Visit families.</p>",
        "locations": [
            {
                "address": {
                    "country_code": "US",
                    "locality": "Denver",
                    "administrative_area": "CO",
                    "zip": "80202",
                    "address_line1": "1 Main St",
                }
            }
        ],
        "expiration": "2027-02-01T17:00:00+01:00",
        "salary_range": {
            "min_salary": 40000.0,
            "max_salary": 52000.0,
            "currency_code": "USD",
            "salary_unit": "year",
        },
        "application_workflow": "link",
        "application_link": "https://openmeadow.example/jobs/1",
    }
    assert entry.employment_types == ("FULL_TIME", "CONTRACTOR")
    assert not entry.remote
    AtsJob.model_validate(entry.fields)


@pytest.mark.parametrize(
    ("overrides", "expected"),
    [
        ({"baseSalary": {"currency": "EUR", "value": 3000, "unitText": "MONTH"}},
         {"salary_range": {"min_salary": 3000.0, "max_salary": 3000.0, "currency_code": "EUR",
                           "salary_unit": "month"}}),
        ({"baseSalary": {"value": {"minValue": 20, "maxValue": 25, "unitText": "HOUR"}}},
         {"salary_range_free": "20 - 25 per hour"}),
        ({"baseSalary": "Competitive"}, {"salary_range_free": "Competitive"}),
        ({"baseSalary": None}, {}),
    ],
)  # fmt: skip
def test_salaries(overrides: dict[str, Any], expected: dict[str, Any]) -> None:
    (entry,) = parse_feed(json.dumps(posting(**overrides)).encode(), "json")
    salary = {k: v for k, v in entry.fields.items() if k.startswith("salary")}
    assert salary == expected


@pytest.mark.parametrize(
    ("overrides", "remote"),
    [({"jobLocationType": "TELECOMMUTE"}, True), ({"jobLocationType": ["TELECOMMUTE"]}, True),
     ({}, False)],
)  # fmt: skip
def test_remote_work(overrides: dict[str, Any], remote: bool) -> None:
    (entry,) = parse_feed(json.dumps(posting(**overrides)).encode(), "json")
    assert entry.remote is remote


@pytest.mark.parametrize(
    ("value", "code"),
    [("us", "US"), ("United States", "US"), ("USA", "US"), ("Deutschland", "DE"), ("GBR", "GB"),
     ("Atlantis", "Atlantis"), (None, None)],
)  # fmt: skip
def test_country_codes(value: str | None, code: str | None) -> None:
    assert country_code(value) == code


BOMB = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
<source><job><title>&lol2;</title></job></source>"""
EXTERNAL = b"""<?xml version="1.0"?>
<!DOCTYPE source [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<source><job><title>&secret;</title></job></source>"""


@pytest.mark.parametrize(
    ("content", "format", "message"),
    [
        (b"<html><body>Not found</body></html>", "xml", "not a job feed"),
        (b"<source><job><title>Open", "xml", "not well-formed"),
        (BOMB, "xml", "refused"),
        (EXTERNAL, "xml", "refused"),
        (b"{not json", "json", "not valid JSON"),
        (b'{"@type": "Organization"}', "json", "not a job feed"),
        (b'"text"', "json", "not a job feed"),
        (b"<source>" + b"<job><title>x</title></job>" * 4 + b"</source>", "xml", "at most 3"),
        (json.dumps([posting()] * 4).encode(), "json", "at most 3"),
    ],
)
def test_a_feed_that_cannot_be_read_is_refused_whole(
    content: bytes, format: str, message: str
) -> None:
    with pytest.raises(FeedUnreadable, match=message):
        parse_feed(content, format, max_items=3)  # type: ignore[arg-type]
