"""Regenerate the golden playthroughs in tests/golden/ (DESIGN.md section 5, "golden").

Each file is one seeded game played by a fixed policy for a fixed number of decisions: one
line per action with the state digest after it, and the events it caused indented below.
``tests/test_golden.py`` replays the same games in memory and compares them with the files.

Run it after an intended change to the engine, then review the diff:

    python scripts/regenerate_golden.py
    git diff tests/golden/
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from phase10.api import apply_action, find_variant, legal_actions, new_game
from phase10.games.phase10.actions import Action, Hit, LayDown
from phase10.games.phase10.state import Event, GameState
from phase10.games.programmes.actions import Extend, Meld, ProgrammeAction, Reveal
from phase10.games.programmes.state import ProgrammeEvent, ProgrammeState

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "tests" / "golden"
REGENERATE = "python scripts/regenerate_golden.py"


@dataclass(frozen=True)
class Game:
    """One golden game: rules profile, number of players, seed and number of decisions."""

    profile: str
    players: int
    seed: int
    decisions: int = 400

    @property
    def filename(self) -> str:
        return f"{self.profile}_{self.players}p_seed{self.seed}.txt"


GAMES: tuple[Game, ...] = (
    Game("standard", 3, 1),
    Game("de_article", 2, 2),
    Game("nl_accessible", 4, 3),
    Game("programmes", 3, 4, decisions=300),
)
#: Events whose cards are a whole shuffled order: only their size is written.
_SHUFFLES = ("hand_dealt", "reshuffled", "first_dealer")


def format_event(event: Event | ProgrammeEvent) -> str:
    """One event on one line: its kind, then only the fields that carry something."""
    parts = [event.kind.value]
    if event.seat >= 0:
        parts.append(f"seat {event.seat}")
    if event.kind.value in _SHUFFLES:
        parts.append(f"({len(event.cards)} cards)")
    elif event.cards:
        parts.append(f"[{' '.join(str(c) for c in event.cards)}]")
    if event.target >= 0:
        parts.append(f"-> seat {event.target}")
    groups = event.groups if isinstance(event, Event) else event.combos
    if groups:
        parts.append("{" + " | ".join(str(g) for g in groups) + "}")
    if isinstance(event, ProgrammeEvent) and event.programs:
        parts.append(f"programs={list(event.programs)}")
    if event.scores:
        parts.append(f"scores={list(event.scores)}")
    if event.number:
        parts.append(f"number={event.number}")
    return " ".join(parts)


def choose(rng: random.Random, state: GameState | ProgrammeState) -> Action | ProgrammeAction:
    """The policy: ``rng`` picks among the legal lay-downs, reveals, new sets, hits and
    extensions if any, else among all."""
    actions: Sequence[Action | ProgrammeAction] = legal_actions(state)
    progress = [a for a in actions if isinstance(a, LayDown | Hit | Reveal | Meld | Extend)]
    return rng.choice(progress) if progress else rng.choice(actions)


def render(game: Game) -> str:
    """The golden text of ``game``."""
    state = new_game(find_variant(game.profile), players=game.players, seed=game.seed)
    rng = random.Random(game.seed)
    lines = [
        f"# phase10 golden playthrough; regenerate with: {REGENERATE}",
        f"# rules: {game.profile} | players: {game.players} | seed: {game.seed} "
        f"| decisions: {game.decisions}",
        f"# policy: random.Random({game.seed}) picks among legal lay-downs and hits if any, "
        "else among all legal actions",
        f"   0 start   digest={state.digest()}",
    ]
    lines.extend(f"       {format_event(e)}" for e in state.events)
    for number in range(1, game.decisions + 1):
        if state.outcome is not None:
            break
        seat = state.current
        action = choose(rng, state)
        state = apply_action(state, action)  # type: ignore[arg-type]
        lines.append(f"{number:4d} seat {seat}: {action}   digest={state.digest()}")
        lines.extend(f"       {format_event(e)}" for e in state.events)
    outcome = state.outcome
    ending = "game over: " + repr(outcome) if outcome else f"stopped after {game.decisions}"
    totals = (
        state.outcome.totals if state.outcome else [getattr(p, "score", 0) for p in state.players]
    )
    lines.append(f"# {ending}; hand {state.hand_number}; totals {list(totals)}")
    return "\n".join(lines) + "\n"


def main() -> int:
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    for game in GAMES:
        path = GOLDEN_DIR / game.filename
        path.write_text(render(game), encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
