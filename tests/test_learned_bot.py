"""The learned bot: its decisions (the draw, P10-R13, and the discard), the features it
reads from the seat's view only, its model file, and that it plays whole games legally."""

from __future__ import annotations

import gc
import json
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from phase10.api import find_variant
from phase10.bots import make_bot
from phase10.cli.main import main
from phase10.games.phase10.actions import Discard, Draw, Hit, LayDown, Source
from phase10.games.phase10.cards import SKIP_CODE, WILD_CODE, parse_cards
from phase10.games.phase10.learned import (
    ACTION_FEATURES,
    FEATURES,
    STATE_FEATURES,
    LearnedBot,
    Network,
    WantsSharp,
    choice,
    default_network,
    taken_just_now,
)
from phase10.games.phase10.sharp import SharpBot, goes_down_with
from phase10.games.phase10.state import Stage
from phase10.games.phase10.turns import apply_action, check_action, new_game
from phase10.games.phase10.view import view_for
from phase10.games.programmes.sharp import SharpProgrammeBot


def _views(players: int, seed: int, decisions: int = 3000):  # type: ignore[no-untyped-def]
    """Views of a greedy-played game, one per decision."""
    state = new_game(find_variant("standard"), players, seed)
    rng = random.Random(seed)
    bot = SharpBot()
    for _ in range(decisions):
        if state.outcome is not None:
            return
        view = view_for(state, state.current)
        yield view
        state = apply_action(state, bot.choose(view, rng))


def test_the_packaged_model_loads_and_reads_this_versions_features() -> None:
    network = default_network()
    assert network is not None
    assert network.features == FEATURES
    assert len(network.layers[0][0][0]) == len(STATE_FEATURES) + len(ACTION_FEATURES)


def test_the_learned_decisions_are_the_draw_and_the_discard_only() -> None:
    """P10-R13: the draw (drawing or taking the discard pile's top, never a Skip there) and,
    once nothing can be laid down or hit, the discard; a Skip is thrown as sharp throws it
    (P10-R25), a wild never while another card is left."""
    kinds = {"draw": 0, "discard": 0, "none": 0}
    for seed in (1, 2):
        for view in _views(3, seed, 600):
            found = choice(view)
            if found is None:
                kinds["none"] += 1
                holds_skip = SKIP_CODE in view.hand and view.stage is Stage.PLAY
                forced = len(view.legal) < 2
                others = any(not isinstance(a, (Discard, Draw)) for a in view.legal)
                no_take = view.stage is Stage.DRAW and Draw(Source.DISCARD_PILE) not in view.legal
                one_card = len({c for c in view.hand if c != WILD_CODE}) < 2
                assert holds_skip or forced or others or no_take or one_card
                continue
            state, options = found
            assert len(state) == len(STATE_FEATURES)
            assert all(len(vector) == len(ACTION_FEATURES) for _, vector in options)
            actions = [action for action, _ in options]
            assert all(action in view.legal for action in actions)
            assert len(set(actions)) == len(actions)
            if view.stage is Stage.DRAW:
                kinds["draw"] += 1
                assert actions == [Draw(Source.DRAW_PILE), Draw(Source.DISCARD_PILE)]
            else:
                kinds["discard"] += 1
                cards = [a.card for a in actions if isinstance(a, Discard)]
                assert len(cards) == len(actions)
                assert WILD_CODE not in cards
                assert SKIP_CODE not in cards
    assert min(kinds.values()) > 20, kinds


def test_features_read_only_the_view() -> None:
    """What another seat holds (hidden, E-28) never changes what the bot sees: two states
    that differ only in the opponent's hand and the draw pile give the same features."""
    state = new_game(find_variant("standard"), 2, 5)
    rng = random.Random(5)
    bot = SharpBot()
    for _ in range(40):
        state = apply_action(state, bot.choose(view_for(state, state.current), rng))
    seat = state.current
    other = 1 - seat
    pool = list(state.players[other].hand) + list(state.draw_pile)
    random.Random(1).shuffle(pool)
    size = len(state.players[other].hand)
    players = list(state.players)
    players[other] = players[other].evolve(hand=tuple(pool[:size]))
    swapped = state.evolve(players=tuple(players), draw_pile=tuple(pool[size:]))
    assert choice(view_for(state, seat)) == choice(view_for(swapped, seat))


@pytest.mark.parametrize("players", [2, 4])
def test_the_learned_bot_plays_whole_games_legally_and_deterministically(players: int) -> None:
    """Every action passes the rules' check (P10-R13 order); the same seed, the same game."""
    rules = find_variant("standard")

    def play() -> str:
        state = new_game(rules, players, 11)
        bots = [
            make_bot("learned") if seat % 2 == 0 else make_bot("greedy") for seat in range(players)
        ]
        rngs = [random.Random(f"t:{seat}") for seat in range(players)]
        for _ in range(20_000):
            if state.outcome is not None:
                break
            action = bots[state.current].choose(view_for(state, state.current), rngs[state.current])
            check_action(state, action)
            state = apply_action(state, action)
        assert state.outcome is not None
        return state.digest()

    assert play() == play()


def test_without_a_model_it_plays_exactly_as_its_prior() -> None:
    """With no network the bot is its prior: ``sharp`` with the next player's wants as the
    last tie-break (P10-R13) that takes the cards going down with its phase (P10-R18), or
    ``sharp`` itself with ``wants=False, extras=False``, as in training."""
    learned = LearnedBot(packaged=False)
    plain = LearnedBot(packaged=False, wants=False, extras=False)
    prior, sharp = WantsSharp(extras=True), SharpBot()
    compared = 0
    for view in _views(2, 3, 800):
        assert learned.choose(view, random.Random(7)) == prior.choose(view, random.Random(7))
        assert plain.choose(view, random.Random(7)) == sharp.choose(view, random.Random(7))
        compared += 1
    assert compared > 100


def test_the_prior_takes_a_card_that_goes_down_with_its_phase() -> None:
    """P10-R13, P10-R18: with ``extras`` the prior takes the discard pile's top where
    ``sharp`` would draw only when that card goes down with the phase (a longer set or
    run, one more card of the colour), and draws as ``sharp`` everywhere else; in these
    games such a take comes up."""
    with_extras, sharp = SharpBot(extras=True), SharpBot()
    take = Draw(Source.DISCARD_PILE)
    draws = extra_takes = 0
    for seed in (3, 4, 5):
        for view in _views(2, seed, 3000):
            if view.stage is not Stage.DRAW or take not in view.legal:
                continue
            draws += 1
            mine, plain = (
                with_extras.choose(view, random.Random(1)),
                sharp.choose(view, random.Random(1)),
            )
            top = view.discard_pile[-1]
            if mine != plain:
                assert mine == take
                assert goes_down_with(view, top)
                extra_takes += 1
            else:
                assert not (plain != take and goes_down_with(view, top))
    assert draws > 200
    assert extra_takes > 0


def test_a_card_goes_down_with_the_phase_only_if_it_lengthens_a_group() -> None:
    """P10-R18: on phase 1 (two sets of 3) with three 7s and two 4s, a fourth 7 goes down with
    the phase (a set of 4), a 4 brings the hand closer (sharp takes it anyway), a lone 9
    does neither; once the seat has laid down nothing does (hits are greedy's concern)."""
    view = view_for(new_game(find_variant("standard"), 2, 1), 0)
    view = replace(view, hand=parse_cards("R7 B7 G7 R4 B4 Y9 G11 R2 B12 Y1"))
    y7, y4, r9, wild = parse_cards("Y7 Y4 R9 W")
    assert goes_down_with(view, y7)
    assert not goes_down_with(view, y4)
    assert not goes_down_with(view, r9)
    assert not goes_down_with(view, wild)
    me = replace(view.players[0], laid=0)
    assert not goes_down_with(replace(view, players=(me, view.players[1])), y7)


def test_at_a_table_of_four_the_prior_is_sharp() -> None:
    """The next player's wants are weighed heads-up only (decision 0022), and so are the
    takes of cards that go down with the phase (P10-R18, decision 0024): with four players
    the bot, with or without its network, plays as it did with plain ``sharp``."""
    compared = 0
    for view in _views(4, 4, 800):
        rng_seed = compared
        assert LearnedBot().choose(view, random.Random(rng_seed)) == LearnedBot(
            wants=False, extras=False
        ).choose(view, random.Random(rng_seed))
        assert WantsSharp().choose(view, random.Random(rng_seed)) == SharpBot().choose(
            view, random.Random(rng_seed)
        )
        compared += 1
    assert compared > 100


def test_the_hard_level_plays_the_learned_bot_in_phase10_and_sharp_in_the_programmes_game() -> None:
    """Decision 0019: ``hard`` is Phase 10's learned bot move for move (P10-R13's draw and
    the discard are where it differs from ``sharp``); the programmes game has no learned bot,
    so there ``hard`` is its ``sharp``."""
    hard, learned, sharp = make_bot("hard"), make_bot("learned"), SharpBot()
    assert isinstance(hard, LearnedBot)
    assert hard.name == "hard"
    compared = differ = 0
    for view in _views(2, 3, 1500):
        action = hard.choose(view, random.Random(7))
        assert action == learned.choose(view, random.Random(7))
        differ += action != sharp.choose(view, random.Random(7))
        compared += 1
    assert compared > 300
    assert differ > 0
    assert isinstance(make_bot("hard", "programmes"), SharpProgrammeBot)


def test_a_model_file_round_trips_and_a_broken_one_is_refused(tmp_path: Path) -> None:
    network = default_network()
    assert network is not None
    path = tmp_path / "model.json"
    path.write_text(json.dumps(network.to_json()), encoding="utf-8")
    assert Network.load(path) == network
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"features": list(FEATURES)}), encoding="utf-8")
    with pytest.raises(ValueError, match=r"broken\.json: not a learned model file"):
        Network.load(broken)
    other = network.to_json()
    other["features"] = [*list(FEATURES[:-1]), "something_else"]
    with pytest.raises(ValueError, match="trained on other features"):
        Network.from_json(other)
    nan = network.to_json()
    nan["layers"][0]["biases"][0] = float("nan")
    with pytest.raises(ValueError, match="not a finite number"):
        Network.from_json(nan)


def test_the_network_ranks_candidates_by_its_output() -> None:
    """A network whose only weight reads ``take`` always takes the discard pile's top when it
    may, unless it would only throw it back (D-44), and one with the opposite weight never
    does (P10-R13)."""
    take = len(STATE_FEATURES) + ACTION_FEATURES.index("take")

    def network(sign: float) -> Network:
        row = [0.0] * len(FEATURES)
        row[take] = 1.0
        return Network(features=FEATURES, layers=(([row], [0.0]), ([[sign]], [0.0])))

    drawn = taken = 0
    for view in _views(2, 4, 400):
        if choice(view) is None or view.stage is not Stage.DRAW:
            continue
        drawn += 1
        bot = LearnedBot(network=network(1.0))
        taker = bot.choose(view, random.Random(0))
        refuser = LearnedBot(network=network(-1.0)).choose(view, random.Random(0))
        if bot._throws_back(view):
            assert taker == Draw(Source.DRAW_PILE)
        else:
            assert taker == Draw(Source.DISCARD_PILE)
            taken += 1
        assert refuser == Draw(Source.DRAW_PILE)
    assert taken > 5


def test_the_training_script_writes_a_model_the_bot_plays_and_its_curve(tmp_path: Path) -> None:
    """A tiny run of scripts/train_learned.py: the teacher labels, the network is fitted,
    written, measured (round 0 is sharp itself), and the bot plays with it (P10-R13)."""
    model, curve = tmp_path / "model.json", tmp_path / "curve.tsv"
    labels, refit = tmp_path / "labels.npz", tmp_path / "refit.json"
    script = Path(__file__).parents[1] / "scripts" / "train_learned.py"
    argv = ["--games", "4", "--eval-games", "4", "--rollouts", "1", "--workers", "1"]
    outputs = ["--out", str(model), "--curve", str(curve), "--save-labels", str(labels)]
    done = subprocess.run(
        [sys.executable, str(script), *argv, *outputs],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    # Fitting again to the saved labels, with no games played, gives the same network.
    refit_options = ["--eval-games", "0", "--workers", "1", "--out", str(refit)]
    again = subprocess.run(
        [sys.executable, str(script), "--labels", str(labels), *refit_options],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert again.returncode == 0, again.stderr
    assert refit.read_text(encoding="utf-8") == model.read_text(encoding="utf-8")
    # Several label files are fitted together.
    twice = subprocess.run(
        [sys.executable, str(script), "--labels", str(labels), str(labels), *refit_options],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert twice.returncode == 0, twice.stderr
    assert refit.read_text(encoding="utf-8") != model.read_text(encoding="utf-8")
    assert Network.load(refit).margin == 0.01
    broken = subprocess.run(
        [sys.executable, str(script), "--labels", str(curve), "--out", str(refit)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert broken.returncode == 2
    assert "not a labels file" in broken.stderr
    assert "Traceback" not in broken.stderr
    network = Network.load(model)
    assert network.margin == 0.01
    rows = curve.read_text(encoding="utf-8").splitlines()
    assert [row.split("\t")[0] for row in rows] == ["round", "0", "1"]
    assert int(rows[2].split("\t")[1]) > 0
    for view in _views(2, 6, 200):
        assert LearnedBot(network=network).choose(view, random.Random(0)) in view.legal


def test_a_model_file_named_in_the_bot_spec_is_the_one_played(tmp_path: Path) -> None:
    """``learned:FILE`` plays that file's network, its path's case kept: the packaged model
    written out plays exactly as ``learned``, and with a margin no candidate can beat it plays
    exactly as its prior, ``sharp`` with the next player's wants as the last tie-break
    (P10-R13, the draw; the discard)."""
    network = default_network()
    assert network is not None
    same = tmp_path / "Same Model.json"
    same.write_text(json.dumps(network.to_json()), encoding="utf-8")
    cautious = network.to_json()
    cautious["margin"] = 1e9
    never = tmp_path / "never.json"
    never.write_text(json.dumps(cautious), encoding="utf-8")
    from_file = make_bot(f"learned:{same}")
    assert from_file.name == f"learned:{same}"
    packaged, sharp, held_back = make_bot("learned"), WantsSharp(), make_bot(f"Learned:{never}")
    overruled = 0
    for view in _views(2, 5, 1500):
        chosen = from_file.choose(view, random.Random(3))
        assert chosen == packaged.choose(view, random.Random(3))
        by_sharp = sharp.choose(view, random.Random(3))
        assert held_back.choose(view, random.Random(3)) == by_sharp
        overruled += chosen != by_sharp
    assert overruled > 0  # the file's network did decide something


def test_a_missing_or_malformed_model_file_is_named_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A user's typo or a half-written file: one line that names the file and what is wrong,
    exit status 2, no traceback."""
    broken = tmp_path / "broken.json"
    broken.write_text('{"features": [\n', encoding="utf-8")
    cases = {
        f"learned:{tmp_path / 'missing.json'},greedy": "missing.json: cannot be read",
        f"learned:{broken},greedy": r"broken.json: not JSON at line 2, column 1",
        "learned:,greedy": "name the model file",
    }
    for bots, says in cases.items():
        assert main(["simulate", "--bots", bots, "--games", "2"]) == 2
        err = capsys.readouterr().err
        assert says in err
        assert "Traceback" not in err


def test_editing_a_model_files_content_leaves_the_network_as_it_was() -> None:
    """``to_json`` hands out copies: a test or a tool that edits them (another margin, a
    broken weight) must not change the packaged network every later bot shares."""
    network = default_network()
    assert network is not None
    before = network.scores([0.5] * len(STATE_FEATURES), [[0.5] * len(ACTION_FEATURES)])
    data = network.to_json()
    data["layers"][0]["biases"][0] = float("nan")
    data["layers"][0]["weights"][0][0] += 1.0
    assert default_network() == Network.from_json(network.to_json())
    after = network.scores([0.5] * len(STATE_FEATURES), [[0.5] * len(ACTION_FEATURES)])
    assert after == before


def test_simulate_plays_a_model_file_whose_name_has_capitals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``phase10 simulate --bots learned:FILE,greedy``, end to end: the file name keeps its
    case (a lower-cased one would not be found on most systems) and names the bot's row."""
    network = default_network()
    assert network is not None
    model = tmp_path / "Round2" / "Model.JSON"
    model.parent.mkdir()
    model.write_text(json.dumps(network.to_json()), encoding="utf-8")
    status = main(
        ["simulate", "--bots", f"learned:{model},greedy", "--games", "2", "--seed", "1", "--json"]
    )
    assert status == 0
    rows = json.loads(capsys.readouterr().out)["bots"]
    assert [row["bot"] for row in rows] == [f"learned:{model}", "greedy"]
    assert sum(row["wins"] for row in rows) == 2


def test_the_distance_cache_holds_nothing_the_garbage_collector_must_walk() -> None:
    """The bot's cache of hand distances (most of its memory, up to 40,000 entries) is made
    of numbers only, so Python's collector stops tracking it and a long-running process's
    pauses do not grow with it (benchmarks/bench_bots.py measures the pause)."""
    from phase10.games.phase10 import learned as learned_module

    bot = LearnedBot()
    for view in _views(2, 8, 300):
        bot.choose(view, random.Random(0))
    keys = list(learned_module._DISTANCES)
    assert len(keys) > 100
    gc.collect()
    gc.collect()
    assert not any(gc.is_tracked(key) for key in keys)


def test_the_distance_cache_stays_bounded_and_never_empties_at_once() -> None:
    """A long-running process (a server playing ``hard``) asks the cache without end: it
    never holds more than its bound, no dict in it grows past the bound (a dict copies
    itself as it grows), and a full cache loses one entry per new one, never all at once."""
    from phase10.games.phase10.learned import _Memo

    memo = _Memo(1000)
    sizes = []
    for key in range(10_000):
        memo.put(key, key % 7)
        assert len(memo.young) <= 1000
        assert len(memo.old) <= 1000
        sizes.append(len(memo))
    assert max(sizes) == 1000
    assert sizes[999:] == [1000] * (10_000 - 999)  # full from the 1000th on, and stays full
    assert memo.get(9_999) == 9_999 % 7
    assert memo.get(0) is None
    recent = [key for key in range(9_000, 10_000) if memo.get(key) is not None]
    assert len(recent) == 1000  # the newest entries are all kept


def test_the_hint_is_the_move_the_hard_level_would_make() -> None:
    """A hint is what the strongest quick player would do: the ``hard`` level's learned bot,
    also where it overrules ``sharp`` (P10-R13's draw, the discard)."""
    from phase10.games.phase10.game import GAME

    hard, sharp = make_bot("hard"), SharpBot()
    compared = differ = 0
    for view in _views(2, 3, 1500):
        shown = GAME.present(view, ["Ann", "Bob"], "en", hint=True)
        if not shown.moves:
            continue
        assert shown.hint is not None
        move = str(hard.choose(view, random.Random(0)))
        assert move in {m.id for m in shown.moves}
        assert shown.hint.move == move
        differ += move != str(sharp.choose(view, random.Random(0)))
        compared += 1
    assert compared > 300
    assert differ > 0


class _ThrowsBack:
    """A player who takes the discard pile's top whenever it may and throws that very card
    back (D-44 allows it), laying and hitting what it can: it never goes forward alone."""

    name = "throws-back"

    def choose(self, view: Any, rng: random.Random) -> Any:
        legal = view.legal
        for action in legal:
            if isinstance(action, (LayDown, Hit)):
                return action
        if Draw(Source.DISCARD_PILE) in legal:
            return Draw(Source.DISCARD_PILE)
        if Draw(Source.DRAW_PILE) in legal:
            return Draw(Source.DRAW_PILE)
        taken = taken_just_now(view)
        discards = [a for a in legal if isinstance(a, Discard)]
        return next((a for a in discards if a.card == taken), discards[0])


@pytest.mark.parametrize(("seed", "first"), [(5, 0), (8, 0), (8, 1), (9, 1)])
def test_a_game_against_a_player_who_throws_back_what_it_takes_ends(seed: int, first: int) -> None:
    """D-44 lets a player throw back the card they took, so a turn may change nothing. The
    hard level never does (it draws rather than take a card it would throw back, or swap
    for a like one), so such a player cannot hold a hand up against it: these deals went on
    for ever, the two passing one card, or two like cards, to and fro (P10-R13)."""
    rules = find_variant("standard")
    state = new_game(rules, 2, seed)
    bots: list[Any] = [make_bot("hard"), make_bot("hard")]
    bots[first] = _ThrowsBack()
    rngs = [random.Random(f"t:{seat}") for seat in range(2)]
    for _ in range(3_000):
        if state.outcome is not None:
            break
        action = bots[state.current].choose(view_for(state, state.current), rngs[state.current])
        state = apply_action(state, action)
    assert state.outcome is not None
