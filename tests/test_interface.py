"""The game interface under every front end: the registry, seat-checked and versioned play, the
event log with sequence numbers and per-seat redaction, the hand's end event, saves through the
storage interface, and every registered bot in every game (decision 0008)."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from phase10 import find_variant, games
from phase10.bots import LEVELS, bot_names, make_bot
from phase10.kernel.errors import IllegalActionError
from phase10.kernel.game import Game
from phase10.match import Match, MatchError, NotYourTurnError, Seat, StaleVersionError
from phase10.records import GameRecord
from phase10.storage import FileStore, StorageError

RULES = {"phase10": "standard", "programmes": "programmes"}


def _match(game: str, seed: int = 3, players: int = 2) -> Match:
    seats = [Seat(f"P{i}", make_bot("greedy", game)) for i in range(players)]
    return Match.start(find_variant(RULES[game]), seats, seed)


# ---------------------------------------------------------------------------- registry


def test_the_registry_returns_each_game_by_name_and_alias() -> None:
    assert games.names() == ("phase10", "programmes")
    for name in games.names():
        game = games.get(name)
        assert isinstance(game, Game)
        assert game.name == name
        assert games.of(game.find_rules(RULES[name])) is game
    assert games.get("AMUZE") is games.get("programmes")
    with pytest.raises(games.UnknownGameError, match="games: phase10, programmes"):
        games.get("rummikub")


# ---------------------------------------------------------------------------- seat-checked play


@pytest.mark.parametrize("game", ["phase10", "programmes"])
def test_a_move_out_of_turn_or_stale_is_refused_and_changes_nothing(game: str) -> None:
    """P10-R13 / E-25: only the seat to act moves; a stale version is refused; nothing changes."""
    match = _match(game)
    seat, version = match.to_act, match.version
    action = match.legal[0]
    digest, log = match.game.digest(match.state), list(match.log)
    with pytest.raises(NotYourTurnError, match="turn"):
        match.play(1 - seat, action, version)
    with pytest.raises(NotYourTurnError, match="no seat 7"):
        match.play(7, action, version)
    with pytest.raises(StaleVersionError, match="moved on"):
        match.play(seat, action, version + 1)
    assert (match.game.digest(match.state), match.log, match.version) == (digest, log, version)
    match.play(seat, action, version)
    assert match.version == version + 1
    with pytest.raises(StaleVersionError):
        match.play(match.to_act, match.legal[0], version)


def test_an_illegal_action_keeps_its_rule_id_and_changes_nothing() -> None:
    """D-19: a discard before the draw is illegal; the match is untouched."""
    match = _match("phase10")
    digest = match.game.digest(match.state)
    discard = match.game.parse_action(f"discard {match.game.format_cards(match.view(0).hand[:1])}")
    with pytest.raises(IllegalActionError) as info:
        match.play(match.to_act, discard, match.version)
    assert info.value.rule == "D-19"
    assert match.game.digest(match.state) == digest
    assert match.version == 0


def test_a_finished_game_takes_no_more_moves() -> None:
    match = Match.start(
        find_variant("standard+n_phases=1"),
        [Seat("A", make_bot("greedy")), Seat("B", make_bot("greedy"))],
        2,
    )
    match.run_bots_until_human()
    assert match.is_over
    with pytest.raises(MatchError, match="over"):
        match.play(0, match.game.parse_action("draw"), match.version)


# ---------------------------------------------------------------------------- the event log


@pytest.mark.parametrize("game", ["phase10", "programmes"])
def test_the_log_numbers_every_event_and_redacts_it_per_seat(game: str) -> None:
    """P10-R13, E-28: a seat's log never shows another seat's drawn card or secret program."""
    match = _match(game, seed=5, players=3)
    for _ in range(60):
        match.bot_step()
    entries = match.since(0)
    assert [e.seq for e in entries] == list(range(match.seq + 1))
    assert entries[0].item.seat == 0
    assert entries[0].item.events == ()
    spectator = match.since(None)
    assert spectator[0].item.hand == ()
    for entry in spectator[1:]:
        event = entry.item
        if event.kind in ("drew", "hand_dealt", "reshuffled"):
            assert event.cards == ()
        assert getattr(event, "programs", ()) == () or event.kind in ("revealed", "sun_card")
    for entry in entries[1:]:
        event = entry.item
        if event.kind == "drew" and event.seat != 0:
            assert event.cards == ()
    # A client that has seen entry N gets only what came after it.
    middle = match.seq // 2
    assert [e.seq for e in match.since(1, middle)] == list(range(middle + 1, match.seq + 1))
    assert match.since(1, match.seq) == []


def test_a_hands_end_says_who_moved_up() -> None:
    """P10-R32: the hand's end event holds each seat's completed phase and phase after."""
    match = _match("phase10", seed=4)
    while match.game.hand_number(match.state) == 0:
        match.bot_step()
    ended = next(e for e in match.log if e.kind == "hand_ended")
    view = match.public_view()
    assert ended.phases == tuple(p.phase_index for p in view.players)
    assert all(moved in (-1, 0) for moved in ended.moved)
    assert any(moved == 0 for moved in ended.moved)


def test_a_manches_end_says_who_completed_a_program() -> None:
    """AMZ-R18: the manche's end event names the program each seat completed, if any."""
    match = _match("programmes", seed=4)
    while match.game.hand_number(match.state) == 0 and not match.is_over:
        match.bot_step()
    ended = next(e for e in match.log if e.kind == "hand_ended")
    completed = [seat for seat, program in enumerate(ended.moved) if program >= 0]
    assert completed, "someone revealed in this manche"
    for seat in completed:
        assert ended.scores[seat] >= 1


# ---------------------------------------------------------------------------- saving


@pytest.mark.parametrize("game", ["phase10", "programmes"])
def test_a_save_resumes_exactly_and_a_tampered_one_is_refused(game: str, tmp_path: Path) -> None:
    match = _match(game, seed=6)
    for _ in range(80):
        match.bot_step()
    path = tmp_path / "game.json"
    match.save(path)
    again = Match.load(path)
    assert again.game.digest(again.state) == match.game.digest(match.state)
    assert again.version == match.version
    assert again.log == match.log
    data = json.loads(path.read_text())
    # A changed action breaks the checksum.
    data["record"]["actions"][-1] = data["record"]["actions"][0]
    path.write_text(json.dumps(data))
    with pytest.raises(MatchError, match="damaged or was changed by hand"):
        Match.load(path)
    # Without the checksum, the position no longer matches its digest (or replays illegally).
    del data["checksum"]
    path.write_text(json.dumps(data))
    with pytest.raises(MatchError, match=r"game\.json"):
        Match.load(path)


def test_file_store_writes_atomically_and_refuses_folders(tmp_path: Path) -> None:
    store = FileStore()
    target = tmp_path / "save.json"
    store.save(str(target), {"a": 1})
    store.save(str(target), {"a": 2})
    assert store.load(str(target)) == {"a": 2}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["save.json"]  # no temporary left
    with pytest.raises(StorageError, match="folder"):
        store.save(str(tmp_path), {"a": 3})
    target.write_bytes(b"\xff\xfe not utf-8")
    with pytest.raises(StorageError, match="UTF-8"):
        store.load(str(target))
    with pytest.raises(StorageError, match=r"(?i)no such file"):
        store.load(os.path.join(tmp_path, "missing.json"))


def test_records_of_both_games_round_trip_through_one_class() -> None:
    for game in ("phase10", "programmes"):
        record = GameRecord.start(find_variant(RULES[game]), 2, 9)
        state = record.initial_state()
        rng = random.Random(1)
        for _ in range(150):
            state = record.play(state, rng.choice(record.game.legal_actions(state)))
        again = GameRecord.from_json(record.to_json())
        assert again.game.name == game
        assert again.game.digest(again.replay()) == record.game.digest(state)


# ---------------------------------------------------------------------------- bots


@pytest.mark.parametrize("game", ["phase10", "programmes"])
def test_every_registered_bot_plays_every_game(game: str) -> None:
    """Every name the registry offers for a game plays legal moves in it; searchers get a
    small budget so the test stays fast."""
    found = games.get(game)
    for name in bot_names(found):
        spec = f"{name}:5it" if name in ("ismcts", "pimc") else name
        if name == "expert":
            spec = "ismcts:5it"
        bot = make_bot(spec, found)
        state = found.new_game(found.find_rules(RULES[game]), 3, 11)
        rng = random.Random(2)
        for _ in range(40):
            if found.outcome(state) is not None:
                break
            view = found.view(state, found.to_act(state))
            action = bot.choose(view, rng)
            assert action in view.legal, (name, game)
            state = found.apply(state, action)
    assert set(LEVELS) <= set(bot_names(found))


def test_a_bot_a_game_lacks_is_refused_up_front() -> None:
    with pytest.raises(ValueError, match="does not play the programmes game"):
        make_bot("learned", "programmes")
    from phase10.cli.main import main

    assert (
        main(["simulate", "--game", "programmes", "--bots", "learned,greedy", "--games", "1"]) == 2
    )


def test_the_bot_protocol_is_typed_per_game() -> None:
    """Each game's heuristic is a ``Bot`` of that game's views and actions (mypy checks the
    annotations below); each picks a legal action of a real view."""
    from phase10.games.phase10.actions import Action
    from phase10.games.phase10.greedy import GreedyBot
    from phase10.games.phase10.view import PlayerView
    from phase10.games.programmes.actions import ProgrammeAction
    from phase10.games.programmes.greedy import GreedyProgrammeBot
    from phase10.games.programmes.view import ProgrammeView
    from phase10.kernel.bots import Bot

    phase10_bot: Bot[PlayerView, Action] = GreedyBot()
    programmes_bot: Bot[ProgrammeView, ProgrammeAction] = GreedyProgrammeBot()
    for game, bot in (("phase10", phase10_bot), ("programmes", programmes_bot)):
        found = games.get(game)
        state = found.new_game(found.find_rules(RULES[game]), 2, 1)
        view = found.view(state, found.to_act(state))
        assert bot.choose(view, random.Random(0)) in view.legal


# ---------------------------------------------------------------------------- a third game


def test_a_third_game_needs_one_package_and_the_registry(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A Masters-style edition of Phase 10 (its own rules type, Phase 10's actions and
    views) is one object in the registry: matches, records, saves, bots, the simulator and
    the command line's own commands all take it without a line of their own."""
    from dataclasses import dataclass, fields
    from typing import Any

    from phase10.cli.game_commands import commands_of
    from phase10.games.phase10.game import Phase10Game
    from phase10.games.phase10.rules import PhaseSequence, RuleSet
    from phase10.games.phase10.variants import rules_from_flags
    from phase10.sim import SimConfig, simulate

    @dataclass(frozen=True, slots=True, kw_only=True)
    class MastersRules(RuleSet):
        """The edition's rules: Phase 10's flags, even phases by default."""

    class MastersGame(Phase10Game):
        name = "masters"
        aliases: tuple[str, ...] = ()

        def find_rules(self, name: str) -> MastersRules:
            return MastersRules(name=name, phase_sequence=PhaseSequence.EVEN)

        def owns_rules_name(self, name: str) -> bool:
            return name.startswith("masters")

        def rules_from_flags(self, flags: Any, name: str) -> MastersRules:
            base = rules_from_flags(flags, name)
            values = {f.name: getattr(base, f.name) for f in fields(base) if f.init}
            return MastersRules(**values)

        def owns(self, thing: object) -> bool:
            return type(thing) is MastersRules

    masters = MastersGame()
    monkeypatch.setitem(games._PACKAGES, "masters", "phase10.games.phase10.game")
    monkeypatch.setitem(games._LOADED, "masters", masters)
    rules = find_variant("masters")
    assert games.of(rules) is masters
    match = Match.start(
        rules,
        [Seat("Ann", make_bot("hard", "masters")), Seat("Bob", make_bot("easy", "masters"))],
        3,
    )
    match.run_bots_until_human()
    assert match.is_over
    assert match.record.to_dict()["game"] == "masters"
    match.save(tmp_path / "masters.json")
    again = Match.load(tmp_path / "masters.json")
    assert again.game is masters
    assert again.game.digest(again.state) == match.game.digest(match.state)
    summary = simulate(SimConfig(rules=rules, bots=("greedy", "random"), games=2, game="masters"))
    assert summary.games == 2
    assert commands_of(masters) is commands_of(games.get("phase10"))
