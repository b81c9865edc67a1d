"""Phase 10 for learning agents: its fixed action space (:mod:`.actions`) and the observation
of a seat's view (:mod:`.observation`), which :mod:`phase10.rl` finds through the game's
``learning`` member. They need numpy (the ``rl`` extra); the engine never imports them.
"""
