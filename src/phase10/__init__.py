"""phase10: an exact, deterministic Phase 10 engine with computer opponents."""
