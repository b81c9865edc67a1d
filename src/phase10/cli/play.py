"""``phase10 play`` and ``phase10 resume``: a line-based game against computer players.

Made for screen readers and braille displays as much as for scripts: one sentence per event,
no box drawing, one-key queries, cards chosen by name (``R7``) or by position (``3``). Every
line comes from ``input()``, so a script can play a whole game through standard input; at
the end of input the game is saved and the command exits normally.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from typing import Any, Final

from phase10.bots import LEVELS, make_bot
from phase10.cli.common import CommandError, add_rules_options, bounded_int, rules_from_args
from phase10.engine.actions import Action, Discard, Draw, Hit, LayDown, Source, parse_action
from phase10.engine.cards import SKIP_CODE, SYMBOL_OF, WILD_CODE, Card
from phase10.engine.errors import IllegalActionError, NotationError
from phase10.engine.groups import Group
from phase10.engine.rules import Kind, Progression
from phase10.engine.state import Event, EventKind, GameState, Stage
from phase10.engine.view import PlayerView
from phase10.match import Match, Seat
from phase10.narrate import describe_progress, narrate

DEFAULT_SAVE: Final = "saves/last-game.json"
COMPUTER_NAMES: Final = ("Ann", "Bob", "Cleo", "Dan", "Eve")

HELP: Final = """\
Commands (type them and press Enter):
  d or draw            draw the top card of the draw pile
  t or take            take the top card of the discard pile
  lay                  list the ways to lay down your phase; lay N picks way N
  lay GROUP | GROUP    lay down groups you type, e.g. lay set R5 B5 W | set G7 R7 Y7
  hit                  list the groups on the table and what you can hit
  hit CARD N [low|high]  hit CARD on table group N (low/high: which end of a run a wild takes)
  discard CARD [NAME]  discard CARD; for a Skip, NAME is the player who loses a turn
Cards are named like R7, B12, W (wild), S (skip), or given by position in your hand: 3.
Questions: h hand, p discard pile, b table, s scores, w whose turn, m my phase, ? help,
q save and quit."""


def register(subparsers: Any) -> None:
    """Add the ``play`` and ``resume`` commands."""
    play = subparsers.add_parser(
        "play",
        help="play a game against computer players in the terminal (line by line)",
        description="Play Phase 10 against computer players, one line at a time.",
        epilog="Type ? during the game for the list of commands.",
    )
    add_rules_options(play)
    play.add_argument(
        "--players",
        type=bounded_int(2, 6),
        default=3,
        help="players in all, you included: 2 to 6 (default: 3)",
    )
    play.add_argument(
        "--opponents",
        metavar="LEVEL",
        default="medium",
        help=f"the computer players' level: {', '.join(LEVELS)} (default: medium)",
    )
    play.add_argument("--name", default="You", help="your name (default: You)")
    play.add_argument(
        "--seed", type=int, default=None, help="the game's seed (default: from the clock)"
    )
    play.add_argument(
        "--plain",
        action="store_true",
        help="line-by-line play for screen readers (currently the only mode)",
    )
    play.add_argument(
        "--save",
        metavar="PATH",
        default=DEFAULT_SAVE,
        help=f"where the game is saved after every move (default: {DEFAULT_SAVE})",
    )
    play.set_defaults(func=run)
    resume = subparsers.add_parser(
        "resume",
        help="go on with a saved game",
        description="Resume a game saved by 'phase10 play'.",
    )
    resume.add_argument(
        "path", nargs="?", default=DEFAULT_SAVE, help=f"the saved game (default: {DEFAULT_SAVE})"
    )
    resume.set_defaults(func=run_resume)


def run(args: argparse.Namespace) -> int:
    """Start a new game and play it; returns 0 (errors are raised for ``main`` to report)."""
    rules = rules_from_args(args)
    try:
        bots = [make_bot(str(args.opponents)) for _ in range(args.players - 1)]
    except ValueError as exc:
        raise CommandError(f"--opponents: {exc}") from None
    seed = args.seed if args.seed is not None else time.time_ns() % 1_000_000_000
    name = str(args.name).strip() or "You"
    others = [n for n in COMPUTER_NAMES if n.lower() != name.lower()]
    seats = [Seat(name), *(Seat(others[i], bot) for i, bot in enumerate(bots))]
    match = Match.start(rules, seats, seed)
    print(f"Seed {seed}: play this game again with --seed {seed}.")
    print(f"Rules: {rules.name}. Players: {', '.join(match.names)}.")
    print("Type ? for help.")
    game = LineGame(match, 0, str(args.save))
    game.show_events(match.state.events, hand=1)
    return game.loop()


def run_resume(args: argparse.Namespace) -> int:
    """Resume a saved game and play on; returns 0 (a bad file raises ``MatchError``)."""
    path = str(args.path)
    match = Match.load(path)
    humans = match.human_seats
    if not humans:
        raise CommandError(f"{path}: no seat in this game is played by a person")
    print(f"Resumed the game from {path} (seed {match.seed}), hand {match.state.hand_number + 1}.")
    print(f"Rules: {match.rules.name}. Players: {', '.join(match.names)}.")
    return LineGame(match, humans[0], path).loop()


class _Quit(Exception):  # noqa: N818 - a signal, named for what it means
    """The player asked to stop, or the input ended."""


class LineGame:
    """The line-by-line game loop for one person at ``seat``."""

    def __init__(self, match: Match, seat: int, save_path: str) -> None:
        self.match = match
        self.seat = seat
        self.save_path = save_path
        self._save_warned = False

    # ------------------------------------------------------------------------ the loop

    def loop(self) -> int:
        try:
            need_status = True
            while not self.match.is_over:
                if self.match.to_act != self.seat:
                    self._act(None)
                    need_status = True
                    continue
                if need_status:
                    self.show_status()
                    need_status = False
                self._command(self._ask("> "))
        except _Quit:
            self.save()
            print(
                f"Game saved to {self.save_path}. Resume it with: phase10 resume {self.save_path}"
            )
            return 0
        self.save()
        self.show_standing()
        return 0

    def _ask(self, prompt: str) -> str:
        try:
            return input(prompt)
        except (EOFError, KeyboardInterrupt):
            print()
            raise _Quit from None

    def _act(self, action: Action | None) -> bool:
        """Play ``action`` (or a bot's move when None); print what happened. False if illegal."""
        before = self.match.state
        try:
            if action is None:
                self.match.bot_step()
            else:
                self.match.play(action)
        except IllegalActionError as exc:
            print(f"Not allowed ({exc.rule}): {exc.message}")
            return False
        self.save()
        self.show_events(
            self.match.view(self.seat).events, hand=before.hand_number + 1, before=before
        )
        return True

    def save(self) -> None:
        try:
            self.match.save(self.save_path)
        except OSError as exc:
            if not self._save_warned:
                print(f"Warning: cannot save to {self.save_path}: {exc.strerror}")
                self._save_warned = True

    # ------------------------------------------------------------------------ output

    def show_events(
        self, events: Sequence[Event], *, hand: int, before: GameState | None = None
    ) -> None:
        """Say what happened; at the end of a hand, also who moves up and the totals."""
        names, rules = self.match.names, self.match.rules
        ended = next((i for i, e in enumerate(events) if e.kind is EventKind.HAND_ENDED), None)
        if ended is None or before is None:
            for line in narrate(events, names, self.seat, rules=rules, hand=hand):
                print(line)
            return
        for line in narrate(events[: ended + 1], names, self.seat, rules=rules, hand=hand):
            print(line)
        after = self.match.state
        for line in describe_progress(before, after, names, self.seat):
            print(line)
        if after.outcome is None:
            print("Totals: " + self._totals(after) + ".")
        for line in narrate(events[ended + 1 :], names, self.seat, rules=rules, hand=hand + 1):
            print(line)

    def _totals(self, state: GameState) -> str:
        return ", ".join(
            f"{name} {p.score}" for name, p in zip(self.match.names, state.players, strict=True)
        )

    def show_status(self) -> None:
        view = self.match.view(self.seat)
        print(self._phase_line(view))
        print(self._hand_line(view))
        if view.stage is Stage.DRAW:
            top = view.discard_top
            if Draw(Source.DISCARD_PILE) in view.legal and top is not None:
                print(f"Draw (d) or take {SYMBOL_OF[top]} from the discard pile (t).")
            else:
                why = "is empty" if top is None else "shows a Skip, which cannot be taken"
                print(f"The discard pile {why}: draw from the draw pile (d).")
            return
        lays = [a for a in view.legal if isinstance(a, LayDown)]
        if lays:
            ways = "1 way" if len(lays) == 1 else f"{len(lays)} ways"
            print(f"You can lay down your phase ({ways}): type lay to see them.")
        hits = self._hit_commands(view)
        if hits:
            print("You can hit: " + "; ".join(hits) + ".")
        print("End your turn with: discard CARD.")

    def _phase_line(self, view: PlayerView) -> str:
        me = view.players[self.seat]
        rules = view.rules
        if me.laid >= 0:
            return f"Your phase {rules.phases[me.laid].number} is down this hand."
        if rules.progression is Progression.PICK_ANY and not view.tiebreak:
            open_phases = [
                str(p.number) for i, p in enumerate(rules.phases) if not me.completed >> i & 1
            ]
            return "Phases you may still lay down: " + ", ".join(open_phases) + "."
        if me.phase is None:
            return "You have completed every phase."
        return f"You are on phase {me.phase.number}: {me.phase.description}."

    def _hand_line(self, view: PlayerView) -> str:
        cards = " ".join(f"{i}:{SYMBOL_OF[c]}" for i, c in enumerate(view.hand, start=1))
        return f"Your hand: {cards}" if cards else "Your hand is empty."

    def _groups(self, view: PlayerView) -> list[tuple[int, int, Group]]:
        return [(o, i, g) for o, groups in enumerate(view.table) for i, g in enumerate(groups)]

    def _hit_commands(self, view: PlayerView) -> list[str]:
        numbers = {(o, i): n for n, (o, i, _) in enumerate(self._groups(view), start=1)}
        out: list[str] = []
        for action in view.legal:
            if not isinstance(action, Hit):
                continue
            group = view.table[action.owner][action.index]
            end = ""
            if group.kind is Kind.RUN and action.card == WILD_CODE:
                end = " low" if action.value < group.low else " high"
            command = f"hit {SYMBOL_OF[action.card]} {numbers[action.owner, action.index]}{end}"
            if command not in out:
                out.append(command)
        return out

    def show_standing(self) -> None:
        state = self.match.state
        result = state.outcome
        if result is None:
            return
        names = self.match.names
        order = sorted(
            range(len(names)),
            key=lambda s: (
                s != result.winner,
                -state.players[s].completed.bit_count(),
                result.totals[s],
                s,
            ),
        )
        print(f"Final standing after {result.hands} hands:")
        for place, seat in enumerate(order, start=1):
            done = state.players[seat].completed.bit_count()
            phases = "1 phase" if done == 1 else f"{done} phases"
            mark = " (winner)" if seat == result.winner else ""
            print(f"{place}. {names[seat]}: {phases} done, {result.totals[seat]} points{mark}")

    # ------------------------------------------------------------------------ commands

    def _command(self, line: str) -> bool:
        """Handle one line; True when the turn moved on (the status should be shown again)."""
        words = line.split()
        if not words:
            return False
        verb, rest = words[0].lower(), words[1:]
        view = self.match.view(self.seat)
        try:
            if verb in ("d", "draw"):
                return self._play(Draw(Source.DRAW_PILE))
            if verb in ("t", "take"):
                return self._play(Draw(Source.DISCARD_PILE))
            if verb == "lay":
                return self._lay(view, rest)
            if verb == "hit":
                return self._hit(view, rest)
            if verb in ("discard", "x"):
                return self._discard(view, rest)
        except NotationError as exc:
            print(f"Could not read that: {exc}")
            return False
        if rest:
            print(f"Unknown command {line.strip()!r}. Type ? for help.")
            return False
        return self._query(verb, view)

    def _play(self, action: Action) -> bool:
        if not self._act(action):
            return False
        if self.match.to_act == self.seat and not self.match.is_over:
            self.show_status()
        return True

    def _query(self, verb: str, view: PlayerView) -> bool:
        if verb in ("q", "quit", "exit"):
            raise _Quit
        if verb in ("?", "help"):
            print(HELP)
        elif verb in ("h", "hand"):
            print(self._hand_line(view))
        elif verb in ("p", "pile"):
            top = view.discard_top
            if top is None:
                print(f"The discard pile is empty. The draw pile has {view.draw_pile_size} cards.")
            else:
                print(
                    f"Top of the discard pile: {SYMBOL_OF[top]} ({len(view.discard_pile)} cards). "
                    f"The draw pile has {view.draw_pile_size} cards."
                )
        elif verb in ("b", "board", "table"):
            self._show_table(view)
        elif verb in ("s", "scores"):
            self._show_scores(view)
        elif verb in ("w", "who"):
            if view.my_turn:
                step = "draw a card" if view.stage is Stage.DRAW else "lay down, hit or discard"
                print(f"It is your turn: {step}.")
            else:
                print(f"It is {self.match.names[view.current]}'s turn.")
        elif verb in ("m", "me", "phase"):
            print(self._phase_line(view))
        else:
            print(f"Unknown command {verb!r}. Type ? for help.")
        return False

    def _show_table(self, view: PlayerView) -> None:
        groups = self._groups(view)
        if not groups:
            print("Nothing is on the table yet.")
            return
        names = self.match.names
        for number, (owner, _, group) in enumerate(groups, start=1):
            whose = "your" if owner == self.seat else f"{names[owner]}'s"
            print(f"{number}: {whose} {group.describe()}: {group}")

    def _show_scores(self, view: PlayerView) -> None:
        parts = []
        for seat, p in enumerate(view.players):
            name = self.match.names[seat]
            where = "done" if p.phase is None else f"phase {p.phase.number}"
            extra = ", laid down" if p.laid >= 0 else ""
            parts.append(f"{name} {p.score} points ({where}{extra}, {p.hand_size} cards)")
        print("Scores: " + "; ".join(parts) + ".")

    def _card(self, view: PlayerView, token: str) -> Card | None:
        """A card of the hand by position or name; prints why not and returns None."""
        if token.isdigit():
            position = int(token)
            if not 1 <= position <= len(view.hand):
                print(f"There is no card at position {position}: you hold {len(view.hand)} cards.")
                return None
            return view.hand[position - 1]
        return Card.from_symbol(token)

    def _lay(self, view: PlayerView, rest: list[str]) -> bool:
        options = [a for a in view.legal if isinstance(a, LayDown)]
        if rest and not rest[0].isdigit():
            return self._play(parse_action("lay " + " ".join(rest)))
        if not options:
            print(self._why_no_laydown(view))
            return False
        if not rest:
            for number, action in enumerate(options, start=1):
                print(f"{number}: {str(action).removeprefix('lay ')}")
            answer = self._ask("Which one? Type its number, or press Enter to cancel: ").strip()
            if not answer:
                return False
            rest = [answer]
        if not rest[0].isdigit() or not 1 <= int(rest[0]) <= len(options):
            print(f"Choose a number from 1 to {len(options)}.")
            return False
        return self._play(options[int(rest[0]) - 1])

    def _why_no_laydown(self, view: PlayerView) -> str:
        me = view.players[self.seat]
        if view.stage is Stage.DRAW:
            return "Not allowed (D-19): draw a card first; a turn starts with a draw."
        if me.laid >= 0:
            return "Not allowed (P10-R16): you have already laid down a phase this hand."
        what = f" ({me.phase})" if me.phase is not None else ""
        return f"Not allowed (P10-R15): your hand does not hold your phase{what} yet."

    def _hit(self, view: PlayerView, rest: list[str]) -> bool:
        groups = self._groups(view)
        if not rest:
            self._show_table(view)
            hits = self._hit_commands(view)
            print("You can hit: " + "; ".join(hits) + "." if hits else "You have nothing to hit.")
            return False
        if len(rest) not in (2, 3) or not rest[1].isdigit():
            print("Write: hit CARD GROUP-NUMBER, e.g. hit R7 2 (type b to see the groups).")
            return False
        name, _, value_text = rest[0].partition("=")
        card = self._card(view, name)
        if card is None:
            return False
        number = int(rest[1])
        if not 1 <= number <= len(groups):
            print(f"There is no group {number} on the table (type b to see them).")
            return False
        owner, index, group = groups[number - 1]
        value = -1
        end = rest[2].lower() if len(rest) == 3 else value_text
        if end in ("low", "high") and group.kind is Kind.RUN:
            value = group.low - 1 if end == "low" else group.high + 1
        elif end.isdigit():
            value = int(end)
        elif end.upper() in ("R", "B", "Y", "G"):
            value = "RBYG".index(end.upper())
        elif end:
            print("Say low or high for the end of the run, e.g. hit W 2 high.")
            return False
        if value < 0:
            matching = [
                a
                for a in view.legal
                if isinstance(a, Hit) and a.card == card and (a.owner, a.index) == (owner, index)
            ]
            if len(matching) == 1:
                return self._play(matching[0])
        return self._play(Hit(card, owner, index, value))

    def _discard(self, view: PlayerView, rest: list[str]) -> bool:
        if not rest or len(rest) > 2:
            print("Write: discard CARD, e.g. discard R7 or discard 3 (a position).")
            return False
        card = self._card(view, rest[0])
        if card is None:
            return False
        if len(rest) == 2:
            target = self._seat(rest[1])
            if target is None:
                return False
            return self._play(Discard(card, target))
        if card == SKIP_CODE:
            skips = [a for a in view.legal if isinstance(a, Discard) and a.card == card]
            if len(skips) > 1:
                names = ", ".join(self.match.names[a.target] for a in skips if a.target is not None)
                print(f"Say who loses a turn: discard S NAME, where NAME is one of {names}.")
                return False
            if skips:
                return self._play(skips[0])
        return self._play(Discard(card))

    def _seat(self, token: str) -> int | None:
        names = [n.lower() for n in self.match.names]
        if token.lower() in names:
            return names.index(token.lower())
        if token.isdigit() and 1 <= int(token) <= len(names):
            return int(token) - 1
        print(f"There is no player {token!r}: players are {', '.join(self.match.names)}.")
        return None
