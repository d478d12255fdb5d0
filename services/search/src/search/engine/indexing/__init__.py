"""The Elasticsearch side of search: text analysis, documents, indices behind aliases."""
