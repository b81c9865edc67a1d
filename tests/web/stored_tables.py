"""A table stored as the server stores it, at a chosen seed, its first player's draw made:
the browser tests that need a known position open it once the server has restored it."""

from __future__ import annotations

import json
import secrets

from phase10 import games
from phase10.bots import make_bot
from phase10.kernel.actions import Source
from phase10.match import Match, Seat
from phase10.web import tokens
from phase10.web.db import Database, SeatRow, TableRow


def stored_after_the_draw(
    database: str, game_name: str, rules_name: str, seed: int, code: str
) -> tuple[str, str, Match]:
    """A table of Ann and an easy computer Bob at ``seed`` in ``database``, Ann's draw from
    the draw pile made (she must play first); its id, her token and the match as it stands.
    ``code`` is the table code's first four letters."""
    game = games.get(game_name)
    rules = game.find_rules(rules_name)
    token = tokens.new_token()
    row = TableRow(
        id=secrets.token_urlsafe(9),
        code=code + secrets.token_hex(2).upper(),
        game=game_name,
        rules=rules.name,
        seed=seed,
        status="playing",
        hold_seconds=600,
        takeover_level="easy",
    )
    db = Database(database)
    try:
        db.insert_table(
            row,
            [
                SeatRow(0, "person", None, "Ann", tokens.digest(token)),
                SeatRow(1, "bot", "easy", "Bob", None),
            ],
        )
        match = Match.start(rules, [Seat("Ann"), Seat("Bob", make_bot("easy", game))], seed)
        assert match.to_act == 0
        draw = next(
            a for a in match.view(0).legal if getattr(a, "source", None) is Source.DRAW_PILE
        )
        match.play(0, draw, match.version)
        action = json.dumps(game.action_to_json(draw), separators=(",", ":"))
        db.append_move(row.id, match.version, 0, action, None)
    finally:
        db.close()
    return row.id, token, match
