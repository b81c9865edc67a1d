"""Climb, a toy third game: it proves that a game which is neither Phase 10 nor the programmes
game plays through the project's match, server and clients with no file outside its package.

Its own cards, actions, state, views and words (nothing borrowed from the two real games):
a deck of the numbers 1 to 9, four of each; three cards each. On your turn you either play a
card higher than the top of the climb (any card when the climb is empty), or pass: you draw
a card if the draw pile has one, and the climb is cleared. The first player to play their
last card wins; if every player passes in a row with the draw pile empty, the fewest cards
win (rule CLIMB-3).

>>> state = GAME.new_game(GAME.find_rules("climb"), 2, 7)
>>> [GAME.format_action(a) for a in GAME.legal_actions(state)][-1]
'pass'
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from phase10.kernel.bots import AnyBot
from phase10.kernel.errors import IllegalActionError, NotationError
from phase10.kernel.game import RuleChoice
from phase10.kernel.i18n import N_, Translator, translator
from phase10.kernel.messages import MessageTable, register
from phase10.kernel.presentation import (
    CardFace,
    Hint,
    Move,
    Pile,
    PlayerInfo,
    Presentation,
)
from phase10.kernel.state import Outcome

HAND: Final = 3
TOP: Final = 9
COPIES: Final = 4

MESSAGES: Final = register(
    MessageTable(
        "climb",
        {
            "climb.not_your_card": N_("you have no {card}"),
            "climb.too_low": N_("{card} is not higher than {top}"),
            "climb.over": N_("the game is over"),
            "climb.unreadable": N_("not a move of Climb: {text}"),
        },
    )
)


@dataclass(frozen=True, slots=True)
class ClimbRules:
    """Climb has one rule set."""

    name: str = "climb"
    min_players: int = 2
    max_players: int = 4

    def flags(self) -> dict[str, object]:
        return {}


@dataclass(frozen=True, slots=True)
class Play:
    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


ClimbAction = Play | Pass


@dataclass(frozen=True, slots=True)
class ClimbEvent:
    kind: str  # dealt, played, passed, won
    seat: int
    card: int | None = None


@dataclass(frozen=True, slots=True)
class ClimbState:
    rules: ClimbRules
    deck: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    draw: tuple[int, ...]
    climb: tuple[int, ...]
    current: int
    passes: int
    events: tuple[ClimbEvent, ...]
    winner: int | None


@dataclass(frozen=True, slots=True)
class ClimbView:
    rules: ClimbRules
    seat: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    climb: tuple[int, ...]
    draw_size: int
    current: int
    legal: tuple[ClimbAction, ...]
    events: tuple[ClimbEvent, ...]
    winner: int | None


def _deck() -> tuple[int, ...]:
    return tuple(n for n in range(1, TOP + 1) for _ in range(COPIES))


def _legal(state: ClimbState) -> tuple[ClimbAction, ...]:
    if state.winner is not None:
        return ()
    top = state.climb[-1] if state.climb else 0
    plays = tuple(Play(c) for c in sorted(set(state.hands[state.current])) if c > top)
    return (*plays, Pass())


class ClimbGreedy:
    """Climb's own computer player: the lowest card that climbs, else a pass."""

    def __init__(self, name: str = "greedy") -> None:
        self.name = name

    def choose(self, view: ClimbView, rng: random.Random) -> ClimbAction:
        del rng  # it never hesitates
        return view.legal[0]


class ClimbGame:
    """The :class:`~phase10.kernel.game.Game` of Climb."""

    name = "climb"
    aliases: tuple[str, ...] = ()
    title = N_("Climb")
    default_rules = "climb"
    rule_profiles: tuple[RuleChoice, ...] = (RuleChoice("climb", N_("Climb as it is played.")),)
    rule_variants: tuple[RuleChoice, ...] = ()
    min_players = 2
    max_players = 4
    learning: str | None = None
    commands: str | None = None
    shuffle_kinds: tuple[str, ...] = ("decks",)

    # ------------------------------------------------------------------------ rules

    def find_rules(self, name: str) -> ClimbRules:
        if name != "climb":
            raise NotationError("climb.unreadable", text=name)
        return ClimbRules()

    def owns_rules_name(self, name: str) -> bool:
        return name == "climb"

    def rules_from_flags(self, flags: Mapping[str, object], name: str) -> ClimbRules:
        return self.find_rules(name)

    def describe_rules(self, rules: Any, tr: Translator | None = None) -> list[str]:
        return ["climb"]

    def rules_text(self, rules: Any, lang: str | Translator = "en") -> str:
        return "# Climb\n\nPlay a card higher than the last, or pass and draw (CLIMB-1)."

    def owns(self, thing: object) -> bool:
        return isinstance(thing, ClimbRules | ClimbState | ClimbView)

    # ------------------------------------------------------------------------ play

    def new_game(self, rules: Any, players: int, seed: int, **setup: Any) -> ClimbState:
        decks = setup.get("decks") or []
        if decks:
            deck = tuple(decks[0])
        else:
            order = list(_deck())
            random.Random(f"climb:{seed}").shuffle(order)
            deck = tuple(order)
        hands = tuple(deck[i * HAND : (i + 1) * HAND] for i in range(players))
        events = tuple(ClimbEvent("dealt", seat) for seat in range(players))
        return ClimbState(rules, deck, hands, deck[players * HAND :], (), 0, 0, events, None)

    def legal_actions(self, state: ClimbState) -> tuple[ClimbAction, ...]:
        return _legal(state)

    def check(self, state: ClimbState, action: Any) -> None:
        if state.winner is not None:
            raise IllegalActionError("CLIMB-3", "climb.over")
        if isinstance(action, Play):
            if action.card not in state.hands[state.current]:
                raise IllegalActionError("CLIMB-1", "climb.not_your_card", card=str(action.card))
            top = state.climb[-1] if state.climb else 0
            if action.card <= top:
                raise IllegalActionError(
                    "CLIMB-1", "climb.too_low", card=str(action.card), top=str(top)
                )

    def apply(self, state: ClimbState, action: Any) -> ClimbState:
        self.check(state, action)
        return self.apply_legal(state, action)

    def apply_legal(self, state: ClimbState, action: Any) -> ClimbState:
        seat, players = state.current, len(state.hands)
        hands = list(state.hands)
        if isinstance(action, Play):
            hand = list(hands[seat])
            hand.remove(action.card)
            hands[seat] = tuple(hand)
            events = [ClimbEvent("played", seat, action.card)]
            winner = seat if not hand else None
            if winner is not None:
                events.append(ClimbEvent("won", seat))
            return replace(
                state,
                hands=tuple(hands),
                climb=(*state.climb, action.card),
                current=(seat + 1) % players,
                passes=0,
                events=tuple(events),
                winner=winner,
            )
        drawn = state.draw[0] if state.draw else None
        if drawn is not None:
            hands[seat] = (*hands[seat], drawn)
        passes = state.passes + 1 if drawn is None else 0
        events = [ClimbEvent("passed", seat, drawn)]
        winner = None
        if passes >= players:  # CLIMB-3: nobody can move on; the fewest cards win
            winner = min(range(players), key=lambda s: (len(hands[s]), s))
            events.append(ClimbEvent("won", winner))
        return replace(
            state,
            hands=tuple(hands),
            draw=state.draw[1:],
            climb=(),
            current=(seat + 1) % players,
            passes=passes,
            events=tuple(events),
            winner=winner,
        )

    def to_act(self, state: ClimbState) -> int:
        return state.current

    def view(self, state: ClimbState, seat: int, *, events: bool = True) -> ClimbView:
        return self._view(state, seat, events)

    def public_view(self, state: ClimbState) -> ClimbView:
        return self._view(state, -1, True)

    def _view(self, state: ClimbState, seat: int, events: bool) -> ClimbView:
        mine = seat == state.current and state.winner is None
        return ClimbView(
            rules=state.rules,
            seat=seat,
            hand=tuple(sorted(state.hands[seat])) if seat >= 0 else (),
            hand_sizes=tuple(len(h) for h in state.hands),
            climb=state.climb,
            draw_size=len(state.draw),
            current=state.current,
            legal=_legal(state) if mine else (),
            events=tuple(self.seen_by(e, seat) for e in state.events) if events else (),
            winner=state.winner,
        )

    def seen_by(self, event: ClimbEvent, seat: int | None) -> ClimbEvent:
        if event.kind == "passed" and event.seat != seat:
            return replace(event, card=None)  # a drawn card is the drawer's secret
        return event

    def outcome(self, state: ClimbState) -> Outcome | None:
        if state.winner is None:
            return None
        totals = tuple(len(h) for h in state.hands)
        return Outcome(winner=state.winner, totals=totals, reason="climbed", hands=1)

    def digest(self, state: ClimbState) -> str:
        key = repr((state.hands, state.draw, state.climb, state.current, state.passes))
        return hashlib.sha256(key.encode()).hexdigest()[:16]

    def hand_number(self, state: ClimbState) -> int:
        return 0

    def standing(self, state: ClimbState) -> tuple[int, ...]:
        return tuple(int(seat == state.winner) for seat in range(len(state.hands)))

    def penalty(self, state: ClimbState) -> tuple[int, ...]:
        return tuple(len(h) for h in state.hands)

    # ------------------------------------------------------------------------ codecs

    def format_action(self, action: Any) -> str:
        return str(action)

    def parse_action(self, text: str) -> ClimbAction:
        words = text.split()
        if words == ["pass"]:
            return Pass()
        if len(words) == 2 and words[0] == "play" and words[1].isdigit():
            return Play(int(words[1]))
        raise NotationError("climb.unreadable", text=text)

    def format_cards(self, cards: Sequence[int]) -> str:
        return " ".join(str(c) for c in cards)

    def parse_cards(self, text: str) -> tuple[int, ...]:
        return tuple(int(t) for t in text.split())

    def action_to_json(self, action: Any) -> dict[str, Any]:
        if isinstance(action, Play):
            return {"type": "play", "card": str(action.card)}
        return {"type": "pass"}

    def action_from_json(self, obj: object) -> ClimbAction:
        if isinstance(obj, dict) and obj.get("type") == "pass":
            return Pass()
        if isinstance(obj, dict) and obj.get("type") == "play" and str(obj.get("card")).isdigit():
            return Play(int(str(obj["card"])))
        raise NotationError("climb.unreadable", text=str(obj)[:40])

    def view_to_json(self, view: ClimbView) -> dict[str, Any]:
        return {
            "game": "climb",
            "rules": view.rules.name,
            "seat": view.seat,
            "hand": [str(c) for c in view.hand],
            "players": [{"hand_size": n} for n in view.hand_sizes],
            "climb": [str(c) for c in view.climb],
            "draw_pile_size": view.draw_size,
            "current": view.current,
            "legal": [self.action_to_json(a) for a in view.legal],
            "events": [self.event_to_json(e) for e in view.events],
            "outcome": None if view.winner is None else {"winner": view.winner},
        }

    def event_to_json(self, event: Any) -> dict[str, Any]:
        card = None if event.card is None else str(event.card)
        return {"kind": event.kind, "seat": event.seat, "card": card}

    # ------------------------------------------------------------------------ records

    def shuffles(self, state: ClimbState) -> Mapping[str, Sequence[Sequence[int]]]:
        return {"decks": [state.deck]}

    def shuffle_count(self, state: ClimbState) -> Mapping[str, int]:
        return {"decks": 1}

    def format_shuffle(self, kind: str, order: Sequence[int], rules: Any) -> str:
        return " ".join(str(c) for c in order)

    def parse_shuffle(self, kind: str, text: str, rules: Any) -> tuple[int, ...]:
        return tuple(int(t) for t in text.split())

    # ------------------------------------------------------------------------ words

    def hand_summary(self, event: Any, names: Sequence[str], lang: Any = "en") -> None:
        return None  # one hand is the whole game: its end is the game's result

    def narrate(
        self,
        events: Sequence[Any],
        names: Sequence[str],
        viewer: int | None,
        *,
        rules: Any,
        lang: str | Translator = "en",
        words: bool = False,
    ) -> list[str]:
        del words  # a Climb card is a number: its notation is its word
        tr = translator(lang) if isinstance(lang, str) else lang
        out = []
        for event in events:
            name = names[event.seat]
            if event.kind == "played":
                out.append(
                    tr.gettext("{name} climbs to {card}.").format(name=name, card=event.card)
                )
            elif event.kind == "passed":
                out.append(tr.gettext("{name} passes; the climb starts again.").format(name=name))
            elif event.kind == "won":
                out.append(tr.gettext("{name} wins Climb.").format(name=name))
        return out

    def present(
        self,
        view: ClimbView,
        names: Sequence[str],
        lang: str | Translator = "en",
        *,
        hint: bool = False,
        words: bool = False,
    ) -> Presentation:
        del words  # a Climb card is a number: its notation is its word
        tr = translator(lang) if isinstance(lang, str) else lang

        def face(card: int) -> CardFace:
            return CardFace(str(card), f"step {card}", False, "step", card, card)

        seat = view.seat if view.seat >= 0 else None
        top = view.climb[-1] if view.climb else None
        moves = tuple(
            Move(
                id=str(a),
                kind="play" if isinstance(a, Play) else "draw",
                label=f"Climb to {a.card}" if isinstance(a, Play) else "Pass and draw",
                cards=(str(a.card),) if isinstance(a, Play) else (),
                target=None,
                action=self.action_to_json(a),
            )
            for a in view.legal
        )
        over = view.winner is not None
        players = tuple(
            PlayerInfo(
                seat=s,
                name=names[s],
                you=s == view.seat,
                to_act=s == view.current and not over,
                dealer=False,
                cards=n,
                points=None,
                progress=int(s == view.winner),
                progress_text="won" if s == view.winner else "climbing",
                goal="Play every card",
                status=(),
                summary=f"{names[s]}: {n} cards",
            )
            for s, n in enumerate(view.hand_sizes)
        )
        if over:
            turn = "The game is over."
        elif view.current == view.seat:
            turn = "It is your turn: climb or pass."
        else:
            turn = f"It is {names[view.current]}'s turn."
        return Presentation(
            game="climb",
            title=tr.gettext(self.title),
            heading="Climb",
            rules="climb",
            hand_number=0,
            seat=seat,
            hand=tuple(face(c) for c in view.hand),
            piles=(
                Pile("draw", "Draw pile", view.draw_size),
                Pile("discard", "The climb", len(view.climb), None if top is None else face(top)),
            ),
            players=players,
            table=(),
            table_label="Nothing else is on the table",
            table_empty="The table holds only the climb.",
            sorts=("By step", "By step"),
            progress_label="Won",
            goal="Play every card, each higher than the last.",
            turn=turn,
            prompts=("Climb with a higher card, or pass.",) if moves else (),
            moves=moves,
            over=over,
            # Climb's two moves have no key of the key map: there is nothing a key refuses.
            refusals={},
            hint=Hint(moves[0].id, f"Hint: {moves[0].label}.") if hint and moves else None,
        )

    # ------------------------------------------------------------------------ bots

    def determinize(self, view: ClimbView, rng: random.Random) -> ClimbState:
        unseen = list(_deck())
        for card in (*view.hand, *view.climb):
            unseen.remove(card)
        rng.shuffle(unseen)
        hands = []
        for seat, size in enumerate(view.hand_sizes):
            if seat == view.seat:
                hands.append(view.hand)
            else:
                hands.append(tuple(unseen[:size]))
                unseen = unseen[size:]
        return ClimbState(
            ClimbRules(),
            _deck(),
            tuple(hands),
            tuple(unseen[: view.draw_size]),
            view.climb,
            view.current,
            0,
            (),
            view.winner,
        )

    def bots(self) -> Mapping[str, Callable[[], AnyBot]]:
        return {"greedy": ClimbGreedy}

    def search_hooks(self) -> Any:
        return None


GAME: Final = ClimbGame()
