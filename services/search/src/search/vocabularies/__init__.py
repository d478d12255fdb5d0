"""Search's vocabularies (taxonomy terms): seed data and its loader.

``python -m search.vocabularies load`` (or :func:`load_vocabularies` from ``scripts/seed.py``)
upserts ``data/*.json`` into the ``terms`` table and publishes each change.
"""

from search.vocabularies.loader import LoadReport, load_vocabularies
from search.vocabularies.seed import SeedTerm, read_seed_terms

__all__ = ["LoadReport", "SeedTerm", "load_vocabularies", "read_seed_terms"]
