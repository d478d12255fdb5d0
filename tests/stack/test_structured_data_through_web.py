"""The running stack: every live job's page, as the web server renders it, carries one
schema.org JobPosting that keeps Google's rules (jobs.domain.structured_data, ADR 0043): each
required rule, and each rule the page itself always satisfies (directApply, identifier, ...).
The live jobs come from the jobs service (through the gateway, as an administrator); what JSON-LD
cannot say (a hybrid job, where applying happens) from the job through the gateway."""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from typing import Any

import httpx
import pytest
from jobkit.testing.graphql import GraphQLClient
from jobs.domain.structured_data import Level, Rule, Work, broken
from lxml import html

from tests.stack.test_gateway_reaches_every_subgraph import GATEWAY_URL, WEB_URL
from tests.stack.test_sitemaps_through_web import _admin, _published_jobs

pytestmark = pytest.mark.integration

WORK = """query($slug: String!) { job(slug: $slug) {
  state applicationWorkflow remoteOptions { label alias } } }"""


def kept_by_every_live_page(rule: Rule) -> bool:
    """What a live page must keep: Google's required rules, and the recommended ones the page
    satisfies whatever the job holds (a broken one is a bug, not a recruiter's choice)."""
    return rule.level is Level.REQUIRED or rule.always


def job_posting(page: str) -> dict[str, Any]:
    scripts = html.fromstring(page).xpath('//script[@type="application/ld+json"]/text()')
    postings = [data for data in map(json.loads, scripts) if data.get("@type") == "JobPosting"]
    assert len(postings) == 1, f"{len(postings)} JobPostings"
    posting: dict[str, Any] = postings[0]
    return posting


@pytest.mark.timeout(1200)  # some 250 server-rendered pages and as many queries, on a busy machine
async def test_every_live_job_page_carries_a_job_posting_that_keeps_the_rules() -> None:
    jobs = await _published_jobs(_admin())
    assert len(jobs) >= 100, "the demo data has its published jobs"
    visitor = GraphQLClient(GATEWAY_URL)
    limit = asyncio.Semaphore(6)

    async def check(web: httpx.AsyncClient, slug: str) -> list[str] | None:
        """The rules the page breaks; None when the job left the site meanwhile."""
        async with limit:
            job = (await visitor.data(WORK, slug=slug))["job"]
            page = await web.get(f"/job/{slug}")
        if job is None or job["state"] != "PUBLISHED" or page.status_code != 200:
            return None
        work = Work.of(
            [term["alias"] or term["label"] for term in job["remoteOptions"]],
            application_workflow=job["applicationWorkflow"].lower(),
        )
        return [
            rule.property
            for rule in broken(job_posting(page.text), work)
            if kept_by_every_live_page(rule)
        ]

    async with httpx.AsyncClient(base_url=WEB_URL, timeout=60) as web:
        slugs = sorted(jobs)
        found = await asyncio.gather(*(check(web, slug) for slug in slugs))
    checked = {slug: rules for slug, rules in zip(slugs, found, strict=True) if rules is not None}
    failing = {slug: rules for slug, rules in checked.items() if rules}
    by_rule = Counter(rule for rules in failing.values() for rule in rules)
    assert len(checked) >= 100
    assert not failing, (
        f"{len(failing)} of {len(checked)} live job pages break the rules "
        f"({dict(by_rule)}), e.g. {dict(list(failing.items())[:3])}"
    )
