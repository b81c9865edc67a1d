"""The programmes game line by line (``phase10 play --game programmes``), against bots.

The same habits as the Phase 10 line game (``cli.line_phase10``): one sentence per event, one-key
questions, cards by name (``10H``) or position (``3``), saved after every action, resumable,
and every message in the player's language (``--lang``). The English one-letter commands
work in every language, and so do the Phase 10 game's own words for them (``pioche``,
``défausser``, ``ziehen``...): ``lay`` reveals and ``hit`` extends.
"""

from __future__ import annotations

from typing import Final, cast

from phase10.cli.lines import YES, LineBase
from phase10.explain import explain_illegal, explain_notation
from phase10.games.phase10.actions import Draw, Source
from phase10.games.programmes.actions import (
    DiscardCard,
    Extend,
    Meld,
    ProgrammeAction,
    Reveal,
    SwapProgram,
    parse_programme_action,
)
from phase10.games.programmes.cards import CARD_SYMBOL, PlayingCard
from phase10.games.programmes.narration import narrate_programmes, program_text
from phase10.games.programmes.view import ProgrammeView
from phase10.kernel.errors import IllegalActionError, NotationError
from phase10.kernel.i18n import N_
from phase10.kernel.kinds import Kind
from phase10.kernel.notation import parse_number
from phase10.kernel.state import Stage

HELP: Final = (
    N_("""\
Commands (type them and press Enter):
  d or draw            draw the top card of the draw pile
  t or take            take the top card of the discard pile
  swap                 swap your program card, when the rules allow it
  reveal               list the ways to reveal your program; reveal N shows way N
                       and asks before it reveals (reveal N y: at once)
  meld set 7S 7H JK    lay a new set, once your program is revealed
  extend CARD N [low|high]  add CARD to table combination N
  discard CARD         discard CARD and end your turn
  hint                 ask what a strong computer player would do now
  r or again           hear the last events again
Cards are named like AS, 10H, QD, JK (joker), or given by position in your hand: 3.
A 2 and a joker are wild.
Questions: h hand, m my program, b table, p discard pile, s programs done, w whose turn,
? help, q save and quit.""")
)  #: The one key map's move keys (docs/keys.md), as every client has them.
KEYS: Final = N_(
    "Keys: a lists the moves you can make now, numbered (a number then makes that move); "
    "v the reveals, n a new set, g the extends, e the program swap, i a hint. A move can also "
    "be typed as that list writes it."
)


#: The Phase 10 game's verbs for the programmes game's ones.
_SAME_AS: Final = {"lay": "reveal", "hit": "extend"}


#: The move keys of the one key map (docs/keys.md), typed alone, as the line game's words:
#: ``v`` lists the reveals, ``n`` explains a new set, ``g`` what can be extended, ``e`` swaps
#: the program card, ``i`` is the hint.
MOVE_KEYS: Final = {"v": "reveal", "n": "meld", "g": "extend", "e": "swap", "i": "hint"}
#: The line game's own verbs (after the language's words and the keys are read).
_VERBS: Final = frozenset(
    {
        "d",
        "draw",
        "t",
        "take",
        "swap",
        "hint",
        "r",
        "again",
        "discard",
        "x",
        "reveal",
        "meld",
        "extend",
    }
)


class ProgrammeLineGame(LineBase):
    """The line loop for the person at ``seat``, in language ``lang``."""

    def word(self, verb: str) -> str:
        """The language's word for ``verb``: reveal and extend are the Phase 10 game's lay and
        hit words (``poser``, ``ajouter``), which this game accepts for them."""
        same = {mine: theirs for theirs, mine in _SAME_AS.items()}
        local = super().word(same.get(verb, verb))
        return verb if local in _SAME_AS else local  # English says reveal, not lay

    def begin(self) -> int:
        """Play a new game (the loop tells the deal first)."""
        return self.loop()

    def narrate(self) -> None:
        """Say what the last action did, as this seat may see it."""
        view = self.match.view(self.seat)
        names = self.match.names
        self.tell(narrate_programmes(view.events, names, self.seat, rules=view.rules, lang=self.tr))

    # ------------------------------------------------------------------------ the loop

    def loop(self) -> int:
        self.narrate()
        need_status = True
        while not self.match.is_over:
            if self.takes_over():
                need_status = True
                continue
            if self.match.to_act != self.seat:
                self.match.bot_step()
                self.save()
                self.narrate()
                need_status = True
                continue
            if need_status:
                self.status()
                need_status = False
            try:
                line = input("> ")
            except (EOFError, KeyboardInterrupt):
                print()
                break
            words = line.split()
            if words and self.words.get(words[0].lower(), words[0].lower()) in ("q", "quit"):
                break
            need_status = self.command(line.strip())
        self.save()
        if self.match.state.outcome is None:
            self.say_saved()
        else:
            self.say(N_("Programs completed: {programs}."), programs=self._programs_done())
            self.say_seed()
            if self.save_error is not None:
                self.say_not_saved()
        return self.exit_status

    def _programs_done(self) -> str:
        view = self.match.view(self.seat)
        return self._("; ").join(
            f"{name} {len(p.done)}" for name, p in zip(self.match.names, view.players, strict=True)
        )

    # ------------------------------------------------------------------------ what is shown

    def _hand_line(self, view: ProgrammeView) -> str:
        cards = " ".join(f"{i}:{CARD_SYMBOL[c]}" for i, c in enumerate(view.hand, start=1))
        if not cards:
            return self._("Your hand is empty.")
        return self._("Your hand: {cards}").format(cards=cards)

    def _program_line(self, view: ProgrammeView) -> str:
        if view.program is None:
            return self._("You hold no program this round.")
        text = program_text(view.program, self.tr)
        if view.players[self.seat].revealed:
            return self._("Your program {program} is revealed.").format(program=text)
        return self._("Your program: {program}.").format(program=text)

    def status(self) -> None:
        view = self.match.view(self.seat)
        print(self._program_line(view))
        print(self._hand_line(view))
        if SwapProgram() in view.legal:
            self.say(N_("You may swap your program card before you draw: type swap."))
        if view.stage is Stage.DRAW:
            top = view.discard_top
            if Draw(Source.DISCARD_PILE) in view.legal and top is not None:
                self.say(
                    N_("Draw (d) or take {card} from the discard pile (t)."),
                    card=CARD_SYMBOL[top],
                )
            else:
                self.say(N_("It is your turn: draw a card."))
            return
        reveals = [a for a in view.legal if isinstance(a, Reveal)]
        if reveals:
            print(
                self.tr.ngettext(
                    "You can reveal your program ({count} way): type reveal to see it.",
                    "You can reveal your program ({count} ways): type reveal to see them.",
                    len(reveals),
                ).format(count=len(reveals))
            )
        if any(isinstance(a, Meld) for a in view.legal):
            self.say(N_("You can lay a new set: meld set CARD CARD CARD."))
        extends = self._extend_commands(view)
        if extends:
            # Say which cards fit where, not only that some do.
            self.say(N_("You can extend: {extends}."), extends="; ".join(extends))
        self.say(N_("End your turn with: discard CARD."))

    # ------------------------------------------------------------------------ commands

    def command(self, line: str) -> bool:
        """Handle one line; True when an action was played (the status is shown again)."""
        view = self.match.view(self.seat)
        words = line.split()
        if not words:
            return False
        verb, rest = words[0].lower(), words[1:]
        verb = self.words.get(verb, verb)
        verb = _SAME_AS.get(verb, verb)
        # The one key map's keys (docs/keys.md) for the line game's words.
        verb = MOVE_KEYS.get(verb, verb) if not rest else verb
        number = self.number_of(verb, rest)
        action: ProgrammeAction | None
        if number is not None:
            action = cast("ProgrammeAction | None", self.chosen_action(number))
        elif verb == "a" and not rest:
            self.list_moves()
            return False
        elif rest and ("on" in rest or verb not in _VERBS):
            # A move as the list of moves writes it (extend AS=A+ on 1.0), else the line game's.
            action = cast("ProgrammeAction | None", self.typed_action(line))
            if action is None:
                action = self._read(view, verb, rest)
        else:
            action = self._read(view, verb, rest)
        if action is None:
            return False
        try:
            self.match.play(self.seat, action, self.match.version)
        except IllegalActionError as exc:
            print(explain_illegal(exc, self.tr))
            return False
        self.save()
        self.narrate()
        return True

    def _read(self, view: ProgrammeView, verb: str, rest: list[str]) -> ProgrammeAction | None:
        """The line game's reading of a line; a notation error is said, and gives None."""
        try:
            return self.action(view, verb, rest)
        except NotationError as exc:
            print(explain_notation(exc, self.tr))
            return None

    def card(self, view: ProgrammeView, token: str) -> PlayingCard:
        number = parse_number(token)
        if number is not None and 1 <= number <= len(view.hand):
            return view.hand[number - 1]
        return PlayingCard.from_symbol(token)

    def action(self, view: ProgrammeView, verb: str, rest: list[str]) -> ProgrammeAction | None:
        if verb in ("d", "draw") and not rest:
            return Draw(Source.DRAW_PILE)
        if verb in ("t", "take") and not rest:
            return Draw(Source.DISCARD_PILE)
        if verb == "swap" and not rest:
            return SwapProgram()
        if verb == "hint" and not rest:
            self.say_hint(self._hint_command(view))
            return None
        if verb in ("r", "again") and not rest:
            self.say_again()
            return None
        if verb in ("discard", "x") and len(rest) == 1:
            return DiscardCard(self.card(view, rest[0]))
        if verb == "reveal":
            return self.reveal(view, rest)
        if verb == "meld":
            if not rest:
                # Help lists meld, so meld alone explains itself.
                self.say(N_("Write: meld set CARD CARD CARD, e.g. meld set 7S 7H JK."))
                return None
            parsed = parse_programme_action("meld " + " ".join(rest))
            return Meld(parsed.combo) if isinstance(parsed, Meld) else None
        if verb == "extend":
            if len(rest) in (2, 3) and parse_number(rest[1]) is not None:
                return self.extend(view, rest)
            self.say(
                N_("Write: extend CARD N [low|high], e.g. extend 7H 2 (type b to see the table).")
            )
            extends = self._extend_commands(view)
            if extends:
                self.say(N_("You can extend: {extends}."), extends="; ".join(extends))
            return None
        if verb in ("discard", "x"):
            self.say(N_("Write: discard CARD, e.g. discard 7H or discard 3 (a position)."))
            return None
        self.query(view, verb, " ".join([verb, *rest]))
        return None

    def _extend_commands(self, view: ProgrammeView) -> list[str]:
        """The ``extend`` commands that would play now, one per card and place."""
        numbers = {
            (o, i): n
            for n, (o, i) in enumerate(
                ((o, i) for o, row in enumerate(view.table) for i in range(len(row))), start=1
            )
        }
        out: list[str] = []
        for action in view.legal:
            if not isinstance(action, Extend):
                continue
            combo = view.table[action.owner][action.index]
            end = ""
            if combo.kind is Kind.RUN and action.card.is_wild and action.value >= 0:
                end = " low" if action.value < combo.low else " high"
            number = numbers[action.owner, action.index]
            command = f"{self.word('extend')} {action.card} {number}{end}"
            if command not in out:
                out.append(command)
        return out

    def reveal(self, view: ProgrammeView, rest: list[str]) -> ProgrammeAction | None:
        options = [a for a in view.legal if isinstance(a, Reveal)]
        number = parse_number(rest[0]) if rest else None
        if number is not None:
            if 1 <= number <= len(options):
                return self._confirm_reveal(options[number - 1], rest[1:])
            if not options:
                self.say(N_("You cannot reveal your program now."))
            else:
                self.say(N_("Choose a number from 1 to {count}."), count=len(options))
            return None
        elif rest:
            return parse_programme_action("reveal " + " ".join(rest))
        for number, option in enumerate(options, start=1):
            print(f"{number}: {self._reveal_text(option)}")
        if not options:
            self.say(N_("You cannot reveal your program now."))
        return None

    def _reveal_text(self, option: Reveal) -> str:
        """The combinations a reveal lays, with how many wilds it spends."""
        text = " | ".join(str(c) for c in option.combos)
        wilds = sum(1 for c in option.combos for card in c.cards if card.is_wild)
        if not wilds:
            return text
        spent = self.tr.ngettext("{count} wild", "{count} wilds", wilds).format(count=wilds)
        return f"{text} ({spent})"

    def _confirm_reveal(self, option: Reveal, rest: list[str]) -> ProgrammeAction | None:
        """A reveal by number shows what it lays and asks first
        (``reveal N y`` confirms at once)."""
        self.say(N_("This lays: {combos}."), combos=self._reveal_text(option))
        if rest:
            answer = rest[0]
        else:
            try:
                answer = input(self._("Reveal your program with these cards? (y/n) "))
            except (EOFError, KeyboardInterrupt):
                print()
                answer = ""
        if answer.strip().lower() in YES:
            return option
        self.say(N_("Nothing revealed."))
        return None

    def extend(self, view: ProgrammeView, rest: list[str]) -> ProgrammeAction | None:
        combos = [(o, i) for o, row in enumerate(view.table) for i in range(len(row))]
        number = parse_number(rest[1]) or 0
        if not 1 <= number <= len(combos):
            self.say(N_("There is no combination {number} (type b to see them)."), number=number)
            return None
        owner, index = combos[number - 1]
        card = self.card(view, rest[0])
        combo = view.table[owner][index]
        value = -1
        if len(rest) == 3:
            end = rest[2].lower()
            if end not in ("low", "high"):
                # Any other word was taken as "high" without a word.
                self.say(N_("Say low or high for the end of the run, e.g. extend JK 2 high."))
                return None
            value = combo.low - 1 if end == "low" else combo.high + 1
        return Extend(card, owner, index, value)

    def query(self, view: ProgrammeView, verb: str, line: str = "") -> None:
        if verb in ("?", "help"):
            self.say(HELP)
            self.say(KEYS)
        elif verb in ("h", "hand"):
            print(self._hand_line(view))
        elif verb in ("m", "me", "program"):
            print(self._program_line(view))
        elif verb in ("p", "pile"):
            top = view.discard_top
            if top is None:
                self.say(N_("The discard pile is empty."))
            else:
                count = view.draw_pile_size
                text = self.tr.ngettext(
                    "Top of the discard pile: {card}; the draw pile has {count} card.",
                    "Top of the discard pile: {card}; the draw pile has {count} cards.",
                    count,
                )
                print(text.format(card=CARD_SYMBOL[top], count=count))
        elif verb in ("b", "board", "table"):
            self.show_table(view)
        elif verb in ("s", "scores"):
            self.say(N_("Programs completed: {programs}."), programs=self._programs_done())
        elif verb in ("w", "who"):
            if view.current == self.seat:
                self.say(N_("It is your turn."))
            else:
                self.say(N_("It is {name}'s turn."), name=self.match.names[view.current])
        else:
            self.unknown(line or verb)

    def show_table(self, view: ProgrammeView) -> None:
        rows = [(o, c) for o, row in enumerate(view.table) for c in row]
        if not rows:
            self.say(N_("Nothing is on the table yet."))
            return
        for number, (owner, combo) in enumerate(rows, start=1):
            if owner == self.seat:
                self.say(N_("{number}: your combination {combo}."), number=number, combo=combo)
            else:
                self.say(
                    N_("{number}: {owner}'s combination {combo}."),
                    number=number,
                    owner=self.match.names[owner],
                    combo=combo,
                )
        for player, (name, p) in enumerate(zip(self.match.names, view.players, strict=True)):
            if p.program is not None and player != self.seat:
                self.say(
                    N_("{name} has revealed {program}."),
                    name=name,
                    program=program_text(p.program, self.tr),
                )
        extends = self._extend_commands(view)
        if extends:
            self.say(N_("You can extend: {extends}."), extends="; ".join(extends))

    def _hint_command(self, view: ProgrammeView) -> str:
        """The line command for the move a strong computer player would make now."""
        action = self.suggested_action()
        if isinstance(action, Draw):
            return "d" if action.source is Source.DRAW_PILE else "t"
        if isinstance(action, SwapProgram):
            return "swap"
        if isinstance(action, Reveal):
            options = [a for a in view.legal if isinstance(a, Reveal)]
            if action in options:
                return f"{self.word('reveal')} {options.index(action) + 1} y"
        if isinstance(action, Extend):
            combos = [(o, i) for o, row in enumerate(view.table) for i in range(len(row))]
            combo = view.table[action.owner][action.index]
            end = ""
            if combo.kind is Kind.RUN and action.card.is_wild and action.value >= 0:
                end = " low" if action.value < combo.low else " high"
            number = combos.index((action.owner, action.index)) + 1
            return f"{self.word('extend')} {action.card} {number}{end}"
        if isinstance(action, DiscardCard):
            return f"{self.word('discard')} {action.card}"
        return str(action)
