"""resumeSearch's baseline: the identical Elasticsearch request (the ``_search`` search sends for
page 1) straight to the resumes alias."""

from __future__ import annotations

from bench.harness import Scenario
from bench.scenarios._resume_search import ResumeSearchDirect, scenario


def build() -> Scenario:
    return scenario(
        "resume_search_direct",
        "the _search resumeSearch sends (findable + site filter; text, 2 facets, geo, "
        "last-update sort) straight to ES",
        ResumeSearchDirect(),
    )
