"""``phase10 play --game programmes``: the programmes game line by line, against bots.

The same habits as the Phase 10 line game: one sentence per event, one-key questions, cards
by name (``10H``) or position (``3``), saved after every action and resumable.
"""

from __future__ import annotations

import argparse
import time
from typing import Final

from phase10.bots import make_bot
from phase10.cli.common import CommandError
from phase10.cli.programmes_cli import programme_rules
from phase10.engine.actions import Draw, Source
from phase10.engine.errors import IllegalActionError, NotationError
from phase10.engine.programmes.actions import (
    DiscardCard,
    Extend,
    Meld,
    ProgrammeAction,
    Reveal,
    SwapProgram,
    parse_programme_action,
)
from phase10.engine.programmes.cards import PlayingCard
from phase10.engine.programmes.view import ProgrammeView
from phase10.engine.state import Stage
from phase10.match import ProgrammeMatch, Seat
from phase10.narrate_programmes import narrate_programmes

NAMES: Final = ("Ann", "Bob", "Cleo", "Dan", "Eve")
HELP: Final = """\
Commands: d draw, t take the discard pile's top, swap (swap your program, when allowed),
reveal (list the ways to reveal your program; reveal N picks one), meld set 7S 7H JK,
extend CARD N [low|high] (add CARD to table combination N), discard CARD.
Cards by name (AS, 10H, QD, JK) or by position in your hand (3).
Questions: h hand, m my program, b table, p discard pile, s programs done, ? help, q quit."""


def run(args: argparse.Namespace) -> int:
    """Start a programmes game and play it line by line."""
    rules = programme_rules(args)
    try:
        bots = [make_bot(str(args.opponents)) for _ in range(args.players - 1)]
    except ValueError as exc:
        raise CommandError(f"--opponents: {exc}") from None
    seed = args.seed if args.seed is not None else time.time_ns() % 1_000_000_000
    seats = [Seat(args.name or "You"), *(Seat(NAMES[i], bot) for i, bot in enumerate(bots))]
    match = ProgrammeMatch.start(rules, seats, seed)
    print(f"Seed {seed}. The programmes game: {rules.name}. Players: {', '.join(match.names)}.")
    print("Type ? for help.")
    return ProgrammeLineGame(match, 0, str(args.save)).loop()


class ProgrammeLineGame:
    """The line loop for the person at ``seat``."""

    def __init__(self, match: ProgrammeMatch, seat: int, save_path: str) -> None:
        self.match = match
        self.seat = seat
        self.save_path = save_path

    def say(self) -> None:
        """Say what the last action did, as this seat may see it."""
        view = self.match.view(self.seat)
        for line in narrate_programmes(view.events, self.match.names, self.seat, rules=view.rules):
            print(line)

    def loop(self) -> int:
        self.say()
        while not self.match.is_over:
            if self.match.to_act != self.seat:
                self.match.bot_step()
                self.say()
                continue
            self.status()
            try:
                line = input("> ")
            except (EOFError, KeyboardInterrupt):
                print()
                break
            if line.strip().lower() in ("q", "quit"):
                break
            self.command(line.strip())
        self.match.save(self.save_path)
        result = self.match.state.outcome
        if result is None:
            print(
                f"Game saved to {self.save_path}. Resume it with: phase10 resume {self.save_path}"
            )
        else:
            winner = self.match.names[result.winner]
            print(f"{winner} wins with {result.totals[result.winner]} programs.")
        return 0

    def status(self) -> None:
        view = self.match.view(self.seat)
        print("Your hand: " + " ".join(f"{i}:{c}" for i, c in enumerate(view.hand, start=1)))
        if view.stage is Stage.DRAW:
            top = view.discard_top
            print(
                f"Draw (d) or take {top} (t)."
                if Draw(Source.DISCARD_PILE) in view.legal
                else "Draw (d)."
            )

    def command(self, line: str) -> None:
        view = self.match.view(self.seat)
        words = line.split()
        if not words:
            return
        verb, rest = words[0].lower(), words[1:]
        try:
            action = self.action(view, verb, rest)
        except NotationError as exc:
            print(f"Could not read that: {exc}")
            return
        if action is None:
            return
        try:
            self.match.play(action)
        except IllegalActionError as exc:
            print(f"Not allowed ({exc.rule}): {exc.message}")
            return
        self.match.save(self.save_path)
        self.say()

    def card(self, view: ProgrammeView, token: str) -> PlayingCard:
        if token.isdigit() and 1 <= int(token) <= len(view.hand):
            return view.hand[int(token) - 1]
        return PlayingCard.from_symbol(token)

    def action(self, view: ProgrammeView, verb: str, rest: list[str]) -> ProgrammeAction | None:
        if verb in ("d", "draw"):
            return Draw(Source.DRAW_PILE)
        if verb in ("t", "take"):
            return Draw(Source.DISCARD_PILE)
        if verb == "swap":
            return SwapProgram()
        if verb in ("discard", "x") and len(rest) == 1:
            return DiscardCard(self.card(view, rest[0]))
        if verb == "reveal":
            options = [a for a in view.legal if isinstance(a, Reveal)]
            if rest and rest[0].isdigit() and 1 <= int(rest[0]) <= len(options):
                return options[int(rest[0]) - 1]
            if rest:
                return parse_programme_action("reveal " + " ".join(rest))
            for number, option in enumerate(options, start=1):
                print(f"{number}: {str(option).removeprefix('reveal ')}")
            if not options:
                print("You cannot reveal your program now.")
            return None
        if verb == "meld" and rest:
            return Meld(parse_programme_action("meld " + " ".join(rest)).combo)  # type: ignore[union-attr]
        if verb == "extend" and len(rest) in (2, 3) and rest[1].isdigit():
            return self.extend(view, rest)
        self.query(view, verb)
        return None

    def extend(self, view: ProgrammeView, rest: list[str]) -> ProgrammeAction | None:
        combos = [(o, i) for o, row in enumerate(view.table) for i in range(len(row))]
        number = int(rest[1])
        if not 1 <= number <= len(combos):
            print(f"There is no combination {number} (type b to see them).")
            return None
        owner, index = combos[number - 1]
        card = self.card(view, rest[0])
        combo = view.table[owner][index]
        value = -1
        if len(rest) == 3:
            value = combo.low - 1 if rest[2].lower() == "low" else combo.high + 1
        return Extend(card, owner, index, value)

    def query(self, view: ProgrammeView, verb: str) -> None:
        if verb in ("?", "help"):
            print(HELP)
        elif verb in ("h", "hand"):
            print(" ".join(str(c) for c in view.hand))
        elif verb in ("m", "me", "program"):
            print(f"Your program: {view.program}" if view.program else "You hold no program.")
        elif verb in ("p", "pile"):
            print(f"Top of the discard pile: {view.discard_top}; reserve: {view.draw_pile_size}.")
        elif verb in ("b", "table"):
            rows = [(o, c) for o, row in enumerate(view.table) for c in row]
            for number, (owner, combo) in enumerate(rows, start=1):
                print(f"{number}: {self.match.names[owner]}: {combo}")
            if not rows:
                print("Nothing is on the table yet.")
        elif verb in ("s", "scores"):
            print(
                "; ".join(
                    f"{n} {len(p.done)}"
                    for n, p in zip(self.match.names, view.players, strict=True)
                )
            )
        else:
            print(f"Unknown command {verb!r}. Type ? for help.")
