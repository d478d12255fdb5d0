"""jobSearch's baseline: the identical Elasticsearch request (the ``_msearch`` search sends for
page 1) straight to the jobs alias."""

from __future__ import annotations

from bench.harness import Scenario
from bench.scenarios._search import SearchDirect, scenario


def build() -> Scenario:
    return scenario(
        "job_search_direct",
        "the _msearch jobSearch sends (featured + main query, site filter; text, 2 facets, "
        "geo, date sort) straight to ES",
        SearchDirect(),
    )
