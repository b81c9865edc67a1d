"""Matches: seats, bot turns, saving and resuming, and the English narration of events."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from phase10.api import find_variant
from phase10.bots import make_bot
from phase10.games.phase10.actions import Draw, Source, parse_action
from phase10.games.phase10.cards import parse_cards
from phase10.games.phase10.groups import parse_groups
from phase10.games.phase10.narration import MESSAGES, describe_event, narrate
from phase10.games.phase10.state import Event, EventKind
from phase10.kernel.errors import IllegalActionError
from phase10.match import Match, MatchError, Seat
from phase10.storage import FileStore

NAMES = ["Ann", "Bob", "Cleo"]


def _bots(*names: str) -> list[Seat]:
    return [Seat(NAMES[i], make_bot(name)) for i, name in enumerate(names)]


def test_start_deals_and_waits_for_the_first_draw() -> None:
    match = Match.start(find_variant("standard"), _bots("greedy", "random", "easy"), seed=4)
    assert match.names == tuple(NAMES)
    assert not match.is_over
    assert match.view(match.to_act).legal[0] == Draw(Source.DRAW_PILE)
    assert match.record.names == NAMES


def test_play_raises_illegal_actions_untouched() -> None:
    match = Match.start(find_variant("standard"), [Seat("Ann"), Seat("Bob")], seed=1)
    digest = match.state.digest()
    with pytest.raises(IllegalActionError) as info:
        match.play(match.to_act, parse_action("discard R1"), match.version)
    assert info.value.rule == "D-19"
    assert match.state.digest() == digest
    assert match.record.actions == []


def test_bot_step_refuses_a_human_seat() -> None:
    match = Match.start(find_variant("standard"), [Seat("Ann"), Seat("Bob")], seed=1)
    with pytest.raises(MatchError, match="person"):
        match.bot_step()


def test_run_bots_until_human_stops_at_the_person() -> None:
    seats = [Seat("Ann", make_bot("greedy")), Seat("Bob"), Seat("Cleo", make_bot("random"))]
    match = Match.start(find_variant("standard"), seats, seed=2)
    events = match.run_bots_until_human()
    assert match.to_act == 1
    assert all(isinstance(e, Event) for e in events)
    assert match.run_bots_until_human() == []


def test_bot_step_accepts_an_injected_rng() -> None:
    match = Match.start(find_variant("standard"), _bots("random", "random"), seed=3)
    match.bot_step(random.Random(5))
    assert len(match.record.actions) == 1


def test_save_and_load_resume_the_same_game(tmp_path: Path) -> None:
    seats = _bots("greedy", "easy", "random")
    match = Match.start(find_variant("nl_accessible+ten_hands"), seats, seed=21)
    for _ in range(300):
        match.bot_step()
    path = tmp_path / "deep" / "game.json"
    match.save(path)
    loaded = Match.load(path)
    assert loaded.state.digest() == match.state.digest()
    assert loaded.names == match.names
    assert [s.bot.name if s.bot else None for s in loaded.seats] == ["greedy", "easy", "random"]
    assert loaded.rules == match.rules
    # Bots draw their randomness from (seed, seat, action number): the game goes on the same.
    for _ in range(200):
        if match.is_over:
            break
        match.bot_step()
        loaded.bot_step()
        assert loaded.state.digest() == match.state.digest()
    data = json.loads(path.read_text())
    assert data["format"] == "phase10-match"
    assert data["seats"][0] == {"name": "Ann", "bot": "greedy"}


def test_a_whole_game_saved_at_the_end_loads_as_over(tmp_path: Path) -> None:
    match = Match.start(find_variant("standard"), _bots("greedy", "greedy"), seed=8)
    match.run_bots_until_human()
    assert match.is_over
    match.save(tmp_path / "g.json")
    loaded = Match.load(tmp_path / "g.json")
    assert loaded.is_over
    assert loaded.state.outcome == match.state.outcome


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json", "not valid JSON"),
        ("[]", "JSON object"),
        ('{"format": "other"}', "format"),
        ('{"format": "phase10-match", "version": 1, "record": {}}', "format"),
    ],
)
def test_load_reports_bad_files(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    if content.startswith("{"):
        # Signed by this game, so the content itself is what is refused.
        FileStore().save(str(path), json.loads(content))
    with pytest.raises(MatchError, match=message):
        Match.load(path)


def test_load_reports_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(MatchError, match="cannot read"):
        Match.load(tmp_path / "none.json")


def test_load_reports_an_unknown_bot(tmp_path: Path) -> None:
    match = Match.start(find_variant("standard"), _bots("greedy", "greedy"), seed=8)
    data = match.to_dict()
    data["seats"][1]["bot"] = "wizard"
    path = tmp_path / "g.json"
    FileStore().save(str(path), data)
    with pytest.raises(MatchError, match=r"seats\[1\].bot: unknown bot"):
        Match.load(path)


# ---------------------------------------------------------------------------- narration

W = parse_cards("W")
GROUPS = parse_groups("set R5 B5 W | set G7 R7 Y7")
SAMPLES: dict[EventKind, Event] = {
    EventKind.HAND_DEALT: Event(EventKind.HAND_DEALT, seat=1, number=2),
    EventKind.TURNED_UP: Event(EventKind.TURNED_UP, seat=0, cards=parse_cards("G5")),
    EventKind.TURN_STARTED: Event(EventKind.TURN_STARTED, seat=0),
    EventKind.TURN_LOST: Event(EventKind.TURN_LOST, seat=1),
    EventKind.DREW: Event(EventKind.DREW, seat=0),
    EventKind.TOOK_DISCARD: Event(EventKind.TOOK_DISCARD, seat=1, cards=parse_cards("G5")),
    EventKind.RESHUFFLED: Event(EventKind.RESHUFFLED, seat=0, number=40),
    EventKind.LAID_DOWN: Event(EventKind.LAID_DOWN, seat=0, groups=GROUPS),
    EventKind.HIT: Event(
        EventKind.HIT, seat=1, cards=W, target=0, groups=parse_groups("run W=2 R3 R4 R5 R6")
    ),
    EventKind.DISCARDED: Event(EventKind.DISCARDED, seat=0, cards=parse_cards("S"), target=1),
    EventKind.SKIPPED_PLAYER: Event(EventKind.SKIPPED_PLAYER, seat=0, target=1),
    EventKind.DEAD_SKIP: Event(EventKind.DEAD_SKIP, seat=0),
    EventKind.WENT_OUT: Event(EventKind.WENT_OUT, seat=0),
    EventKind.HAND_ENDED: Event(EventKind.HAND_ENDED, seat=0, scores=(0, 45), number=2),
    EventKind.TIEBREAK: Event(EventKind.TIEBREAK, scores=(0, 1)),
    EventKind.GAME_OVER: Event(EventKind.GAME_OVER, seat=0, scores=(120, 200)),
}

EXPECTED = {
    EventKind.HAND_DEALT: "Hand 3 is dealt by Bob.",
    EventKind.TURNED_UP: "G5 is turned up to start the discard pile.",
    EventKind.TURN_STARTED: "It is Ann's turn.",
    EventKind.TURN_LOST: "Bob loses this turn.",
    EventKind.DREW: "Ann drew a card.",
    EventKind.TOOK_DISCARD: "Bob took G5 from the discard pile.",
    EventKind.RESHUFFLED: "The discard pile is shuffled into a new draw pile of 40 cards.",
    EventKind.LAID_DOWN: "Ann laid down phase 1: set R5 B5 W=5, set R7 Y7 G7.",
    EventKind.HIT: "Bob hit W=2 on Ann's run 3 to 6.",
    EventKind.DISCARDED: "Ann discarded a Skip: Bob loses the next turn.",
    EventKind.SKIPPED_PLAYER: "Bob loses the next turn.",
    EventKind.DEAD_SKIP: "The Skip has no effect: nobody can be skipped now.",
    EventKind.WENT_OUT: "Ann went out.",
    EventKind.HAND_ENDED: "Hand 3 ended. Points: Ann 0, Bob 45.",
    EventKind.TIEBREAK: "Ann and Bob are tied: they play a tie-break hand.",
    EventKind.GAME_OVER: "Ann wins the game with phase 10 done and 120 points.",
}


def test_describe_event_covers_every_event_kind() -> None:
    assert set(SAMPLES) == set(EventKind)
    rules = find_variant("standard")
    for kind, event in SAMPLES.items():
        text = describe_event(event, ["Ann", "Bob"], rules=rules)
        assert text == EXPECTED[kind]
        for viewer in (0, 1):
            sentence = describe_event(event, ["Ann", "Bob"], viewer, rules=rules)
            assert sentence.endswith(".")
            assert "{" not in sentence


def test_describe_event_speaks_to_the_viewer() -> None:
    names = ["Ann", "Bob"]
    drew = Event(EventKind.DREW, seat=0, cards=parse_cards("R7"))
    assert describe_event(drew, names, viewer=0) == "You drew R7."
    assert describe_event(Event(EventKind.DREW, seat=0), names, viewer=1) == "Ann drew a card."
    skip = SAMPLES[EventKind.DISCARDED]
    assert describe_event(skip, names, viewer=1) == "Ann discarded a Skip: you lose your next turn."
    assert describe_event(SAMPLES[EventKind.HIT], names, viewer=0) == (
        "Bob hit W=2 on your run 3 to 6."
    )
    assert describe_event(SAMPLES[EventKind.TURN_LOST], names, viewer=1) == "You lose this turn."


def test_hits_on_every_kind_of_group() -> None:
    names = ["Ann", "Bob"]
    natural = Event(
        EventKind.HIT,
        seat=1,
        cards=parse_cards("R7"),
        target=0,
        groups=parse_groups("run R3 R4 R5 R6 R7"),
    )
    assert describe_event(natural, names) == "Bob hit R7 on Ann's run 3 to 6."
    on_set = Event(EventKind.HIT, seat=0, cards=W, target=0, groups=parse_groups("set R5 B5 W W"))
    # On one's own group (P10-R22): "their own", not the hitter's name again.
    assert describe_event(on_set, names) == "Ann hit W=5 on their own set of 5s."
    own_run = Event(EventKind.HIT, seat=1, cards=W, target=1, groups=parse_groups("run W=2 R3 W=4"))
    assert describe_event(own_run, names) == "Bob hit a wild on their own run, which is now 2 to 4."
    colour = Event(EventKind.HIT, seat=0, cards=W, target=1, groups=parse_groups("colour G1 W=G"))
    assert describe_event(colour, names) == "Ann hit W=G on Bob's green colour group."
    # A wild at both ends of a run: which end is new cannot be told, so say where it stands.
    both = Event(EventKind.HIT, seat=0, cards=W, target=1, groups=parse_groups("run W=2 R3 W=4"))
    assert describe_event(both, names) == "Ann hit a wild on Bob's run, which is now 2 to 4."


def test_messages_live_in_one_dict_of_format_strings() -> None:
    for kind in EventKind:
        assert kind.value in MESSAGES


def test_narrating_real_games_never_fails() -> None:
    seen: set[EventKind] = set()
    for variant in ("standard", "nl_accessible", "pick_a_phase", "ten_hands"):
        rules = find_variant(variant)
        match = Match.start(rules, _bots("greedy", "easy", "medium"), seed=5)
        while not match.is_over:
            events = match.bot_step()
            seen.update(e.kind for e in events)
            for viewer in (None, 0):
                lines = narrate(events, match.names, viewer, rules=rules)
                assert all(line.endswith(".") for line in lines)
    assert {EventKind.LAID_DOWN, EventKind.HIT, EventKind.HAND_ENDED, EventKind.GAME_OVER} <= seen


def test_a_skip_laid_in_front_of_its_target_is_said_so() -> None:
    """Under skip_delivery=placed (D-37, the Dutch accessible edition) a Skip is laid in
    front of its target, not discarded, and the lost turn moves it onto the discard pile:
    the sentences say what happens on the table, to each reader."""
    rules = find_variant("nl_accessible")
    names = ["Ann", "Bob"]
    skip, lost = SAMPLES[EventKind.DISCARDED], SAMPLES[EventKind.TURN_LOST]
    assert describe_event(skip, names, rules=rules) == (
        "Ann laid a Skip in front of Bob, who loses the next turn."
    )
    assert describe_event(skip, names, viewer=0, rules=rules) == (
        "You laid a Skip in front of Bob, who loses the next turn."
    )
    assert describe_event(skip, names, viewer=1, rules=rules) == (
        "Ann laid a Skip in front of you: you lose your next turn."
    )
    assert describe_event(lost, names, rules=rules) == (
        "Bob loses this turn and puts the Skip on the discard pile."
    )
    assert describe_event(lost, names, viewer=1, rules=rules, lang="nl") == (
        "Je slaat deze beurt over en legt de pestkaart op de aflegstapel."
    )
    # Discarded as the other rulebooks play it, as before.
    assert describe_event(skip, names) == "Ann discarded a Skip: Bob loses the next turn."


def test_narrate_does_not_repeat_the_skip_target() -> None:
    events = [SAMPLES[EventKind.DISCARDED], SAMPLES[EventKind.SKIPPED_PLAYER]]
    assert narrate(events, ["Ann", "Bob"]) == ["Ann discarded a Skip: Bob loses the next turn."]
