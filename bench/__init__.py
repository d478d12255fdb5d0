"""Latency bench for the local stack: ``python -m bench.run --help``."""
