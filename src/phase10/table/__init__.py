"""A table in play, as every client is served it, whether the game is on a server or at this
keyboard: the table protocol's messages for one seat (:mod:`~phase10.table.messages`), the
notices in each reader's language (:mod:`~phase10.table.notices`), the answers to a seat's move
and hint request (:mod:`~phase10.table.answers`), and a table served in this process
(:mod:`~phase10.table.local`) with the same match and the same messages as a server's.
"""
