"""What a seat is shown and may do (``Game.present``), for every game: one entry per legal move
with an id that reads back as that move, cards from the seat's own hand, targets on the table,
words in the seat's language, and JSON that fits ``docs/schema/presentation.schema.json``.

Positions come from seeded games played with a bias to building (lay-downs, hits, reveals), so
the table fills up; every seat's presentation and the spectator's are checked."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from phase10 import find_variant
from phase10.bots import make_bot
from phase10.games import get
from phase10.kernel.game import Game
from phase10.kernel.i18n import LANGUAGES
from phase10.kernel.presentation import KEY_MAP, QUESTION_KEYS, Presentation, presentation_to_json

SCHEMA = Path(__file__).resolve().parents[1] / "docs" / "schema" / "presentation.schema.json"
PROFILES = {
    "phase10": ("standard", "standard+pick_a_phase", "nl_accessible"),
    "programmes": ("programmes", "programmes+program_swap"),
}
_BUILDING = ("lay", "hit", "reveal", "meld", "extend", "swap")


@cache
def _validator() -> Draft202012Validator:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def _positions(game: Game, profile: str, players: int, seed: int) -> Iterator[Any]:
    """Every 7th state of a seeded game that favours building moves."""
    rng = random.Random(seed)
    state = game.new_game(game.find_rules(profile), players, seed)
    for step in range(400):
        if step % 7 == 0:
            yield state
        legal = game.legal_actions(state)
        if not legal:
            yield state
            return
        building = [a for a in legal if game.format_action(a).split()[0] in _BUILDING]
        pick = building if building and rng.random() < 0.85 else list(legal)
        state = game.apply(state, rng.choice(pick))


def _check(game: Game, view: Any, shown: Presentation, names: list[str]) -> None:
    errors = sorted(_validator().iter_errors(presentation_to_json(shown)), key=str)
    assert not errors, errors[0]
    assert shown.game == game.name
    # One move per legal action, in the same order but for the lay-downs of several phases
    # (taken a phase in turn, B.4.1); each id reads back as its action.
    assert len(shown.moves) == len(view.legal)
    assert len({m.id for m in shown.moves}) == len(shown.moves)
    by_id = {game.format_action(action): action for action in view.legal}
    assert set(by_id) == {m.id for m in shown.moves}
    assert [m.id for m in shown.moves if m.kind != "lay_down"] == [
        notation for notation, a in by_id.items() if type(a).__name__ != "LayDown"
    ]
    hand = Counter(card.code for card in shown.hand)
    groups = {g.id for g in shown.table}
    for move in shown.moves:
        action = by_id[move.id]
        assert game.parse_action(move.id) == action
        assert move.id == game.format_action(action)
        assert move.action == game.action_to_json(action)
        assert game.action_from_json(move.action) == action
        assert not Counter(move.cards) - hand, (move.id, move.cards)
        if move.kind in ("hit", "extend"):
            assert move.target in groups
        elif move.target is not None:
            assert move.target.isdigit()
            assert int(move.target) < len(names)
        assert move.label
        # A key of the key map that offers this kind says something when none is open.
        assert move.key is None or shown.refusals[move.kind]
    assert [c.code for c in shown.hand] == game.format_cards(view.hand).split()
    assert len(shown.players) == len(names)
    assert sum(p.to_act for p in shown.players) == (0 if shown.over else 1)
    assert [p.cards for p in shown.players] == [p.hand_size for p in view.players]


@pytest.mark.parametrize("name", ["phase10", "programmes"])
def test_every_legal_move_is_presented_once_and_reads_back(name: str) -> None:
    """Every seat and the spectator, at positions across whole games of 2 to 4
    players and several rule profiles: the presentation fits the schema, lists each legal
    move once (its id is its notation, its action its JSON), uses only cards of the seat's
    hand, and hits or extends only groups on the table (P10-R21, AMZ-R20)."""
    game = get(name)
    checked = 0
    for index, profile in enumerate(PROFILES[name]):
        for players in (2, 4):
            names = [f"P{i}" for i in range(players)]
            for state in _positions(game, profile, players, 10 * index + players):
                for seat in range(players):
                    view = game.view(state, seat)
                    _check(game, view, game.present(view, names, "en"), names)
                public = game.public_view(state)
                shown = game.present(public, names, "en")
                _check(game, public, shown, names)
                assert shown.seat is None
                assert shown.hand == ()
                checked += 1
    assert checked > 40


@pytest.mark.parametrize("name", ["phase10", "programmes"])
def test_moves_are_of_kinds_every_front_end_knows_and_each_kind_has_one_key(name: str) -> None:
    """The moves of both games are of the kinds the one key map covers, and no two
    kinds of one game share a key."""
    game = get(name)
    kinds: set[str] = set()
    for profile in PROFILES[name]:
        names = ["Ann", "Bob", "Cleo"]
        for state in _positions(game, profile, 3, 5):
            seat = game.to_act(state)
            kinds |= {m.kind for m in game.present(game.view(state, seat), names).moves}
    assert kinds <= set(KEY_MAP)
    assert {"draw", "take", "discard"} <= kinds
    keys = [KEY_MAP[kind] for kind in kinds]
    assert len(set(keys)) == len(keys)


def test_the_programmes_hint_is_the_expert_levels_move() -> None:
    """The hint gives the move of the game's strongest computer player: in the programmes
    game the ``expert`` level (``sharp`` keeping pairs for after its reveal, AMZ-R20,
    AMZ-R21), no longer ``greedy``'s, whose moves it differs from in many positions."""
    game = get("programmes")
    expert = make_bot("expert", game)
    greedy = make_bot("greedy", game)
    state = game.new_game(game.find_rules("programmes"), 2, 3)
    rng = random.Random(3)
    asked = unlike_greedy = 0
    while game.outcome(state) is None and asked < 300:
        view = game.view(state, game.to_act(state))
        shown = game.present(view, ["Ann", "Bob"], "en", hint=True)
        if len(shown.moves) > 1:
            assert shown.hint is not None
            move = str(expert.choose(view, random.Random(0)))
            assert shown.hint.move == move
            asked += 1
            unlike_greedy += str(greedy.choose(view, random.Random(0))) != move
        state = game.apply(state, expert.choose(view, rng))
    assert asked > 50
    assert unlike_greedy > 5


@pytest.mark.parametrize("name", ["phase10", "programmes"])
def test_the_hint_is_one_of_the_moves_and_the_same_for_the_same_position(name: str) -> None:
    """The hint names one of the legal moves, in words, and asking twice gives the
    same hint (one seeded source, so every front end shows the same)."""
    game = get(name)
    names = ["Ann", "Bob"]
    hinted = 0
    for state in _positions(game, PROFILES[name][0], 2, 8):
        seat = game.to_act(state)
        view = game.view(state, seat)
        shown = game.present(view, names, "de", hint=True)
        if not shown.moves:
            assert shown.hint is None
            continue
        assert shown.hint is not None
        assert shown.hint.move in {m.id for m in shown.moves}
        assert shown.hint.text.startswith("Tipp")
        assert game.present(view, names, "de", hint=True).hint == shown.hint
        assert game.present(view, names, "de").hint is None
        hinted += 1
    assert hinted > 5


@pytest.mark.parametrize("name", ["phase10", "programmes"])
def test_every_word_is_in_the_seats_language(name: str) -> None:
    """The words of a presentation change with the language; the notation (card
    codes, move ids, group texts) stays the same in all four."""
    game = get(name)
    names = ["Ann", "Bob"]
    state = list(_positions(game, PROFILES[name][0], 2, 3))[6]
    view = game.view(state, game.to_act(state))
    shown = {lang: game.present(view, names, lang) for lang in LANGUAGES}
    english = shown["en"]
    for lang, other in shown.items():
        assert [c.code for c in other.hand] == [c.code for c in english.hand]
        assert [m.id for m in other.moves] == [m.id for m in english.moves]
        assert [g.text for g in other.table] == [g.text for g in english.table]
        if lang != "en":
            assert other.goal != english.goal
            assert other.turn != english.turn
            assert other.piles[0].label != english.piles[0].label
            words = [c.label for c in other.hand if c.suit not in ("wild", "skip", "joker")]
            assert words != [
                c.label for c in english.hand if c.suit not in ("wild", "skip", "joker")
            ]


def test_phase10_words_for_cards_groups_and_moves() -> None:
    """Phase 10 in words: a Skip's target by name (P10-R25), a wild on a run with the
    number it stands for (P10-R22), a group by its owner, each card by colour and number."""
    game = get("phase10")
    rules = game.find_rules("standard")
    state = game.new_game(rules, 2, 4)
    names = ["Ann", "Bob"]
    seat = game.to_act(state)
    shown = game.present(game.view(state, seat), names, "en")
    assert [m.label for m in shown.moves] == [
        "Draw from the draw pile",
        "Take B2 from the discard pile",
    ]
    assert [(m.kind, m.key) for m in shown.moves] == [("draw", "d"), ("take", "t")]
    assert shown.piles[1].top is not None
    assert shown.piles[1].top.label == "blue 2"
    assert shown.goal == "You are on phase 1: set of 3 + set of 3."
    assert shown.turn == "It is your turn: draw a card."
    assert shown.players[seat].summary == "Ann 0 points (phase 1, 10 cards)"
    # Later in games: a Skip names whom it skips; a wild hit on a run says its number.
    skips, wild_hits = [], []
    for seed in range(6):
        for state in _positions(game, "standard", 3, seed):
            if game.outcome(state) is not None:
                continue
            view = game.view(state, game.to_act(state))
            for move in game.present(view, ["Ann", "Bob", "Cleo"], "en").moves:
                if move.kind == "discard" and move.target is not None:
                    skips.append(move)
                if move.kind == "hit" and move.cards == ("W",) and "run" in move.label:
                    wild_hits.append(move)
    assert skips
    assert wild_hits
    for move in skips:
        name = ["Ann", "Bob", "Cleo"][int(move.target or "0")]
        assert move.label == f"Play the Skip at {name}"
    for move in wild_hits:
        value = move.id.split()[1].removeprefix("W=")
        assert move.label.startswith(f"Hit: W as {value} on "), move.label


@pytest.mark.parametrize(
    ("name", "profile", "rule_ids"),
    [
        ("phase10", "standard", ()),
        ("programmes", "programmes+program_swap", ("AMZ-R01", "AMZ-R31")),
    ],
)
def test_each_game_writes_its_own_rules_in_every_language(
    name: str, profile: str, rule_ids: tuple[str, ...]
) -> None:
    """``Game.rules_text``: the rules a front end shows come from the game, in
    Markdown, in the reader's language, with the rule ids of docs/rules, and without any
    front end's keys."""
    game = get(name)
    rules = game.find_rules(profile)
    texts = {lang: game.rules_text(rules, lang) for lang in LANGUAGES}
    assert len(set(texts.values())) == len(LANGUAGES)
    for text in texts.values():
        assert text.startswith("# ")
        assert all(rule in text for rule in rule_ids)
        assert "Keys at the table" not in text


def test_one_key_map_moves_and_questions_never_share_a_key() -> None:
    """The one key map (docs/keys.md): no question or help key is also a move's key,
    and no two questions share one, so a key means one thing in every medium."""
    moves = set(KEY_MAP.values())
    questions = list(QUESTION_KEYS.values())
    assert len(set(questions)) == len(questions)
    assert not moves & set(questions)


@pytest.mark.parametrize(
    ("name", "profile"), [("phase10", "standard"), ("programmes", "programmes")]
)
def test_the_words_a_game_reuses_between_updates_are_those_it_would_write_afresh(
    name: str, profile: str
) -> None:
    """A game words each player and group once and reuses them while they do not change (the
    server presents every connection's table after every move). Interleaving seats and
    languages over a whole game, every presentation's JSON equals the one the game writes
    with nothing kept, so nothing of one seat or language leaks into another's."""
    import importlib

    present = importlib.import_module(f"phase10.games.{name}.present")
    table_words = present._group_info if name == "phase10" else present._combo_info
    game = get(name)
    names = ["Ann", "Bob", "Cleo"]
    checked = 0
    for index, state in enumerate(_positions(game, profile, 3, 11)):
        for seat in (index % 3, (index + 1) % 3, -1):
            view = game.view(state, seat) if seat >= 0 else game.public_view(state)
            lang = LANGUAGES[(index + seat) % len(LANGUAGES)]
            cached = presentation_to_json(game.present(view, names, lang))
            present._player_info.cache_clear()
            table_words.cache_clear()
            fresh = presentation_to_json(game.present(view, names, lang))
            assert cached == fresh
            assert [p["you"] for p in cached["players"]] == [s == seat for s in range(3)]
            checked += 1
    assert checked > 30


@pytest.mark.parametrize(
    ("name", "profile", "kinds"),
    [
        ("phase10", "standard", {"draw", "take", "discard", "lay_down", "hit"}),
        ("programmes", "programmes", {"draw", "take", "discard", "reveal", "meld", "extend"}),
        (
            "programmes",
            "programmes+program_swap",
            {"draw", "take", "discard", "reveal", "meld", "extend", "swap"},
        ),
    ],
)
def test_the_refusals_name_every_kind_the_game_has_and_no_other(
    name: str, profile: str, kinds: set[str]
) -> None:
    """A key asks for moves of one kind; when none is open now the game says why in its own
    words, and a kind the game never offers (Phase 10 has no meld; a table without AMZ-R31
    never swaps) is missing, so the key does nothing there."""
    game = get(name)
    state = game.new_game(game.find_rules(profile), 2, 3)
    shown = game.present(game.view(state, 0), ["Ann", "Bob"], "de")
    assert set(shown.refusals) == kinds
    english = game.present(game.view(state, 0), ["Ann", "Bob"], "en")
    assert shown.refusals["draw"] != english.refusals["draw"]  # the seat's language


def test_phase10_refusals_say_why_as_the_position_has_it() -> None:
    """The lay-down and hit keys, when no such move is open on the seat's turn, say why: not
    drawn yet (P10-R13), the phase already down (P10-R16), the hand not making it (P10-R15,
    with what the phase asks), no hit before the phase is down (P10-R21) or none that fits
    (P10-R23); off the seat's turn, that it is not theirs. Every reason occurs."""
    game = get("phase10")
    seen: set[str] = set()
    for seed in range(4):
        for state in _positions(game, "standard", 2, seed):
            view = game.view(state, 0)
            refusals = game.present(view, ["Ann", "Bob"], "en").refusals
            me = view.players[0]
            if view.stage.value == "over":
                expected = ("The game is over.", "The game is over.")
            elif view.current != 0:
                expected = ("It is Bob's turn, not yours.", "It is Bob's turn, not yours.")
            elif view.stage.value == "draw":
                expected = (
                    "Draw a card first: a phase goes down after the draw (P10-R13).",
                    "Draw a card first: hits come after the draw (P10-R13).",
                )
            elif me.laid >= 0:
                expected = (
                    "Your phase is already down in this hand (P10-R16).",
                    "None of your cards fits a group you may hit now (P10-R23).",
                )
            else:
                expected = (
                    f"Your cards do not make phase {me.phase.number} yet: ",
                    "You may hit only once your phase is down (P10-R21).",
                )
            assert refusals["lay_down"].startswith(expected[0]), (refusals, expected)
            assert refusals["hit"] == expected[1]
            seen.add(expected[0][:12])
    assert len(seen) == 4, seen


@pytest.mark.parametrize(
    ("name", "profile"), [("phase10", "n_phases=1"), ("programmes", "programmes")]
)
def test_every_key_says_the_game_is_over_once_it_is(name: str, profile: str) -> None:
    """Once the game is over (P10-R36, AMZ-R30) every key of the key map says so."""
    game = get(name)
    rules = game.find_rules(profile) if name == "programmes" else find_variant(profile)
    state = game.new_game(rules, 2, 4)
    bot, rng = make_bot("greedy", game), random.Random(4)
    while game.outcome(state) is None:
        state = game.apply(state, bot.choose(game.view(state, state.current), rng))
    refusals = game.present(game.view(state, 0), ["Ann", "Bob"], "en").refusals
    assert set(refusals.values()) == {"The game is over."}, refusals


def test_programmes_refusals_say_why_as_the_position_has_it() -> None:
    """The reveal, new-set and addition keys say why none is open on the seat's turn: not
    drawn yet (AMZ-R10), the program already revealed this round (AMZ-R11; then no new set
    or no card that fits, AMZ-R20), or not revealed (the hand not making the program,
    AMZ-R14; no new set or addition before it, AMZ-R20, AMZ-R22). Every reason occurs."""
    game = get("programmes")
    seen: set[str] = set()
    for seed in range(4):
        for state in _positions(game, "programmes", 2, seed):
            view = game.view(state, 0)
            refusals = game.present(view, ["Ann", "Bob"], "en").refusals
            me = view.players[0]
            if view.current != 0 or view.stage.value == "over" or not me.has_program:
                continue
            if view.stage.value == "draw":
                reveal = "Draw a card first: you reveal after the draw (AMZ-R10)."
                meld = "Draw a card first: new sets come after the draw (AMZ-R10)."
                extend = "Draw a card first: additions come after the draw (AMZ-R10)."
            elif me.revealed:
                reveal = "Your program is already revealed in this round (E-09)."
                meld = "You hold no new set: three or more cards of one value (AMZ-R20)."
                extend = "None of your cards fits a combination on the table (AMZ-R20)."
            else:
                reveal = (
                    "Your cards do not make your program yet (AMZ-R14): a run is cards in a "
                    "row of one suit, a set cards of one value, each with a card that is not "
                    "wild."
                )
                meld = "You may lay new sets only once your program is revealed (AMZ-R20)."
                extend = "You may add to combinations only once your program is revealed (AMZ-R22)."
            assert (refusals["reveal"], refusals["meld"], refusals["extend"]) == (
                reveal,
                meld,
                extend,
            )
            seen.add(reveal)
            # After the draw the turn says what the seat may do, as its program stands.
            turn = game.present(view, ["Ann", "Bob"], "en").turn
            if view.stage.value == "play":
                kinds = {type(a).__name__ for a in view.legal}
                if me.revealed and kinds >= {"Meld", "Extend"}:
                    wanted = "It is your turn: lay a new set, add to a combination, or discard."
                elif me.revealed and "Meld" in kinds:
                    wanted = "It is your turn: lay a new set, or discard."
                elif me.revealed and "Extend" in kinds:
                    wanted = "It is your turn: add to a combination, or discard."
                elif not me.revealed and "Reveal" in kinds:
                    wanted = "It is your turn: reveal your program, or discard."
                else:
                    wanted = "It is your turn: discard a card."
                assert turn == wanted
                seen.add(turn)
    # A reveal open after the draw is rare at these positions: the next test has it. Each
    # of the revealed seat's three turn sentences occurs.
    assert len(seen) == 8, seen


def test_a_turn_that_can_reveal_says_so() -> None:
    """AMZ-R14: once the hand makes the program after the draw, the turn offers the reveal."""
    game = get("programmes")
    state = game.new_game(game.find_rules("programmes"), 2, 4)
    bot, rng = make_bot("greedy", game), random.Random(4)
    while game.outcome(state) is None:
        view = game.view(state, state.current)
        if view.stage.value == "play" and any(type(a).__name__ == "Reveal" for a in view.legal):
            turn = game.present(view, ["Ann", "Bob"], "en").turn
            assert turn == "It is your turn: reveal your program, or discard."
            return
        state = game.apply(state, bot.choose(view, rng))
    raise AssertionError("no reveal was ever open in the game")


def test_the_turn_offers_only_what_the_hand_can_do() -> None:
    """After the draw the turn's sentence names a lay-down or a hit only when one is legal
    (P10-R15, P10-R21): a hand that can do neither is told to discard, and every case
    occurs."""
    game = get("phase10")
    said: set[str] = set()
    for seed in range(6):
        for state in _positions(game, "standard", 2, seed):
            view = game.view(state, state.current)
            if view.stage.value != "play":
                continue
            kinds = {type(a).__name__ for a in view.legal}
            turn = game.present(view, ["Ann", "Bob"], "en").turn
            wanted = {
                frozenset({"LayDown", "Hit"}): "It is your turn: lay down, hit or discard.",
                frozenset({"LayDown"}): "It is your turn: lay down your phase, or discard.",
                frozenset({"Hit"}): "It is your turn: hit, or discard.",
                frozenset(): "It is your turn: discard a card.",
            }[frozenset(kinds & {"LayDown", "Hit"})]
            assert turn == wanted
            said.add(turn)
    assert len(said) >= 3, said


_PILE_REASONS = {
    "phase10": (
        "Draw a card first: you discard at the end of your turn (D-19).",
        "You have already drawn this turn: one card a turn (D-19).",
        "A Skip on the discard pile cannot be taken (D-07).",
    ),
    "programmes": (
        "Draw a card first: you discard at the end of your turn (AMZ-R10).",
        "You have already drawn this turn: one card a turn (E-25).",
        "With one card in your hand you draw from the draw pile (E-16).",
    ),
}


@pytest.mark.parametrize(
    ("name", "profile"), [("phase10", "standard"), ("programmes", "programmes")]
)
def test_the_pile_keys_say_why_as_the_turn_stands(name: str, profile: str) -> None:
    """The draw, take and discard keys, when their move is not open, say why as the turn
    stands: off the seat's turn whose it is; before the draw that the discard
    waits for it (D-19, AMZ-R10); after it that one card is drawn a turn (D-19, E-25); a
    take the rules forbid says which rule (D-07, E-16). Whatever is open keeps the shared
    words, which are never said. Every reason occurs."""
    game = get(name)
    first, drawn, forbidden = _PILE_REASONS[name]
    seen: set[str] = set()
    for seed in range(4):
        for state in _positions(game, profile, 2, seed):
            view = game.view(state, 0)
            refusals = game.present(view, ["Ann", "Bob"], "en").refusals
            kinds = {game.format_action(a).split()[0] for a in view.legal}
            if view.stage.value == "over":
                continue
            if view.current != 0:
                # Off the seat's turn, every key says whose it is.
                waiting = "It is Bob's turn, not yours."
                expected = dict.fromkeys(("draw", "take", "discard"), waiting)
                assert set(refusals.values()) == {waiting}
            elif view.stage.value == "draw":
                expected = {"discard": first}
                if "take" not in kinds:
                    expected["take"] = refusals["take"]
                    assert refusals["take"] in (forbidden, "The discard pile is empty.")
            else:
                expected = {"draw": drawn, "take": drawn}
            assert {k: refusals[k] for k in expected} == expected
            seen.update(expected.values())
    assert {"It is Bob's turn, not yours.", first, drawn} <= seen, seen


@pytest.mark.parametrize(("name", "title"), [("phase10", "Hand"), ("programmes", "Round")])
def test_a_hand_end_has_a_summary_with_a_row_per_player_and_nothing_else_does(
    name: str, title: str
) -> None:
    """The game words the end of a hand for every seat: a title naming the hand (a round in
    the programmes game) and one row per player, in the reader's language; no other event
    has a summary."""
    game = get(name)
    names = ["Ann", "Bob", "Cleo"]
    state = game.new_game(game.find_rules(game.default_rules), 3, 5)
    bots = [game.bots()["greedy"]() for _ in names]
    rng = random.Random(5)
    summaries = []
    others = 0
    while game.hand_number(state) < 1 and game.outcome(state) is None:
        seat = game.to_act(state)
        state = game.apply(state, bots[seat].choose(game.view(state, seat), rng))
        for event in state.events:
            summary = game.hand_summary(event, names, "en")
            if summary is None:
                others += 1
            else:
                summaries.append((event, summary))
    assert others > 10
    assert len(summaries) == 1
    event, summary = summaries[0]
    # The title is the first sentence the hand's end narrates, which a page can say once.
    assert summary.title == f"{title} 1 ended."
    for lang in LANGUAGES:
        worded = game.hand_summary(event, names, lang)
        assert worded is not None
        said = game.narrate(
            [event], names, None, rules=game.find_rules(game.default_rules), lang=lang
        )
        assert said[0].startswith(worded.title), (lang, said[0], worded.title)
    assert [row[0] for row in summary.rows] == names
    assert all(len(row) == len(summary.headers) == 2 for row in summary.rows)
    assert [int(row[1]) for row in summary.rows] == list(event.scores)
    dutch = game.hand_summary(event, names, "nl")
    assert dutch is not None
    assert dutch.title != summary.title


_CODE = {
    "phase10": re.compile(r"(?<![\w=])(?:[RBYG](?:1[0-2]|[1-9])|W(?:=\w+)?|S)(?![\w=])"),
    # A card by its letters or as it is shown, with its suit's sign (AMZ-R01).
    "programmes": re.compile(
        r"(?<![\w=])(?:(?:10|[2-9AJQK])[SHDC♠♥♦♣]|JK)(?:=[\w♠♥♦♣+]+)?(?![\w=♠♥♦♣])"
    ),
}


@pytest.mark.parametrize(
    ("name", "profile"), [("phase10", "standard"), ("programmes", "programmes")]
)
def test_moves_prompts_and_hint_in_words_name_no_card_by_notation(name: str, profile: str) -> None:
    """For a reader who asked for words (the browser), each move has a spoken label, and
    the prompts and the hint name every card in words ("Discard red 7", "Take ace of clubs
    from the discard pile"); the moves themselves, their ids, cards and shown labels (short
    enough for a phone's buttons), are the same as with the notation."""
    game = get(name)
    in_notation = 0
    for seed in range(3):
        for state in _positions(game, profile, 2, seed):
            view = game.view(state, state.current)
            coded = game.present(view, ["Ann", "Bob"], "fr", hint=True)
            worded = game.present(view, ["Ann", "Bob"], "fr", hint=True, words=True)
            assert [(m.id, m.kind, m.cards) for m in worded.moves] == [
                (m.id, m.kind, m.cards) for m in coded.moves
            ]
            assert (worded.hint is None) == (coded.hint is None)
            # The label stays as shown (short, by notation); the words are what is said.
            assert [m.label for m in worded.moves] == [m.label for m in coded.moves]
            assert all(m.spoken is None for m in coded.moves)
            # And so they go out: the JSON a client gets carries the words (it once lost them).
            sent = presentation_to_json(worded)["moves"]
            assert [m.get("spoken") for m in sent] == [m.spoken for m in worded.moves]
            assert all("spoken" not in m for m in presentation_to_json(coded)["moves"])
            said = [str(m.spoken) for m in worded.moves] + list(worded.prompts)
            said += [worded.hint.text] if worded.hint is not None else []
            for text in said:
                assert not _CODE[name].search(text), text
            in_notation += sum(bool(_CODE[name].search(m.label)) for m in coded.moves)
    assert in_notation > 30


@pytest.mark.parametrize(
    ("name", "profile"), [("phase10", "standard"), ("programmes", "programmes")]
)
def test_each_player_shows_in_words_the_cards_they_took_from_the_discard_pile(
    name: str, profile: str
) -> None:
    """Taking the discard pile's top happens in front of everyone (D-19, AMZ-R10), so each
    player's entry lists what they took this hand, each card with its notation and its words,
    which the browser reads out instead of the codes."""
    game = get(name)
    seen = 0
    for seed in range(4):
        for state in _positions(game, profile, 3, seed):
            view = game.view(state, 0)
            shown = game.present(view, ["Ann", "Bob", "Cy"], "de", words=True)
            for info, player in zip(shown.players, view.players, strict=True):
                codes = [card.code for card in info.took]
                assert " ".join(codes) == game.format_cards(player.took)
                for card in info.took:
                    assert card.label
                    assert card.label != card.code
                seen += len(info.took)
    assert seen > 0


def test_a_hit_on_another_players_group_names_it_with_its_article() -> None:
    """A hit (P10-R22) on someone else's group reads as a sentence would: "sur la série de « 5 »
    d'Ann", "bij de reeks 3 tot 6 van Ann", never a bare noun ("sur série de « 5 » d'Ann")."""
    game = get("phase10")
    labels: dict[str, list[str]] = {"fr": [], "nl": []}
    for seed in range(4):
        for state in _positions(game, "standard", 2, seed):
            view = game.view(state, state.current)
            for lang, found in labels.items():
                shown = game.present(view, ["Ann", "Bob"], lang)
                found += [
                    m.label
                    for m in shown.moves
                    if m.kind == "hit" and m.target and int(m.target.split(".")[0]) != view.seat
                ]
    assert labels["fr"]
    assert labels["nl"]
    for label in labels["fr"]:
        assert re.search(r" sur la (série|suite) .* d(e |')(Ann|Bob)$", label), label
    for label in labels["nl"]:
        assert re.search(r" bij de (set .*|reeks .*|\w+ kleurgroep) van (Ann|Bob)$", label), label


def test_a_hit_on_ones_own_group_in_german_names_the_group_apart() -> None:
    """A hit (P10-R22) on the seat's own group in German: "an deine Gruppe (Lauf 4 bis
    12)", the group's name apart, since "deine" cannot agree with a name that is sometimes
    a Satz, sometimes a Farbgruppe ("an deine Gruppe Satz mit Zahl 5" was no German)."""
    game = get("phase10")
    labels = []
    for seed in range(4):
        for state in _positions(game, "standard", 2, seed):
            view = game.view(state, state.current)
            shown = game.present(view, ["Ann", "Bob"], "de")
            labels += [
                m.label
                for m in shown.moves
                if m.kind == "hit" and m.target and int(m.target.split(".")[0]) == view.seat
            ]
    assert labels
    for label in labels:
        assert re.search(r" an deine Gruppe \((Satz|Lauf|.*Farbgruppe).*\)$", label), label


def test_a_revealed_program_is_part_of_the_players_summary_in_one_sentence() -> None:
    """A revealed program (AMZ-R14: turned face up) is said in the player's summary, the
    line the score key reads, after their programs done and cards, as one phrase with no
    second full stop."""
    game = get("programmes")
    revealed = 0
    for seed in range(3):
        for state in _positions(game, "programmes", 3, seed):
            view = game.view(state, 0)
            shown = game.present(view, ["Ann", "Bob", "Cy"], "fr")
            for info, player in zip(shown.players, view.players, strict=True):
                if player.revealed and player.program is not None:
                    revealed += 1
                    assert re.fullmatch(
                        r"\w+ : \d+ programmes? réalisés? \(\d+ cartes?\) ; "
                        r"révélé : PRG-\d+ \(.+\)",
                        info.summary,
                    ), info.summary
                    assert not info.summary.endswith(".")
    assert revealed > 0


def test_a_phase_10_wild_on_the_table_says_the_number_it_stands_for() -> None:
    """P10-R06: a wild in a set or a run stands for one number there; the table's cards in
    words say it ("wild as 5", "joker comme 5"), as the group's notation writes W=5; in a
    colour group the group's words say its colour already."""
    from phase10.games.phase10.cards import WILD_CODE

    game = get("phase10")
    rules = game.find_rules("standard")
    for seed in range(1, 60):
        state = game.new_game(rules, 3, seed)
        bot = make_bot("hard", game)
        rng = random.Random(seed)
        for _ in range(400):
            if game.outcome(state) is not None:
                break
            view = game.view(state, game.to_act(state))
            placed = [
                (group.kind.value, value)
                for row in view.table
                for group in row
                for card, value in zip(group.cards, group.values, strict=True)
                if card == WILD_CODE
            ]
            if any(kind != "colour" for kind, _ in placed):
                for lang, word in (("en", "wild as"), ("fr", "joker comme")):
                    shown = game.present(view, ["Ann", "Bob", "Cleo"], lang)
                    labels = [
                        face.label
                        for group in shown.table
                        if group.kind != "colour"
                        for face in group.cards
                    ]
                    for kind, value in placed:
                        if kind != "colour":
                            assert f"{word} {value}" in labels, (word, value, labels)
                return
            state = game.apply(state, bot.choose(view, rng))
    raise AssertionError("no wild was laid in a set or a run in 59 games")


def test_pick_a_phase_offers_each_phase_in_turn_the_highest_first() -> None:
    """B.4.1 (pick_a_phase): a hand that can lay down phases 2, 4 and 5 is offered one way of
    each before a second way of any (a page shows the first few ways only, and they were all
    phase 1's, told apart by where a Wild went); every legal way is still offered."""
    from phase10 import find_variant, games
    from phase10.games.phase10.actions import Draw as Phase10Draw
    from phase10.games.phase10.actions import LayDown as Phase10LayDown

    game = games.get("phase10")
    state = game.new_game(find_variant("pick_a_phase"), 2, 2)
    seat = game.to_act(state)
    draw = next(a for a in game.legal_actions(state) if isinstance(a, Phase10Draw))
    state = game.apply(state, draw)
    lays = [a for a in game.legal_actions(state) if isinstance(a, Phase10LayDown)]
    assert {a.phase for a in lays} == {2, 4, 5}
    shown = game.present(game.view(state, seat), ["A", "B"], "en").moves
    laid = [m for m in shown if m.kind == "lay_down"]
    assert [m.label.split(":")[1].strip() for m in laid[:3]] == ["Phase 5", "Phase 4", "Phase 2"]
    assert sorted(m.id for m in laid) == sorted(game.format_action(a) for a in lays)


def test_pick_a_phase_refuses_a_lay_down_without_naming_one_phase_as_yours() -> None:
    """B.4.1, P10-R15: where any phase not yet made may go down, a hand that makes none says
    so, not "your phase" as if one were set (re-tested: it read oddly)."""
    from phase10 import find_variant, games
    from phase10.games.phase10.actions import Draw as Phase10Draw

    game = games.get("phase10")
    state = game.new_game(find_variant("pick_a_phase"), 2, 1)
    seat = game.to_act(state)
    state = game.apply(
        state, next(a for a in game.legal_actions(state) if isinstance(a, Phase10Draw))
    )
    refusal = game.present(game.view(state, seat), ["A", "B"], "en").refusals["lay_down"]
    assert refusal == "Your cards make none of the phases you may still lay down yet (P10-R15)."
