"""The landing pages' seed data: one page per path, category pages on real term aliases, city
pages on paths no term takes and with coordinates."""

import json
from importlib import resources

from search.site.landing_page_seed import page_row, seed_data


def _aliases() -> set[str]:
    aliases: set[str] = set()
    for data in resources.files("search.taxonomy").joinpath("data").iterdir():
        for term in json.loads(data.read_text())["terms"]:
            aliases.update(term.get("aliases", {}).values())
    return aliases


def test_paths_are_unique_and_name_a_term_or_a_place() -> None:
    rows = [page_row(page) for page in seed_data()]
    paths = [row["path"] for row in rows]
    assert len(paths) == len(set(paths))
    aliases = _aliases()
    for row in rows:
        segment = row["path"].removeprefix("/jobs/")
        assert "/" not in segment
        if row["place"] is None:
            assert segment in aliases, row["path"]
        else:
            assert segment not in aliases, row["path"]
            assert {"label", "lat", "lon"} <= row["place"].keys()
        assert row["title"]
        assert 0 < len(row["description"]) <= 320
        assert row["intro"].startswith("<p>")


def test_ids_are_stable() -> None:
    first, again = page_row(seed_data()[0]), page_row(seed_data()[0])
    assert first["id"] == again["id"]
