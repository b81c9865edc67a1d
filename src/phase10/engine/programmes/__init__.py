"""The amüze program-card rummy ("programmes", RULES.md Part C) on the shared engine.

Only what differs from Phase 10 lives here: the French-suited deck and its notation, the
combinations (suited runs, ace low or high), the program cards and their finder, and the
manche cycle around them. Errors, stages, seeded shuffles and reshuffles, the draw action,
the kinds of group, the evolve machinery of the state and the ``Outcome`` are the engine's own.
"""
