"""resumeSearch through the web server's /graphql with the demo recruiter's session
(web -> gateway -> search -> Elasticsearch)."""

from __future__ import annotations

from bench.harness import Scenario
from bench.scenarios._resume_search import ResumeSearchThrough, scenario
from bench.scenarios._search import WEB_URL


def build() -> Scenario:
    return scenario(
        "resume_search_via_web",
        "resumeSearch (text, 2 facets, geo, last-update sort) through web -> gateway -> search, "
        "signed in as the demo recruiter",
        ResumeSearchThrough(WEB_URL, web=True),
    )
