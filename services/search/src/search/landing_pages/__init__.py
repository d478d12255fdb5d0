"""The demo's landing pages (ADR 0016): seed data and its idempotent loader."""
