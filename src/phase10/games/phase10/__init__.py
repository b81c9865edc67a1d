"""Phase 10 (the project's rules, Parts A and B): cards, rules and variants, groups, the
finder, the turn cycle, views, the determinizer, narration and the game's own bot
heuristics. :data:`phase10.games.phase10.game.GAME` is its ``Game`` object.
"""

from phase10.games.phase10 import messages as messages  # registers the message table
