"""The settings of announcing jobs to search engines and of the aggregator feeds.

A mixin of ``SearchSettings`` (so the variables carry its ``SEARCH_`` prefix): each endpoint is
off until configured. Google needs a service account's JSON key file
(``SEARCH_GOOGLE_SERVICE_ACCOUNT_FILE``); IndexNow needs a key (``SEARCH_INDEXNOW_KEY``) that the
web server also serves at ``/{key}.txt`` (its ``INDEXNOW_KEY``).
"""

from __future__ import annotations

import re
from pathlib import Path

from jobkit.settings import SiteUrls
from pydantic import Field, field_validator

# IndexNow's key format: 8 to 128 characters of a-z, A-Z, 0-9 and dashes.
INDEXNOW_KEY = re.compile(r"^[A-Za-z0-9-]{8,128}$")
GOOGLE_BATCH_LIMIT = 100  # parts in one Google batch request; IndexNow takes more, we send 100


class AnnounceSettings(SiteUrls):
    # site_url / site_urls (SiteUrls): job pages are "{site_url_for(site)}/job/{slug}"

    # Google Indexing API: the service account's JSON key file (its token_uri is where the
    # signed JWT is exchanged for an access token) and the batch endpoint. Unset: Google is off.
    google_service_account_file: Path | None = None
    google_indexing_batch_url: str = "https://indexing.googleapis.com/batch"
    # IndexNow: the shared endpoint (it forwards to Bing, Yandex, Seznam...) and the site's key.
    indexnow_endpoint: str = "https://api.indexnow.org/indexnow"
    indexnow_key: str | None = None

    # URLs notified per endpoint and quota day (Google's default quota is 200 publish calls a
    # day, reset at midnight Pacific time); the last announce_deletion_reserve of a day's quota
    # are kept for deletions (updates stop before), so jobs closed late in a busy day still
    # leave the index that day.
    announce_daily_quota: int = Field(default=200, ge=0)
    announce_deletion_reserve: int = Field(default=50, ge=0)
    # An update falls due this long after it is recorded (a deletion at once), so that a burst's
    # deletions, recorded meanwhile, go out ahead of its updates.
    announce_update_delay_seconds: float = Field(default=60.0, ge=0)
    announce_batch_size: int = Field(default=GOOGLE_BATCH_LIMIT, ge=1, le=GOOGLE_BATCH_LIMIT)
    # The sender's pace, and its retries: the n-th failure waits retry * 2**(n-1), capped at
    # six hours; after max_attempts the notification is given up (kept with its last error).
    announce_interval_seconds: float = 5.0
    announce_retry_seconds: float = 60.0
    announce_max_attempts: int = Field(default=8, ge=1)
    announce_timeout_seconds: float = 15.0

    # The aggregator feeds (/feeds/jobs.xml, /feeds/jobs.json): how often a request may ask the
    # index whether the jobs changed, and how long clients and proxies may keep an answer.
    feed_check_seconds: float = 5.0
    feed_max_age_seconds: int = 300
    feed_title: str = "Jobs"

    @field_validator("indexnow_key")
    @classmethod
    def _indexnow_key_format(cls, value: str | None) -> str | None:
        if value is not None and value != "" and not INDEXNOW_KEY.fullmatch(value):
            raise ValueError("an IndexNow key has 8 to 128 characters: a-z, A-Z, 0-9 and '-'")
        return value or None

    def job_url(self, site: str, slug: str) -> str:
        return f"{self.site_url_for(site)}/job/{slug}"
