"""The running web server answers spec 2's permanent redirects with the site's settings from
identity (getAppConfig through the gateway): the demo site's local chapters and its own legacy
category are seeded by `make up`. /router resolves a path through route(slug)."""

from __future__ import annotations

import httpx
import pytest
from jobkit.testing.graphql import GraphQLClient

from tests.stack.test_gateway_reaches_every_subgraph import GATEWAY_URL, WEB_URL

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


@pytest.mark.parametrize(
    ("path", "location"),
    [
        ("/manage/job", "/user/login"),
        ("/search/resume?x=1", "/user/login"),
        ("/jobs/field_job_experience_term/no-experience", "/jobs/no-work-experience-required"),
        ("/jobs/field_job_experience_term/1-2-years", "/jobs/1-2-years-experience"),
        ("/jobs/field_job_experience_term/3-5?page=2", "/jobs/3-5-years-experience?page=2"),
        ("/jobs/field_job_experience_term/6-10-years-experience", "/jobs/6-10-years-experience"),
        ("/jobs/field_job_experience_term/more-10-years", "/jobs/more-10-years-experience"),
        (
            "/jobs/field_job_degree_level/bachelor/healthcare-and-nursing?sorting=publish_date_desc",
            "/jobs/healthcare-and-nursing?sorting=publish_date_desc",
        ),
        ("/jobs/field_job_degree_level/phd", "/jobs"),
    ],
)
async def test_the_rows_only_unit_tested_before_and_their_targets_are_pages(
    path: str, location: str
) -> None:
    async with httpx.AsyncClient(base_url=WEB_URL) as client:
        answer = await client.get(path)
        assert answer.status_code == 301, answer.text[:200]
        assert answer.headers["location"] == location
        # where it sends people is a page of the site, not a 404
        target = await client.get(location)
        assert target.status_code == 200, (location, target.status_code)


async def test_the_recruiter_pipeline_sends_visitors_to_log_in_not_permanently() -> None:
    async with httpx.AsyncClient(base_url=WEB_URL) as client:
        answer = await client.get("/recruiter/applications")
    assert answer.status_code in (302, 303)
    assert answer.headers["location"].startswith("/user/login?")


async def test_router_sends_a_path_to_what_route_says_and_unknown_ones_to_a_helpful_404() -> None:
    organization = (
        await GraphQLClient(GATEWAY_URL).data(
            """{ organizationProfile(slug: "green-harbor-foundation") {
              organization { id } } }"""
        )
    )["organizationProfile"]["organization"]
    jobs = await GraphQLClient(GATEWAY_URL).data(
        "query($id: ID!) { openJobs(organizationId: $id, limit: 50) { jobs { slug } } }",
        id=organization["id"],
    )
    # the longest open one: a job other tests published a moment ago may still be on its way
    # into search's slug index (events), the demo seed's have long been there
    slug = jobs["openJobs"]["jobs"][-1]["slug"]
    async with httpx.AsyncClient(base_url=WEB_URL) as client:
        content = await client.get("/router", params={"router": f"/job/{slug}?utm_source=x"})
        assert content.status_code == 303, content.text[:200]
        assert content.headers["location"] == f"/job/{slug}?utm_source=x"
        for target in ("/job/no-such-wetland-ranger-3f9a2c", "//elsewhere.example/job"):
            missing = await client.get("/router", params={"router": target})
            assert missing.status_code == 404
        # an unknown job's page offers a search for its words and the popular categories
        page = await client.get("/job/no-such-wetland-ranger-3f9a2c")
        assert page.status_code == 404
        assert "Search jobs for “no such wetland ranger”" in page.text
        assert "Popular categories" in page.text
