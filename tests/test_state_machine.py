"""Property tests: a Hypothesis state machine plays random games under random rule sets.

Every legal action applies; a random illegal one raises ``IllegalActionError`` and leaves the
state equal; all 108 cards are always accounted for; exactly one player is to act; totals
never decrease (DESIGN.md section 5).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from phase10.games.phase10.actions import Action, Discard, Draw, Hit, LayDown, Source, parse_action
from phase10.games.phase10.cards import CARDS, SKIP, SYMBOL_OF, full_deck
from phase10.games.phase10.rules import (
    FirstDealer,
    NaturalCardScope,
    Phase3Variant,
    Phase10Variant,
    PhaseSequence,
    Progression,
    RuleSet,
    SkipDelivery,
    SkipLimit,
    SkipTarget,
    Tiebreak,
)
from phase10.games.phase10.state import GameState, Stage
from phase10.games.phase10.turns import (
    apply_action,
    check_action,
    is_legal,
    legal_actions,
    new_game,
)
from phase10.games.phase10.variants import PROFILES, build_rules
from phase10.kernel.errors import IllegalActionError, NotationError
from scenarios.helpers import accounted_cards

FULL = Counter(full_deck())

#: Every flag of B.1 except phase_count, and ours (decision 0032), with all their values.
FLAG_VALUES: dict[str, list[Any]] = {
    "phase3_variant": list(Phase3Variant),
    "phase10_variant": list(Phase10Variant),
    "phase_sequence": list(PhaseSequence),
    "progression": list(Progression),
    "skip_target": list(SkipTarget),
    "skip_delivery": list(SkipDelivery),
    "skip_limit": list(SkipLimit),
    "skip_can_go_out": [True, False],
    "hit_others_on_laydown_turn": [True, False],
    "go_out_requires_discard": [True, False],
    "tiebreak": list(Tiebreak),
    "natural_card_scope": list(NaturalCardScope),
    "first_dealer": list(FirstDealer),
    "wild_from_discard": [True, False],
}


@st.composite
def rule_sets(draw: st.DrawFn) -> RuleSet:
    """A seed profile with some flags changed, and often a short game (small phase_count)."""
    profile = draw(st.sampled_from(sorted(PROFILES)))
    flags: dict[str, object] = {}
    for name, values in FLAG_VALUES.items():
        if draw(st.integers(0, 3)) == 0:
            flags[name] = draw(st.sampled_from(values))
    length = 10 if flags.get("phase_sequence", PhaseSequence.ALL) is PhaseSequence.ALL else 5
    count = draw(st.one_of(st.none(), st.integers(1, 3), st.integers(1, length)))
    if count is not None:
        flags["phase_count"] = min(count, length)
    return build_rules(profile, [], flags)


def progressive(rng: random.Random, state: GameState) -> Action:
    """A random legal action, preferring lay-downs and hits so that games move on."""
    actions = legal_actions(state)
    progress = [a for a in actions if isinstance(a, (LayDown, Hit))]
    return rng.choice(progress) if progress else rng.choice(actions)


def mutate(text: str, rng: random.Random) -> str:
    """``text`` with one token changed: a card, a seat, a group address or a number."""
    tokens = text.split()
    i = rng.randrange(len(tokens))
    token = tokens[i]
    if "." in token and token.replace(".", "").isdigit():
        tokens[i] = f"{rng.randrange(7)}.{rng.randrange(4)}"
    elif token.isdigit():
        tokens[i] = str(rng.randrange(8))
    elif token.startswith("W=") or token.upper() in SYMBOL_OF:
        tokens[i] = rng.choice([*SYMBOL_OF, f"W={rng.randrange(14)}", "W=G"])
    elif token in ("set", "run", "colour"):
        tokens[i] = rng.choice(["set", "run", "colour"])
    elif token in ("draw", "take"):
        tokens[i] = rng.choice(["draw", "take"])
    else:
        tokens.insert(i, rng.choice(SYMBOL_OF))
    return " ".join(tokens)


class GameMachine(RuleBasedStateMachine):
    """One random game per example, under a random rule set."""

    def __init__(self) -> None:
        super().__init__()
        self.state: GameState = new_game(RuleSet(), players=2, seed=0)
        self.totals: tuple[int, ...] = (0, 0)

    @initialize(
        rules=rule_sets(),
        players=st.integers(2, 6),
        seed=st.integers(0, 2**32),
        warmup=st.integers(0, 500),
    )
    def start(self, rules: RuleSet, players: int, seed: int, warmup: int) -> None:
        state = new_game(rules, players=players, seed=seed)
        rng = random.Random(seed)
        for _ in range(warmup):
            if state.stage is Stage.OVER:
                break
            state = apply_action(state, progressive(rng, state))
        self.state = state
        self.totals = tuple(p.score for p in state.players)

    # -------------------------------------------------------------------- legal moves

    @rule(index=st.integers(0, 10**6))
    def play_a_legal_action(self, index: int) -> None:
        actions = legal_actions(self.state)
        if actions:
            self.state = apply_action(self.state, actions[index % len(actions)])

    @rule(seed=st.integers(0, 10**6))
    def play_a_progressive_action(self, seed: int) -> None:
        if self.state.stage is not Stage.OVER:
            self.state = apply_action(self.state, progressive(random.Random(seed), self.state))

    # -------------------------------------------------------------------- illegal moves

    def _rejects(self, action: Action) -> None:
        state = self.state
        before, digest = state, state.digest()
        try:
            apply_action(state, action)
        except IllegalActionError:
            pass
        else:
            raise AssertionError(f"{action} was accepted in stage {state.stage.value}")
        assert not is_legal(state, action)
        assert action not in legal_actions(state)
        assert state == before
        assert state.digest() == digest

    @rule(
        kind=st.sampled_from(
            ["wrong_stage", "card_not_in_hand", "hit_before_laydown", "second_laydown", "skip_self"]
        ),
        index=st.integers(0, 10**6),
    )
    def try_an_illegal_action(self, kind: str, index: int) -> None:
        state = self.state
        player = state.players[state.current]
        hand = player.hand
        action: Action | None = None
        if kind == "wrong_stage":
            if state.stage is Stage.PLAY:
                action = Draw(Source.DRAW_PILE if index % 2 else Source.DISCARD_PILE)
            elif hand:
                action = Discard(hand[index % len(hand)])
        elif kind == "card_not_in_hand":
            missing = [c for c in CARDS if c not in hand]
            action = Discard(missing[index % len(missing)])
        elif kind == "hit_before_laydown":
            if player.laid < 0 and hand:
                action = Hit(hand[index % len(hand)], index % state.num_players, 0, -1)
        elif kind == "second_laydown":
            if player.laid >= 0 and state.table[state.current]:
                action = LayDown(state.table[state.current])
        else:
            action = Discard(SKIP, state.current)
        if action is not None or state.stage is Stage.OVER:
            self._rejects(action or Draw())

    @rule(index=st.integers(0, 10**6), seed=st.integers(0, 10**6))
    def try_a_mutated_legal_action(self, index: int, seed: int) -> None:
        actions = legal_actions(self.state)
        if not actions:
            return
        text = mutate(str(actions[index % len(actions)]), random.Random(seed))
        try:
            action = parse_action(text)
        except NotationError:
            return
        if not is_legal(self.state, action):
            self._rejects(action)

    # -------------------------------------------------------------------- invariants

    @invariant()
    def every_card_is_accounted_for(self) -> None:
        if self.state.stage is not Stage.OVER:
            assert accounted_cards(self.state) == FULL

    @invariant()
    def exactly_one_player_is_to_act(self) -> None:
        state = self.state
        if state.stage is Stage.OVER:
            assert state.outcome is not None
            assert legal_actions(state) == ()
            return
        assert state.outcome is None
        assert state.stage in (Stage.DRAW, Stage.PLAY)
        assert 0 <= state.current < state.num_players
        acting = state.players[state.current]
        assert acting.dealt_in
        assert not acting.skip_pending
        for player in state.players:
            if not player.dealt_in:
                assert not player.hand

    @invariant()
    def totals_never_decrease(self) -> None:
        totals = tuple(p.score for p in self.state.players)
        assert all(now >= then for now, then in zip(totals, self.totals, strict=True))
        self.totals = totals

    @invariant()
    def every_legal_action_passes_the_check(self) -> None:
        actions = legal_actions(self.state)
        assert len(set(actions)) == len(actions)
        if self.state.stage is not Stage.OVER:
            assert actions
        for action in actions:
            check_action(self.state, action)


_BASE = settings()
GameMachine.TestCase.settings = settings(
    _BASE,
    max_examples=max(10, _BASE.max_examples * 3 // 5),
    stateful_step_count=60,
    deadline=None,
)
TestGameMachine = GameMachine.TestCase
