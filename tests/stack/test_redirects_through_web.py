"""The running web server answers spec 2's permanent redirects with the site's settings from
identity (getAppConfig through the gateway): the demo site's local chapters and its own legacy
category are seeded by `make up`."""

from __future__ import annotations

import httpx
import pytest

from tests.stack.test_gateway_reaches_every_subgraph import WEB_URL

pytestmark = pytest.mark.integration


@pytest.mark.parametrize(
    ("path", "location"),
    [
        ("/companies", "/organizations"),
        ("/companies/51-100-employees/health?page=2", "/organizations/health?page=2"),
        ("/jobs/human-resources-hr", "/jobs/human-resources"),
        ("/jobs/green-jobs", "/jobs/environmental-protection-and-conservation"),
        ("/jobs/chicago-chapter", "/jobs?search=chicago-chapter"),
        ("/jobs/spotlight-field-nurse", "/jobs?search=spotlight-field-nurse"),
        ("/jobs/field_job_degree_level/master/software-development", "/jobs/software-development"),
        ("/search/resume", "/user/login"),
        ("/job-bookmarks-anon", "/jobs#save-search"),
        ("/contact", "https://www.jobboard.example/contact-form"),
    ],
)
async def test_permanent_redirects(path: str, location: str) -> None:
    async with httpx.AsyncClient(base_url=WEB_URL) as client:
        answer = await client.get(path)
    assert answer.status_code == 301, answer.text[:200]
    assert answer.headers["location"] == location


async def test_the_recruiter_pipeline_sends_visitors_to_log_in_not_permanently() -> None:
    async with httpx.AsyncClient(base_url=WEB_URL) as client:
        answer = await client.get("/recruiter/applications")
    assert answer.status_code in (302, 303)
    assert answer.headers["location"].startswith("/user/login?")
