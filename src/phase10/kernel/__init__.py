"""The shared kernel of every game: card notation, piles and seeded shuffles, seat views, turn
stages and outcomes, the drawing action, kinds of group, errors, the ``Game`` interface and
the message catalogs. Standard library only, pure and deterministic; it imports nothing of
the games or of the layers above them.
"""
