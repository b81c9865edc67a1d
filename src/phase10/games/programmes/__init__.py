"""The amüze program-card rummy ("programmes", the project's rules, Part C): playing cards,
combinations, program cards and their finder, the manche cycle, views, the determinizer,
narration and its greedy bot. :data:`phase10.games.programmes.game.GAME` is its ``Game``
object.
"""

from phase10.games.programmes import messages as messages  # registers the message table
