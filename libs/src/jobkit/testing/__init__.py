"""Test helpers for the services: real PostgreSQL, Kafka and Elasticsearch, isolated per run."""
