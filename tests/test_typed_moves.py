"""The line client writes each move as the player may type it (its hint, its numbered
lists): a Skip's target by name, a hit's group by its number on the table, no English
linking word. Typed back, each such form is that move and no other."""

from __future__ import annotations

import random

import pytest

from phase10 import games
from phase10.bots import make_bot
from phase10.match import Match, Seat
from phase10.online.moves import Found, Table, resolve, typed_form
from phase10.online.text import groups_in_order
from phase10.table.messages import table_payload


@pytest.mark.parametrize(
    ("name", "players", "seed", "wanted"),
    [("phase10", 3, 4, {"discard", "hit"}), ("programmes", 3, 2, {"extend"})],
)
def test_every_move_typed_as_shown_is_that_move(
    name: str, players: int, seed: int, wanted: set[str]
) -> None:
    """Over a whole game of computers (P10-R13's turn, a Skip's target P10-R25, hits
    P10-R31; the programmes game's additions AMZ-R20), every legal move of the seat to act,
    written as the line client shows it, reads back as exactly that move."""
    game = games.get(name)
    rules = game.find_rules(game.default_rules)
    seats = [Seat(f"P{i}", make_bot("medium", game)) for i in range(players)]
    match = Match.start(rules, seats, seed)
    rng = random.Random(seed)
    kinds: set[str] = set()
    while not match.is_over and match.version < 3000:
        seat = match.to_act
        shown = table_payload(match, seat, "en")
        hand = [card["code"] for card in shown["hand"]]
        table = Table(hand, match.names, groups_in_order(shown))
        entries = [{"action": m["action"], "text": m["id"]} for m in shown["moves"]]
        for entry in entries:
            raw = str(entry["text"])
            typed = typed_form(raw, table)
            found = resolve(typed, entries, table)
            assert isinstance(found, Found), (typed, raw, found)
            assert found.entry == entry, (typed, raw, found.entry["text"])
            assert " to " not in typed, (typed, raw)
            assert " on " not in typed, (typed, raw)
            if " to " in raw or " on " in raw:
                kinds.add(raw.split()[0])
        match.bot_step(rng)
    assert kinds == wanted, kinds
