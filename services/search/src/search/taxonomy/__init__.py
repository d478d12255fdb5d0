"""The taxonomy: the vocabularies (terms, their labels and URL aliases) that jobs and
organizations validate against, their seed data and loader, and the events that tell other
services about them. Imports nothing else of the service but its core (ADR 0021).

``python -m search.vocabularies load`` (or :func:`search.taxonomy.loader.load_vocabularies` from
``scripts/seed.py``) upserts ``data/*.json`` into the ``terms`` table and publishes each change.
"""
