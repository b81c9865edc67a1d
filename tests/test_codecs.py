"""Lossless codecs of both games: every legal action's text and JSON read back unchanged, a
game replayed from its texts reaches the same digest, and every JSON object the codecs write
fits the published schemas in ``docs/schema`` (RULES.md 0.3: notation).
"""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from phase10.games import get
from phase10.games.phase10 import codec as p10_codec
from phase10.games.phase10.actions import Hit, LayDown, parse_action
from phase10.games.phase10.cards import WILD
from phase10.games.phase10.variants import find_variant
from phase10.games.programmes import codec as amz_codec
from phase10.games.programmes.actions import Extend, parse_programme_action
from phase10.games.programmes.cards import PlayingCard
from phase10.kernel.errors import NotationError
from phase10.kernel.game import Game
from programmes import helpers as amz
from rules import helpers as p10

SCHEMAS = Path(__file__).parents[1] / "docs" / "schema"
PHASE10_PROFILES = ("standard", "nl_accessible", "de_article", "standard+pick_a_phase")
PROGRAMMES_PROFILES = ("programmes", "programmes+program_swap")
#: The verbs that lay or add cards: random play prefers them so that short games reach
#: lay-downs, hits, reveals, melds and extensions.
_BUILDING = ("lay", "hit", "reveal", "meld", "extend")


def _check_action(game: Game, action: Any) -> str:
    """Text and JSON round trips of one action, exact to the repr (a value that is an
    ``IntEnum`` instead of an ``int`` compares equal but changes a digest)."""
    text = game.format_action(action)
    again = game.parse_action(text)
    assert again == action, (text, action, again)
    assert repr(again) == repr(action), (text, action, again)
    data = game.action_to_json(action)
    back = game.action_from_json(json.loads(json.dumps(data)))
    assert back == action, (data, action, back)
    assert repr(back) == repr(action), (data, action, back)
    return text


def _choose(rng: random.Random, game: Game, legal: tuple[Any, ...]) -> Any:
    building = [a for a in legal if game.format_action(a).split()[0] in _BUILDING]
    if building and rng.random() < 0.8:
        return rng.choice(building)
    return rng.choice(legal)


def _play_and_check(game: Game, rules_name: str, players: int, seed: int, steps: int) -> None:
    rules = game.find_rules(rules_name)
    state = game.new_game(rules, players, seed)
    rng = random.Random(seed)
    texts: list[str] = []
    for _ in range(steps):
        legal = game.legal_actions(state)
        if not legal:
            break
        for action in legal:
            _check_action(game, action)
        action = _choose(rng, game, legal)
        texts.append(game.format_action(action))
        state = game.apply(state, action)
    replayed = game.new_game(rules, players, seed)
    for text in texts:
        replayed = game.apply(replayed, game.parse_action(text))
    assert game.digest(replayed) == game.digest(state)


_SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@_SETTINGS
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 6),
    profile=st.sampled_from(PHASE10_PROFILES),
)
def test_phase10_every_legal_action_round_trips_and_replays(
    seed: int, players: int, profile: str
) -> None:
    """P10-R13..R25: every legal action at every reached state reads back from its text and
    its JSON; the game replayed from its texts has the same digest."""
    _play_and_check(get("phase10"), profile, players, seed, steps=250)


@_SETTINGS
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 6),
    profile=st.sampled_from(PROGRAMMES_PROFILES),
)
def test_programmes_every_legal_action_round_trips_and_replays(
    seed: int, players: int, profile: str
) -> None:
    """AMZ-R10..R20, E-14, E-15, E-21: the same for the programmes game."""
    game = get("programmes")
    _play_and_check(game, profile, min(players, game.max_players), seed, steps=250)


# ---------------------------------------------------------------------------- regressions


def test_high_ace_extension_is_not_the_low_one() -> None:
    """AMZ-R26, E-04, E-15: a natural ace on a run 2-K goes at either end; the high one was
    written ``extend AS on 0.0`` like the low one, so a saved game could not be resumed."""
    state = amz.deal(
        ["3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 2S AS", *["3H 4D 5C 6H 7D 8C 9H 10D JC QH KD 3C 4C"]],
        draw="5H",
        programs=["PRG-22", "PRG-08"],
    )
    state = amz.play(
        state,
        "draw",
        "reveal run 3S 4S 5S 6S",
        *(f"extend {c}S on 0.0" for c in ("7", "8", "9", "10", "J", "Q", "K")),
        "extend 2S=2 on 0.0",
    )
    game = get("programmes")
    ace = PlayingCard.from_symbol("AS")
    ends = [a for a in game.legal_actions(state) if isinstance(a, Extend) and a.card == ace]
    assert sorted(a.value for a in ends) == [1, 14]
    texts = {a.value: _check_action(game, a) for a in ends}
    assert texts == {1: "extend AS on 0.0", 14: "extend AS=A+ on 0.0"}
    high = game.apply(state, parse_programme_action("extend AS=A+ on 0.0"))
    assert high.table[0][0].values[-1] == 14
    assert game.digest(high) == game.digest(game.apply(state, Extend(ace, 0, 0, 14)))
    # The old form still reads as before: the low ace.
    assert parse_programme_action("extend AS on 0.0") == Extend(ace, 0, 0, 1)
    joker = PlayingCard.from_symbol("JK")
    assert parse_programme_action("extend JK=A+ on 0.0") == Extend(joker, 0, 0, 14)


def _phase8_table() -> tuple[Game, Any]:
    rules = find_variant("standard")
    state = p10.deal(
        ["B1 B1 B4 B6 B8 B11 W W B9 R3", p10.JUNK], turned_up="G4", draw="Y7", rules=rules
    )
    # Seat 0 is on phase 8 (seven cards of one colour).
    state = p10.set_player(state, 0, phase_index=7, completed=0b1111111)
    return get("phase10"), p10.play(state, "draw")


def test_wild_in_colour_group_replays_to_the_same_digest() -> None:
    """P10-R05, P10-R06, D-05: ``W=B`` in a colour group read back as a ``Colour`` enum,
    equal to the legal action but with another repr, so a replayed record had another
    digest. Every lay-down's text now gives the very same state."""
    game, state = _phase8_table()
    lays = [a for a in game.legal_actions(state) if isinstance(a, LayDown)]
    assert lays
    for lay in lays:
        text = _check_action(game, lay)
        assert game.digest(game.apply(state, parse_action(text))) == game.digest(
            game.apply(state, lay)
        )
    laid = game.apply(state, parse_action("lay colour B1 B1 B4 B6 B8 B11 W=B"))
    assert all(type(v) is int for v in laid.table[0][0].values)


def test_hits_on_a_colour_group_round_trip() -> None:
    """P10-R23: a wild hit on a colour group and a natural one (``B9=B``) read back exactly;
    old texts (``hit B9 on 0.0``, ``hit W=B on 0.0``) still apply the same way."""
    game, state = _phase8_table()
    state = game.apply(state, parse_action("lay colour B1 B1 B4 B6 B8 B11 W=B"))
    hits = {a.card: a for a in game.legal_actions(state) if isinstance(a, Hit)}
    wild, nine = hits[WILD], hits[p10.cards("B9")[0]]
    assert (_check_action(game, wild), _check_action(game, nine)) == (
        "hit W=1 on 0.0",
        "hit B9=B on 0.0",
    )
    for old, new in (("hit B9 on 0.0", nine), ("hit W=B on 0.0", wild)):
        assert game.digest(game.apply(state, parse_action(old))) == game.digest(
            game.apply(state, new)
        )


def test_skip_targets_and_picked_phases_are_written() -> None:
    """P10-R25, D-34: a Skip's target and a picked phase survive both codecs."""
    game = get("phase10")
    for text in ("discard S to 2", "discard S", "lay phase 4: run R1 R2 R3 R4 R5 R6 R7"):
        assert game.format_action(game.parse_action(text)) == text
        _check_action(game, game.parse_action(text))


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ([], "action: expected an object"),
        ({"source": "draw_pile"}, "action: missing field 'type'"),
        ({"type": "fly"}, "action.type: expected one of"),
        ({"type": "draw", "source": "deck"}, "action.source: expected"),
        ({"type": "hit", "card": "W", "owner": 0, "index": 0}, "missing field 'value'"),
        ({"type": "hit", "card": 7, "owner": 0, "index": 0, "value": 1}, "action.card:"),
        ({"type": "hit", "card": "W", "owner": True, "index": 0, "value": 1}, "action.owner:"),
        ({"type": "discard", "card": "S", "target": None, "x": 1}, "unexpected field 'x'"),
        ({"type": "lay", "phase": None, "groups": []}, "action.groups: a lay-down needs"),
        (
            {"type": "lay", "phase": None, "groups": [{"kind": "set", "cards": ["R1"]}]},
            "action.groups[0]: missing field 'values'",
        ),
        (
            {
                "type": "lay",
                "phase": None,
                "groups": [{"kind": "set", "cards": ["Q1"], "values": [1]}],
            },
            "action.groups[0].cards[0]:",
        ),
    ],
)
def test_phase10_json_errors_say_where(bad: object, message: str) -> None:
    with pytest.raises(NotationError, match=message.replace("[", r"\[").replace("]", r"\]")):
        p10_codec.action_from_json(bad)


_RUN = {"kind": "run", "suit": "S", "cards": ["AS", "2S", "3S"], "values": [1, 2, 3]}


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ({"type": "swap", "card": "AS"}, "unexpected field 'card'"),
        ({"type": "extend", "card": "JK", "owner": 0, "index": 0, "value": "A"}, "action.value"),
        (
            {"type": "meld", "combo": {"kind": "run", "suit": "X", "cards": [], "values": []}},
            "suit",
        ),
        (
            {
                "type": "meld",
                "combo": {"kind": "run", "suit": None, "cards": ["AS"], "values": [1]},
            },
            "suit",
        ),
        ({"type": "discard", "card": "1S"}, "action.card:"),
    ],
)
def test_programmes_json_errors_say_where(bad: object, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        amz_codec.action_from_json(bad)


# ---------------------------------------------------------------------------- schemas


@cache
def _validators() -> dict[str, Draft202012Validator]:
    schemas = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in SCHEMAS.glob("*.json")}
    registry: Registry[Any] = Registry().with_resources(
        (s["$id"], Resource.from_contents(s)) for s in schemas.values()
    )
    validators = {}
    for name, schema in schemas.items():
        Draft202012Validator.check_schema(schema)
        validators[name.removesuffix(".schema.json")] = Draft202012Validator(
            schema, registry=registry
        )
    return validators


def _valid(name: str, data: object) -> None:
    errors = sorted(_validators()[name].iter_errors(data), key=str)
    assert not errors, f"{name}: {errors[0]}"


@pytest.mark.parametrize(
    ("name", "profiles"), [("phase10", PHASE10_PROFILES), ("programmes", PROGRAMMES_PROFILES)]
)
def test_produced_json_fits_the_schemas(name: str, profiles: tuple[str, ...]) -> None:
    """Actions, views (of a seat and of a spectator) and events of random games of several
    player counts and rule profiles all validate against ``docs/schema``."""
    game = get(name)
    for index, profile in enumerate(profiles):
        for players in (2, 3, min(6, game.max_players)):
            seed = 100 * index + players
            rng = random.Random(seed)
            state = game.new_game(game.find_rules(profile), players, seed)
            for step in range(150):
                legal = game.legal_actions(state)
                if not legal:
                    break
                if step % 15 == 0:
                    seat = game.to_act(state)
                    _valid(f"{name}-view", game.view_to_json(game.view(state, seat)))
                    _valid(f"{name}-view", game.view_to_json(game.public_view(state)))
                chosen = _choose(rng, game, legal)
                for action in {chosen, *rng.sample(legal, min(3, len(legal)))}:
                    _valid(f"{name}-action", game.action_to_json(action))
                state = game.apply(state, chosen)
                for event in game.view(state, step % players).events:
                    _valid(f"{name}-event", game.event_to_json(event))


def test_schema_event_kinds_are_every_kind() -> None:
    """A client may switch on ``kind``: the schemas list exactly the engine's kinds."""
    from phase10.games.phase10.state import EventKind
    from phase10.games.programmes.state import ProgrammeEventKind

    for name, kinds in (("phase10", EventKind), ("programmes", ProgrammeEventKind)):
        schema = json.loads((SCHEMAS / f"{name}-event.schema.json").read_text(encoding="utf-8"))
        assert schema["properties"]["kind"]["enum"] == [k.value for k in kinds]
