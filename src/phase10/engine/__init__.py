"""The Phase 10 rules engine: standard library only, pure and deterministic."""
