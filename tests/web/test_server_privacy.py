"""Privacy, as a property. Every message the server queues for a seat
is a function of that seat's information only, and a spectator's of public information only.

Games of both kinds with 2 to 4 seats (sometimes one of them a computer) are played with
random legal moves through the real hub and live table; each seat and a spectator are fake
clients whose ``Client.outbox`` is read after every move. An independent replay of the game's
record (``mirror``) gives the true state at each version. For every message to seat ``s``:

(a) the hand in an update is ``s``'s true hand, and no other seat's hand (as a multiset of at
    least five cards) is any list of the message but one: that seat's ``took``, the cards it
    took from the discard pile this hand (in the programmes game, those it still holds). The
    discard pile is face up, so everyone sees which card is taken from it (P10-R13, AMZ-R10),
    and a seat may hold nothing else (seat 2 of the programmes game with 3 players and seed
    2277065, after 57 moves). That list is checked instead against the ``took_discard``
    events of the hand that ``s`` was shown;
(b) no message has a key for the draw pile's order, the program deck or the seed (the seed is
    published with the result, once the game is over); each event is the true event as ``s``
    may know it (``game.seen_by``) with its sentence rendered from that, and the events whose
    cards are secret (another seat's draw, a deal, a reshuffle) carry no card;
(c) non-interference: a different full state consistent with ``s``'s view
    (``game.determinize``) renders exactly the view payload ``s`` was sent; and in the
    programmes game another seat's program card is ``null`` until it is revealed.

A spectator is sent no hand, no legal move and no secret program. About 2,000 to 5,000
messages are checked per run of this module (the count is printed with ``-s``).
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any
from unittest import mock

import pytest
from hypothesis import Phase, example, given, settings
from hypothesis import strategies as st

from phase10.match import Match
from phase10.table.messages import view_payload
from phase10.web.db import Database
from phase10.web.hub import Hub
from phase10.web.live import Client, LiveTable
from phase10.web.protocol import Act, CreateTable, SeatSpec
from phase10.web.thinking import Thinker

#: Keys that would give away hidden order or the game's randomness.
SECRET_KEYS = frozenset({"draw_pile", "program_deck", "deck", "decks", "programs_deck", "seed"})
#: Event kinds whose cards only the drawing seat sees (``drew``) or nobody does.
HIDDEN_CARDS = {
    "phase10": {"drew", "hand_dealt", "reshuffled"},
    "programmes": {"drew", "hand_dealt", "reshuffled"},
}

checked = Counter[str]()


def walk(node: Any) -> Iterator[Any]:
    """Every value inside a JSON value, itself first."""
    yield node
    if isinstance(node, dict):
        for value in node.values():
            yield from walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from walk(value)


def keys(node: Any) -> Iterator[str]:
    for value in walk(node):
        if isinstance(value, dict):
            yield from value


class Mirror:
    """The game replayed on its own from the match's record: the true state at each version
    and the true event log, independent of what the server keeps."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.game = match.game
        self.states = [match.record.new_state()]
        self.log: list[Any] = list(self.states[0].events)
        #: How many events the log had at each version.
        self.log_at = [len(self.log)]

    def state(self, version: int) -> Any:
        actions = self.match.record.actions
        while len(self.states) <= version:
            after = self.game.apply(self.states[-1], actions[len(self.states) - 1])
            self.states.append(after)
            self.log.extend(after.events)
            self.log_at.append(len(self.log))
        return self.states[version]

    def taken(self, version: int, taker: int, seat: int | None) -> Counter[str]:
        """The cards ``taker`` took from the discard pile in the hand under way at ``version``,
        as the ``took_discard`` events shown to ``seat`` name them (the deal starts a hand)."""
        self.state(version)
        cards = Counter[str]()
        for event in self.log[: self.log_at[version]]:
            data = self.game.event_to_json(self.game.seen_by(event, seat))
            if data["kind"] == "hand_dealt":
                cards.clear()
            elif data["kind"] == "took_discard" and data["seat"] == taker:
                cards.update(data["cards"])
        return cards

    def as_of(self, version: int, state: Any) -> Match:
        """A match at ``version`` whose state is ``state`` (the real one or a guess)."""
        record = dataclasses.replace(
            self.match.record, actions=list(self.match.record.actions[:version])
        )
        return Match(record, self.match.seats, state)


def hand_json(game: Any, state: Any, seat: int) -> list[str]:
    """A seat's true hand, in the notation the views use."""
    return [str(card) for card in state.players[seat].hand]


def check_message(
    message: dict[str, Any],
    seat: int | None,
    lang: str,
    mirror: Mirror,
    rng: random.Random,
    power: Counter[str],
) -> None:
    game = mirror.game
    checked["messages"] += 1
    assert json.loads(json.dumps(message)) == message  # plain JSON, nothing else
    over = message.get("type") == "update" and message["result"] is not None
    for key in keys(message):
        assert key not in SECRET_KEYS or (key == "seed" and over), key
    if message.get("type") != "update":
        return
    version = message["version"]
    state = mirror.state(version)
    players = len(state.players)
    view = message["view"]
    # (a) the seat's own hand, and nobody else's.
    if seat is None:
        assert view["hand"] == []
        assert view["seat"] == -1
        assert view["legal"] == []
    else:
        assert view["seat"] == seat
        assert view["hand"] == hand_json(game, state, seat)
    own = Counter(view["hand"])
    for other in range(players):
        if other == seat:
            continue
        theirs = Counter(hand_json(game, state, other))
        # ``took`` is public (P10-R13, AMZ-R10): this seat was shown every card of it being
        # taken from the discard pile in this hand. Phase 10 keeps them all; the programmes
        # game only those still held.
        took = view["players"][other]["took"]
        taken = mirror.taken(version, other, seat)
        if game.name == "phase10":
            assert Counter(took) == taken, (other, took)
        else:
            assert Counter(took) <= theirs, (other, took)
            assert Counter(took) <= taken, (other, took)
        if sum(theirs.values()) < 5 or theirs == own:
            continue
        for value in walk(message):
            if value is took:
                if Counter(took) == theirs:
                    power["public hands"] += 1
                continue
            if isinstance(value, list) and len(value) == sum(theirs.values()):
                assert Counter(map(str, value)) != theirs, f"seat {other}'s hand sent to {seat}"
    # (b) events as the seat may know them, in its language.
    previous = None
    for entry in message["events"]:
        true_event = mirror.log[entry["seq"] - 1]
        seen = game.seen_by(true_event, seat)
        assert entry["event"] == game.event_to_json(seen)
        # The sentences of the event as they follow the one before it in this message (a
        # Skip's target is named once), rendered from what the seat may know.
        named = game.narrate([seen], mirror.match.names, seat, rules=mirror.match.rules, lang=lang)
        if previous is not None:
            run = [previous, seen]
            both = game.narrate(run, mirror.match.names, seat, rules=mirror.match.rules, lang=lang)
            said = game.narrate(
                [previous], mirror.match.names, seat, rules=mirror.match.rules, lang=lang
            )
            named = both[len(said) :]
        assert entry["text"] == named
        previous = seen
        kind = entry["event"]["kind"]
        if kind in HIDDEN_CARDS[game.name] and not (
            kind == "drew" and entry["event"]["seat"] == seat
        ):
            assert entry["event"]["cards"] == [], entry
            if true_event.cards:
                power["hidden events"] += 1
        if kind in ("program_dealt", "program_swapped", "programs_shuffled") and (
            entry["event"]["seat"] != seat or kind == "programs_shuffled"
        ):
            assert entry["event"].get("programs", []) == [], entry
        checked["events"] += 1
    # (c) non-interference: another full state behind the same view renders the same payload.
    truth = mirror.as_of(version, state)
    assert view == view_payload(truth, seat)
    if seat is not None:
        guess = game.determinize(truth.view(seat), rng)
        if game.digest(guess) != game.digest(state):
            power["different states"] += 1
        assert view_payload(mirror.as_of(version, guess), seat) == view
    if game.name == "programmes":
        for number, player in enumerate(view["players"]):
            if number != seat and not state.players[number].revealed:
                assert player["program"] is None
                power["hidden programs"] += 1
        if seat is None:
            assert view["program"] is None
    checked["updates"] += 1


def drain(client: Client) -> list[dict[str, Any]]:
    out = []
    while not client.outbox.empty():
        message = client.outbox.get_nowait()
        assert message is not None, "the server closed a fake client"
        out.append(message)
    return out


async def settle(table: LiveTable) -> None:
    """Let the computers move until a person is to act or the game is over."""
    for _ in range(5000):
        match = table.match
        assert match is not None
        if match.is_over or table.controller(match.to_act) is None:
            return
        await asyncio.sleep(0.001)
    raise AssertionError("the computers did not move")


async def play_and_check(
    game: str, players: int, computer: bool, seed: int, moves: int, langs: list[str]
) -> Counter[str]:
    rng = random.Random(seed)
    power = Counter[str]()
    kinds = [SeatSpec(kind="person")] * players
    if computer:
        kinds[-1] = SeatSpec(kind="bot", level="easy")
    with Thinker(workers=0) as thinker:
        hub = Hub(Database("sqlite://"), thinker, bot_delay=0)
        spec = CreateTable(game=game, name="P0", seats=kinds)
        with mock.patch("phase10.web.hub.secrets.randbits", return_value=seed):
            table, owner = await hub.create(spec)
        seat_tokens = [owner]
        for number in range(1, players - int(computer)):
            _seat, token = await table.join(f"P{number}", None)
            seat_tokens.append(token)
        await table.start(owner)
        match = table.match
        assert match is not None
        assert match.seed == seed
        mirror = Mirror(match)
        clients = [Client(lang=langs[i % len(langs)]) for i in range(len(seat_tokens))]
        watcher = Client(lang=langs[-1])
        for client, token in zip(clients, seat_tokens, strict=True):
            table.attach(client, token, -1)
        table.attach(watcher, None, -1)
        everyone = [*clients, watcher]
        for step in range(moves):
            await settle(table)
            for client in everyone:
                for message in drain(client):
                    check_message(message, client.seat, client.lang, mirror, rng, power)
            if match.is_over:
                break
            seat = match.to_act
            action = rng.choice(match.legal)
            act = Act(
                type="act",
                id=f"m{step}",
                version=match.version,
                action=match.game.action_to_json(action),
            )
            await table.act(clients[seat], act)
        await settle(table)
        for client in everyone:
            for message in drain(client):
                check_message(message, client.seat, client.lang, mirror, rng, power)
        hub.close()
    return power


@pytest.mark.parametrize("game", ["phase10", "programmes"])
def test_every_payload_depends_only_on_its_seats_information(game: str) -> None:
    """Properties (a), (b) and (c) of the module's docstring, over seeds, seat
    counts, a computer seat or not, and languages; a spectator gets public information only.
    The checks must have had something to find: hidden events, and guessed states that
    differ from the real one."""
    power = Counter[str]()
    before = checked.copy()

    # An example plays a whole game through the server (seconds): no deadline, and no shrinking,
    # which would replay the failing game hundreds of times for nothing (its seed is the whole
    # story). ``ci``'s derandomize comes from the profile.
    @settings(
        max_examples=8,
        deadline=None,
        phases=(Phase.explicit, Phase.reuse, Phase.generate, Phase.target),
    )
    # Seat 2 of the programmes game holds five cards, all taken from the discard pile: the
    # whole hand is public through ``took`` (a dev-profile failure before the check knew it).
    @example(players=3, computer=False, seed=2277065, moves=57, langs=["en"])
    @given(
        players=st.integers(2, 4),
        computer=st.booleans(),
        seed=st.integers(0, 2**31 - 1),
        moves=st.integers(10, 90),
        langs=st.lists(st.sampled_from(["en", "fr", "de", "nl"]), min_size=1, max_size=3),
    )
    def run(players: int, computer: bool, seed: int, moves: int, langs: list[str]) -> None:
        power.update(asyncio.run(play_and_check(game, players, computer, seed, moves, langs)))

    run()
    done = checked - before
    print(f"\n{game}: checked {dict(done)}; {dict(power)}")
    assert done["updates"] >= 100
    assert power["different states"] > 0
    assert power["hidden events"] > 0
    if game == "programmes":
        assert power["hidden programs"] > 0
        assert power["public hands"] > 0  # the explicit example's seat 2
