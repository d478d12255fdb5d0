"""The demo organizations name vocabulary terms by alias: every alias must be in search's seed
data (the seed would stop at the first unknown one)."""

from __future__ import annotations

import pytest
from search.taxonomy.seed import read_seed_terms

from scripts.demo.organizations_data import ORGANIZATIONS, DemoOrganization

ALIASES = {(term.vocabulary, term.aliases["en"]) for term in read_seed_terms()}


def _named(demo: DemoOrganization) -> list[tuple[str, str]]:
    return [
        ("industries", demo.industry),
        ("organization_sizes", demo.size),
        *(("occupational_fields", alias) for alias in demo.occupations),
        *(("fields_of_study", alias) for alias in demo.studies),
        *(("benefits", alias) for alias in demo.benefits),
    ]


@pytest.mark.parametrize("demo", ORGANIZATIONS, ids=lambda demo: demo.name)
def test_every_term_a_demo_organization_names_exists(demo: DemoOrganization) -> None:
    assert [named for named in _named(demo) if named not in ALIASES] == []


def test_the_demo_organizations_use_every_size_segment() -> None:
    sizes = {alias for vocabulary, alias in ALIASES if vocabulary == "organization_sizes"}
    assert {demo.size for demo in ORGANIZATIONS} == sizes
