"""A process keeps the site names it read for a while, forgets a site it saw renamed, and never
keeps a name read before a rename it applied meanwhile."""

from jobkit.site_settings import SiteNameCache, site_settings_table
from sqlalchemy import MetaData

TABLE = site_settings_table(MetaData())
OTHER = site_settings_table(MetaData())


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_name_is_kept_for_its_ttl_then_read_again() -> None:
    clock = Clock()
    cache = SiteNameCache(ttl=30, clock=clock)
    assert cache.get(TABLE, "jobboard") is None

    cache.put(TABLE, "jobboard", "Jobboard", read_at_generation=cache.generation)
    clock.now += 29.9
    assert cache.get(TABLE, "jobboard") == "Jobboard"
    assert cache.get(OTHER, "jobboard") is None  # each read model table on its own
    clock.now += 0.2
    assert cache.get(TABLE, "jobboard") is None


def test_a_rename_is_seen_at_once_and_a_read_from_before_it_is_not_kept() -> None:
    cache = SiteNameCache(ttl=30, clock=Clock())
    cache.put(TABLE, "jobboard", "Jobboard", read_at_generation=cache.generation)
    cache.put(TABLE, "careers", "Careers", read_at_generation=cache.generation)

    began = cache.generation  # a read starts, then the consumer applies a rename
    cache.forget("jobboard")
    assert cache.get(TABLE, "jobboard") is None
    assert cache.get(TABLE, "careers") == "Careers"

    cache.put(TABLE, "jobboard", "Jobboard", read_at_generation=began)
    assert cache.get(TABLE, "jobboard") is None
