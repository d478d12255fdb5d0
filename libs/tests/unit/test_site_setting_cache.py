"""A process keeps the site settings it read (the name, the feature flags) for a while, forgets a
site it saw change, and never keeps a value read before a change it applied meanwhile."""

from jobkit.site_settings import SiteSettingCache, site_settings_table
from sqlalchemy import MetaData

TABLE = site_settings_table(MetaData())
OTHER = site_settings_table(MetaData())
NAME = ("site", "name")
RESUME = ("features", "resume")


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_value_is_kept_for_its_ttl_then_read_again() -> None:
    clock = Clock()
    cache = SiteSettingCache(ttl=30, clock=clock)
    assert cache.get(TABLE, "jobboard", NAME) is None

    cache.put(TABLE, "jobboard", NAME, "Jobboard", read_at_generation=cache.generation)
    cache.put(TABLE, "jobboard", RESUME, None, read_at_generation=cache.generation)
    clock.now += 29.9
    assert cache.get(TABLE, "jobboard", NAME) == ("Jobboard",)
    assert cache.get(TABLE, "jobboard", RESUME) == (None,)  # never set: kept as such
    assert cache.get(OTHER, "jobboard", NAME) is None  # each read model table on its own
    clock.now += 0.2
    assert cache.get(TABLE, "jobboard", NAME) is None


def test_a_change_is_seen_at_once_and_a_read_from_before_it_is_not_kept() -> None:
    cache = SiteSettingCache(ttl=30, clock=Clock())
    cache.put(TABLE, "jobboard", NAME, "Jobboard", read_at_generation=cache.generation)
    cache.put(TABLE, "jobboard", RESUME, True, read_at_generation=cache.generation)
    cache.put(TABLE, "careers", NAME, "Careers", read_at_generation=cache.generation)

    began = cache.generation  # a read starts, then the consumer applies a change of the site
    cache.forget("jobboard")
    assert cache.get(TABLE, "jobboard", NAME) is None
    assert cache.get(TABLE, "jobboard", RESUME) is None
    assert cache.get(TABLE, "careers", NAME) == ("Careers",)

    cache.put(TABLE, "jobboard", RESUME, True, read_at_generation=began)
    assert cache.get(TABLE, "jobboard", RESUME) is None
