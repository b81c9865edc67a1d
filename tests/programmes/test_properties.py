"""Properties of the programmes game: card and program conservation, illegal actions leave the
state equal, secrecy of hidden cards and programs (E-28), determinism, record round trip,
determinize, bots, CLI."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from phase10 import find_programme, find_variant, new_game, parse_playing_cards, view_for
from phase10.api import apply_action, legal_actions
from phase10.bots import make_bot
from phase10.cli.main import main
from phase10.games.phase10.actions import Draw, Source
from phase10.games.phase10.state import Stage
from phase10.games.programmes.actions import DiscardCard, Extend, Meld, Reveal
from phase10.games.programmes.cards import PLAYING_CARDS, programme_deck
from phase10.games.programmes.determinize import determinize
from phase10.games.programmes.greedy import GreedyProgrammeBot
from phase10.games.programmes.programs import DEFAULT_PROGRAMS, program_by_id
from phase10.games.programmes.rules import ProgrammeRules
from phase10.games.programmes.state import ProgrammeState
from phase10.games.programmes.view import ProgrammeView
from phase10.kernel.errors import IllegalActionError
from phase10.match import ProgrammeMatch, Seat, load_match
from phase10.records import GameRecord, read_record, replay

RULES = find_variant("programmes")


def accounted(state: ProgrammeState) -> None:
    held = Counter(state.draw_pile) + Counter(state.discard_pile)
    for p in state.players:
        held.update(p.hand)
    for combos in state.table:
        for combo in combos:
            held.update(combo.cards)
    assert held == Counter(programme_deck())
    programs = Counter(state.program_deck)
    for p in state.players:
        programs.update(p.done)
        if p.program >= 0 and not p.revealed:
            programs[p.program] += 1
    assert programs == Counter(state.rules.program_deck)


def random_game(
    seed: int, players: int, steps: int, rules: ProgrammeRules = RULES
) -> ProgrammeState:
    state = new_game(rules, players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.outcome is not None:
            break
        actions = legal_actions(state)
        progress = [a for a in actions if isinstance(a, Reveal | Meld | Extend)]
        state = apply_action(state, rng.choice(progress or actions))
    return state


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 6), st.data())
def test_state_machine_conserves_cards_and_rejects_illegal_actions(
    seed: int, players: int, data: st.DataObject
) -> None:
    rules = ProgrammeRules(program_swap_after=data.draw(st.sampled_from([None, 1, 3])))
    state = new_game(rules, players, seed)
    accounted(state)
    for _ in range(data.draw(st.integers(1, 250))):
        if state.outcome is not None:
            break
        actions = legal_actions(state)
        assert actions
        wrong = DiscardCard(PLAYING_CARDS[data.draw(st.integers(0, 52))])
        if wrong not in actions:
            before = state
            with pytest.raises(IllegalActionError):
                apply_action(state, wrong)
            assert state == before
        state = apply_action(state, data.draw(st.sampled_from(actions)))
        accounted(state)
        assert 0 <= state.current < players


def test_secrecy_e28_permuting_hidden_cards_and_programs_leaves_a_view_unchanged() -> None:
    for seed in range(6):
        state = random_game(seed, 4, 35)
        seat = state.current
        rng = random.Random(seed)
        others = [s for s in range(4) if s != seat]
        pool = [c for s in others for c in state.players[s].hand] + list(state.draw_pile)
        took = {s: state.players[s].took for s in others}
        fixed = Counter(c for s in others for c in took[s])
        free = list((Counter(pool) - fixed).elements())
        rng.shuffle(free)
        players = list(state.players)
        for s in others:
            extra = len(players[s].hand) - len(took[s])
            hand, free = tuple(sorted((*took[s], *free[:extra]))), free[extra:]
            players[s] = players[s]._replace(hand=hand)
        hidden = [
            players[s].program
            for s in others
            if not players[s].revealed and players[s].program >= 0
        ]
        hidden += list(state.program_deck)
        rng.shuffle(hidden)
        for s in others:
            if not players[s].revealed and players[s].program >= 0:
                players[s] = players[s]._replace(program=hidden.pop())
        other = state._replace(
            players=tuple(players), draw_pile=tuple(free), program_deck=tuple(hidden)
        )
        assert view_for(other, seat) == view_for(state, seat)


def test_determinism_same_seed_same_digest() -> None:
    a = random_game(11, 3, 300)
    random.random()
    b = random_game(11, 3, 300)
    assert a.digest() == b.digest()


def test_record_round_trip_names_the_game() -> None:
    record = GameRecord.start(RULES, 3, 9, names=["Ann"])
    state = record.initial_state()
    rng = random.Random(9)
    for _ in range(400):
        if state.outcome is not None:
            break
        state = record.play(state, rng.choice(legal_actions(state)))
    data = json.loads(record.to_json())
    assert data["game"] == "programmes"
    again = read_record(record.to_json())
    assert again.game.name == "programmes"
    assert replay(again).digest() == state.digest()


def test_determinize_is_consistent_with_the_view() -> None:
    state = random_game(3, 4, 60)
    view = view_for(state, state.current)
    guess = determinize(view, random.Random(1))
    accounted(guess)
    assert view_for(guess, state.current).hand == view.hand
    assert [len(p.hand) for p in guess.players] == [len(p.hand) for p in state.players]
    assert legal_actions(guess) == legal_actions(state)


def test_greedy_and_levels_play_programmes_to_the_end(tmp_path) -> None:  # type: ignore[no-untyped-def]
    seats = [
        Seat("A", make_bot("greedy", "programmes")),
        Seat("B", make_bot("easy", "programmes")),
        Seat("C", make_bot("random", "programmes")),
    ]
    match = ProgrammeMatch.start(RULES, seats, seed=2)
    while not match.is_over:
        match.bot_step()
    assert match.state.outcome is not None
    match.save(tmp_path / "g.json")
    loaded = load_match(tmp_path / "g.json")
    assert isinstance(loaded, ProgrammeMatch)
    assert loaded.state.digest() == match.state.digest()


def test_greedy_beats_random_most_of_the_time() -> None:
    wins = 0
    for seed in range(10):
        match = ProgrammeMatch.start(
            RULES,
            [Seat("G", make_bot("greedy", "programmes")), Seat("R", make_bot("random"))],
            seed,
        )
        while not match.is_over:
            match.bot_step()
        assert match.state.outcome is not None
        wins += match.state.outcome.winner == 0
    assert wins >= 7


def test_greedy_does_not_hoard_wilds_under_a_no_wild_program() -> None:
    """E-30: a program marked "no wilds" cannot use them. Greedy once took every wild the
    random player threw and kept them, until its hand held nothing else and the game (seed 1,
    game 34 of a 2000-game run) never ended; now it declines them and keeps at most one."""
    state = new_game(RULES, 2, 3)
    view = view_for(state, state.current)
    assert isinstance(view, ProgrammeView)
    no_wild = program_by_id(DEFAULT_PROGRAMS, "PRG-29")  # 1 run of 4, no wilds
    assert no_wild.no_wild
    bot, rng = GreedyProgrammeBot(), random.Random(0)
    joker = parse_playing_cards("JK")
    hand = parse_playing_cards("2S 2H JK 4C 7D 9H KS")
    drawing = dataclasses.replace(
        view,
        program=no_wild,
        hand=hand,
        discard_pile=joker,
        stage=Stage.DRAW,
        legal=(Draw(Source.DRAW_PILE), Draw(Source.DISCARD_PILE)),
    )
    assert bot.choose(drawing, rng) == Draw(Source.DRAW_PILE)
    allowed = dataclasses.replace(drawing, program=program_by_id(DEFAULT_PROGRAMS, "PRG-31"))
    assert bot.choose(allowed, rng) == Draw(Source.DISCARD_PILE)
    legal = tuple(DiscardCard(c) for c in sorted(set(hand)))
    discarding = dataclasses.replace(drawing, stage=Stage.PLAY, legal=legal)
    chosen = bot.choose(discarding, rng)
    assert isinstance(chosen, DiscardCard)
    assert chosen.card in parse_playing_cards("2S 2H JK")


def test_find_programme_is_exported() -> None:
    found = find_programme(
        parse_playing_cards("8S 9S JK JS"), program_by_id(DEFAULT_PROGRAMS, "PRG-22")
    )
    assert found is not None
    assert found[0].tokens() == ["8S", "9S", "JK=10S", "JS"]


def test_cli_check_json_and_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "check",
                "--game",
                "programmes",
                "--program",
                "PRG-22",
                "--json",
                "8S",
                "9S",
                "JK",
                "JS",
            ]
        )
        == 0
    )
    out = json.loads(capsys.readouterr().out)
    assert out["possible"]
    assert out["groups"] == [["8S", "9S", "JK=10S", "JS"]]
    assert (
        main(["check", "--game", "programmes", "--program", "PRG-29", "8S", "9S", "JK", "JS"]) == 1
    )
    program = '{"id": "X", "directives": [{"mult": 1, "kind": "set", "len": 3}]}'
    assert main(["check", "--game", "programmes", "--program-json", program, "7S", "7H", "2D"]) == 0
    assert main(["check", "--game", "programmes", "--program", "PRG-99", "7S"]) == 2
    assert main(["check", "--game", "programmes", "--program", "PRG-01", "ZZ"]) == 2
    bad = json.dumps(
        {
            "id": "B",
            "no_wild": True,
            "directives": [{"mult": 1, "kind": "run", "len": 3, "values": ["A", "2", "3"]}],
        }
    )
    assert main(["check", "--game", "programmes", "--program-json", bad, "AS"]) == 2
    assert "B: directives[0].values" in capsys.readouterr().err


def test_cli_odds_close_to_the_c9_instant_odds(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["odds", "--game", "programmes", "--program", "PRG-08", "--hands", "1500", "--json"])
        == 0
    )
    out = json.loads(capsys.readouterr().out)
    assert abs(out["probability"] - 0.747) < 0.06  # the rulebook C.9: 74.7%


def test_cli_play_programmes_by_script(tmp_path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("d\nm\nb\ndiscard 1\nq\n"))
    save = tmp_path / "p.json"
    code = main(
        [
            "play",
            "--game",
            "programmes",
            "--players",
            "3",
            "--seed",
            "5",
            "--opponents",
            "greedy",
            "--save",
            str(save),
            "--plain",
        ]
    )
    assert code == 0
    assert save.exists()
    out = capsys.readouterr().out
    assert "Your program: PRG-" in out
    assert "You drew" in out
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["resume", str(save), "--plain"]) == 0
