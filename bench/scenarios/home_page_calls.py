"""The GraphQL calls the server render of / makes, through the gateway (home_page_via_web's
baseline)."""

from __future__ import annotations

from bench.harness import Scenario
from bench.scenarios._pages import PageCalls, home_calls, page_calls_scenario


def build() -> Scenario:
    return page_calls_scenario(
        "home_page_calls",
        "the home page's GraphQL calls (a batch of 5 operations beside a chain of 2) "
        "through the gateway",
        PageCalls(home_calls),
    )
