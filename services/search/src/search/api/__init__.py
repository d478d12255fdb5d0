"""The REST endpoints (FastAPI routers): the aggregator feeds and the sitemaps."""
