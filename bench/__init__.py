"""Benchmarks of the local stack: issue 28's figures in one table (``python -m bench.scale``,
``make bench``), latency scenarios (``python -m bench.run --help``) and the rest in README.md."""
