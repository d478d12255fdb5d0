"""The jobs service's REST endpoints besides GraphQL: the ATS API (ADR 0039)."""
