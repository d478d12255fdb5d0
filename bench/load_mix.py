"""The mixed load's request kinds and the visitors' weights, as both of its processes name them
(``bench.locust_mix`` sends them; ``bench.loadtest`` prints them and must not import Locust,
which patches the standard library with gevent on import)."""

from __future__ import annotations

# request kinds, as the tables print them
JOBS_PAGE = "/jobs search page (web)"
JOB_SEARCH = "jobSearch (gateway)"
JOB_PAGE = "job page (web)"
ORGANIZATION_PAGE = "organization page (web)"
SIGN_IN = "sign in (identity)"
APPLY = "applyToJob (gateway)"
EDIT = "updateJobInfo (gateway)"
RAW_SEARCH = "raw ES _msearch (baseline)"
KINDS = (JOBS_PAGE, JOB_SEARCH, JOB_PAGE, ORGANIZATION_PAGE, SIGN_IN, APPLY, EDIT)
# the visitors' weights: of 12 visitor requests, 5 searches through the gateway, 2 search
# pages, 4 job pages, 1 organization page
WEIGHTS = {JOB_SEARCH: 5, JOBS_PAGE: 2, JOB_PAGE: 4, ORGANIZATION_PAGE: 1}
