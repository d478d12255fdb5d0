"""The site's routing and SEO: the slug index, landing pages, sitemaps, aggregator feeds and
announcing jobs to search engines. Imports search proper, the taxonomy and the core (ADR 0021).
"""
