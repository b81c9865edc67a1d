"""The Phase 10 line game: one person at the keyboard, line by line, against the others.

Made for screen readers and braille displays as much as for scripts: one sentence per event,
no box drawing and no colour (cards are written ``R7``, ``W``, ``S``), one-key queries, cards
chosen by name (``R7``) or by position (``3``). Every line comes from ``input()``, so a script
can play a whole game through standard input; at the end of input the game is saved.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, cast

from phase10.cli.line_phase10_queries import HELP as HELP
from phase10.cli.line_phase10_queries import Phase10Queries, _Quit
from phase10.cli.lines import YES, echoed
from phase10.explain import explain_illegal, explain_notation
from phase10.games.phase10.actions import Action, Discard, Draw, Hit, LayDown, Source, parse_action
from phase10.games.phase10.cards import SKIP_CODE, SYMBOL_OF, WILD_CODE, Card, Colour
from phase10.games.phase10.narration import (
    group_text,
    narrate,
)
from phase10.games.phase10.rules import Kind
from phase10.games.phase10.state import Event, EventKind
from phase10.games.phase10.view import PlayerView
from phase10.kernel.errors import IllegalActionError, NotationError
from phase10.kernel.i18n import N_
from phase10.kernel.notation import parse_number
from phase10.match import Match

#: The move keys of the one key map (docs/keys.md), typed alone, as the line game's words:
#: ``l`` lists the lay-downs, ``g`` what can be hit, ``i`` is the hint (``x`` and the question
#: keys are the line game's own already).
MOVE_KEYS: Final = {"l": "lay", "g": "hit", "i": "hint"}


class LineGame(Phase10Queries):
    """The line-by-line game loop for one person at ``seat``, in language ``lang``."""

    def __init__(
        self,
        match: Match,
        seat: int,
        save_path: str,
        lang: str = "en",
        words: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(match, seat, save_path, lang, words)

    def begin(self) -> int:
        """Tell the deal of a new game, then play it."""
        self.show_events(self.match.view(self.seat).events)
        return self.loop()

    # ------------------------------------------------------------------------ the loop

    def loop(self) -> int:
        try:
            need_status = True
            while not self.match.is_over:
                if self.takes_over():
                    need_status = True
                    continue
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
            self.say_saved()
            return self.exit_status
        self.save()
        self.show_standing()
        self.say_seed()
        if self.save_error is not None:
            self.say_not_saved()
        return self.exit_status

    def _ask(self, prompt: str) -> str:
        try:
            return input(prompt)
        except (EOFError, KeyboardInterrupt):
            print()
            raise _Quit from None

    def _act(self, action: Action | None) -> bool:
        """Play ``action`` (or a bot's move when None); print what happened. False if illegal."""
        try:
            if action is None:
                self.match.bot_step()
            else:
                self.match.play(self.seat, action, self.match.version)
        except IllegalActionError as exc:
            print(explain_illegal(exc, self.tr))
            return False
        self.save()
        self.show_events(self.match.view(self.seat).events)
        return True

    # ------------------------------------------------------------------------ output

    def show_events(self, events: Sequence[Event]) -> None:
        """Say what happened; at the end of a hand also who moves up (the hand's end event
        says so) and the totals."""
        names, rules, tr = self.match.names, self.match.rules, self.tr
        ended = next((i for i, e in enumerate(events) if e.kind is EventKind.HAND_ENDED), None)
        cut = len(events) if ended is None else ended + 1
        self.tell(narrate(events[:cut], names, self.seat, rules=rules, lang=tr))
        if ended is None:
            return
        view = self.match.view(self.seat)
        if view.outcome is None:
            totals = ", ".join(
                f"{name} {p.score}" for name, p in zip(names, view.players, strict=True)
            )
            self.tell([self._("Totals: {totals}.").format(totals=totals)])
        self.tell(narrate(events[cut:], names, self.seat, rules=rules, lang=tr))

    # ------------------------------------------------------------------------ commands

    def _command(self, line: str) -> bool:
        """Handle one line; True when the turn moved on (the status should be shown again)."""
        words = line.split()
        if not words:
            return False
        verb, rest = words[0].lower(), words[1:]
        verb = self.words.get(verb, verb)
        # The one key map's keys (docs/keys.md) for the line game's words.
        verb = MOVE_KEYS.get(verb, verb) if not rest else verb
        view = self.match.view(self.seat)
        number = self.number_of(verb, rest)
        if number is not None:
            chosen = self.chosen_action(number)
            return chosen is not None and self._play(cast(Action, chosen))
        if verb == "a" and not rest:
            self.list_moves()
            return False
        if "on" in rest or "to" in rest:  # a move as the list of moves writes it
            typed = self.typed_action(line)
            if typed is not None:
                return self._play(cast(Action, typed))
        try:
            if verb in ("d", "draw") and not rest:
                return self._play(Draw(Source.DRAW_PILE))
            if verb in ("t", "take") and not rest:
                return self._play(Draw(Source.DISCARD_PILE))
            if verb == "lay":
                return self._lay(view, rest)
            if verb == "hit":
                return self._hit(view, rest)
            if verb in ("discard", "x"):
                return self._discard(view, rest)
            if verb == "hint" and not rest:
                self.say_hint(self._hint_command(view))
                return False
            if verb in ("r", "again") and not rest:
                self.say_again()
                return False
        except NotationError as exc:
            print(explain_notation(exc, self.tr))
            return False
        if rest:
            typed = self.typed_action(line)
            if typed is not None:
                return self._play(cast(Action, typed))
            self.unknown(line.strip())
            return False
        return self._query(verb, view)

    def _play(self, action: Action) -> bool:
        if not self._act(action):
            return False
        if self.match.to_act == self.seat and not self.match.is_over:
            self.show_status()
        return True

    def _card(self, view: PlayerView, token: str) -> Card | None:
        """A card of the hand by position or name; prints why not and returns None."""
        position = parse_number(token)
        if position is not None:
            if not 1 <= position <= len(view.hand):
                self.say_n(
                    self.tr.ngettext(
                        "There is no card at position {position}: you hold {count} card.",
                        "There is no card at position {position}: you hold {count} cards.",
                        len(view.hand),
                    ),
                    len(view.hand),
                    position=position,
                )
                return None
            return view.hand[position - 1]
        return Card.from_symbol(token)

    def _lay(self, view: PlayerView, rest: list[str]) -> bool:
        options = [a for a in view.legal if isinstance(a, LayDown)]
        if rest and parse_number(rest[0]) is None:
            return self._play(parse_action("lay " + " ".join(rest)))
        if not options:
            print(self._why_no_laydown(view))
            return False
        if not rest:
            for number, action in enumerate(options, start=1):
                groups = " | ".join(group_text(g, self.tr) for g in action.groups)
                if action.phase is not None:
                    self.say(
                        N_("{number}: phase {phase}: {groups}"),
                        number=number,
                        phase=action.phase,
                        groups=groups,
                    )
                else:
                    print(f"{number}: {groups}")
            answer = self._ask(
                self._("Which one? Type its number, or press Enter to cancel: ")
            ).strip()
            if not answer:
                return False
            rest = [answer, "y"]  # chosen from the list just shown: no second question
        chosen_number = parse_number(rest[0])
        if chosen_number is None or not 1 <= chosen_number <= len(options):
            self.say(N_("Choose a number from 1 to {count}."), count=len(options))
            return False
        chosen = options[chosen_number - 1]
        # As a reveal by number in the programmes game, a lay-down by number shows what it
        # lays and asks first (lay N y: at once).
        groups = " | ".join(group_text(g, self.tr) for g in chosen.groups)
        self.say(N_("This lays: {combos}."), combos=groups)
        answer = rest[1] if len(rest) > 1 else self._confirm(N_("Lay down these cards? (y/n) "))
        if answer.strip().lower() not in YES:
            self.say(N_("Nothing laid down."))
            return False
        return self._play(chosen)

    def _confirm(self, question: str) -> str:
        try:
            return input(self._(question))
        except (EOFError, KeyboardInterrupt):
            print()
            return ""

    def _hit(self, view: PlayerView, rest: list[str]) -> bool:
        groups = self._groups(view)
        if not rest:
            self._show_table(view)
            hits = self._hit_commands(view)
            if hits:
                self.say(N_("You can hit: {hits}."), hits="; ".join(hits))
            else:
                self.say(N_("You have nothing to hit."))
            return False
        number = parse_number(rest[1]) if len(rest) in (2, 3) else None
        if number is None:
            self.say(N_("Write: hit CARD GROUP-NUMBER, e.g. hit R7 2 (type b to see the groups)."))
            return False
        name, _, value_text = rest[0].partition("=")
        card = self._card(view, name)
        if card is None:
            return False
        if not 1 <= number <= len(groups):
            self.say(
                N_("There is no group {number} on the table (type b to see them)."), number=number
            )
            return False
        owner, index, group = groups[number - 1]
        value = -1
        end = rest[2].lower() if len(rest) == 3 else value_text
        if end in ("low", "high") and group.kind is Kind.RUN:
            value = group.low - 1 if end == "low" else group.high + 1
        elif (typed := parse_number(end)) is not None:
            value = typed
        elif (colour := Colour.find(end)) is not None:
            value = int(colour)
        elif end:
            self.say(N_("Say low or high for the end of the run, e.g. hit W 2 high."))
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
            self.say(N_("Write: discard CARD, e.g. discard R7 or discard 3 (a position)."))
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
                self.say(
                    N_("Say who loses a turn: discard S NAME, where NAME is one of {names}."),
                    names=names,
                )
                return False
            if skips:
                return self._play(skips[0])
        return self._play(Discard(card))

    def _seat(self, token: str) -> int | None:
        names = [n.lower() for n in self.match.names]
        if token.lower() in names:
            return names.index(token.lower())
        number = parse_number(token)
        if number is not None and 1 <= number <= len(names):
            return number - 1
        self.say(
            N_("There is no player {token}: players are {names}."),
            token=echoed(token),
            names=", ".join(self.match.names),
        )
        return None

    def _hint_command(self, view: PlayerView) -> str:
        """The line command for the move a strong computer player would make now."""
        action = self.suggested_action()
        if isinstance(action, Draw):
            return "d" if action.source is Source.DRAW_PILE else "t"
        if isinstance(action, LayDown):
            options = [a for a in view.legal if isinstance(a, LayDown)]
            if action in options:
                return f"{self.word('lay')} {options.index(action) + 1} y"
            return self.word("lay") + " " + " | ".join(group_text(g) for g in action.groups)
        if isinstance(action, Hit):
            numbers = {(o, i): n for n, (o, i, _) in enumerate(self._groups(view), start=1)}
            group = view.table[action.owner][action.index]
            end = ""
            if group.kind is Kind.RUN and action.card == WILD_CODE:
                end = " low" if action.value < group.low else " high"
            number = numbers[action.owner, action.index]
            return f"{self.word('hit')} {SYMBOL_OF[action.card]} {number}{end}"
        if isinstance(action, Discard):
            target = "" if action.target is None else f" {self.match.names[action.target]}"
            return f"{self.word('discard')} {SYMBOL_OF[action.card]}{target}"
        return str(action)
