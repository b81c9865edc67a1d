"""The new-game screen: the game, the rules profile and variants, 2 to 6 seats, each a person
or a computer player with a level, and the names. It returns a ``Setup``; the app deals.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Final

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from phase10 import games
from phase10.api import find_variant
from phase10.bots import LEVEL_NAMES, LEVELS
from phase10.games.phase10.rules import MAX_PLAYERS, MIN_PLAYERS, RuleSet
from phase10.games.phase10.variants import PROFILE_DESCRIPTIONS, PROFILES, VARIANTS, build_rules
from phase10.kernel.errors import RulesError
from phase10.kernel.notation import has_control, parse_number
from phase10.match import Match, Seat
from phase10.seat_names import YOU_WORDS
from phase10.tui.plain import Plain, plain
from phase10.tui.text import _, translate_bindings

COMPUTER_NAMES: Final = ("Ann", "Bob", "Cleo", "Dan", "Eve")
HUMAN: Final = "human"
GIVEN: Final = "__given__"


def programmes_available() -> bool:
    """Whether the programmes game exists and this screen can deal it (it is shown only then)."""
    try:
        Match.start(find_variant("programmes"), [Seat("A"), Seat("B")], seed=1)
    except Exception:  # any failure means: not playable here
        return False
    return True


def _game_of(rules: Any) -> str:
    """The name of the game ``rules`` belong to (the registry asks each game); no rules
    given means Phase 10's form."""
    return "phase10" if rules is None else games.of(rules).name


def _playable(rules: Any) -> RuleSet:
    if _game_of(rules) != "phase10":
        raise RulesError(_("variants apply to Phase 10 only"))
    playable: RuleSet = rules
    return playable


@dataclass(frozen=True, slots=True, kw_only=True)
class Setup:
    """A game to deal: the rules (Phase 10's or the programmes game's), each seat's name and
    level (``None`` for a person), a seed."""

    rules: Any
    seats: tuple[tuple[str, str | None], ...]
    seed: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Defaults:
    """What the form shows first (from the command line)."""

    rules: Any = None
    players: int = 3
    level: str = "medium"
    name: str = "You"
    seed: int = 1
    variants: tuple[str, ...] = field(default=())
    #: Whether the form shows ``seed``: only when the player gave it. A seed from the clock
    #: stays unseen until the game is over, since it rebuilds every hand.
    show_seed: bool = True


class TickBox(Checkbox):
    """A checkbox whose state shows as a mark (✓ or blank), not by colour alone."""

    DEFAULT_CSS = """
    TickBox { border: none; height: auto; padding: 0 1; width: 1fr; }
    TickBox:focus { border: none; background: $boost; }
    """

    @property
    def _button(self) -> Content:
        self.BUTTON_INNER = "✓" if self.value else " "
        return super()._button


class NewGameScreen(Screen[Setup]):
    """A form; Start (or Ctrl+S) checks it and returns a ``Setup``."""

    DEFAULT_CSS = """
    NewGameScreen { layout: vertical; }
    NewGameScreen #title { text-style: bold; padding: 0 1; height: 1; }
    NewGameScreen #form { height: 1fr; }
    NewGameScreen #columns { height: auto; }
    NewGameScreen #columns > Vertical { width: 1fr; height: auto; padding: 0 1; }
    NewGameScreen.-narrow #columns { layout: vertical; }
    NewGameScreen .row { height: 3; }
    NewGameScreen .row Label { width: 15; padding: 1 1 0 0; }
    NewGameScreen .row Input { width: 1fr; }
    NewGameScreen .row Select { width: 1fr; }
    NewGameScreen #variants { height: auto; }
    NewGameScreen .seat Label { width: 8; }
    NewGameScreen .seat Input { width: 13; }
    NewGameScreen #profile-text { color: $text-muted; height: auto; padding: 0 0 0 15; }
    NewGameScreen #error { color: $error; height: auto; padding: 0 1; }
    NewGameScreen #buttons { height: 3; padding: 0 1; }
    NewGameScreen #buttons Button { margin: 0 2 0 0; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", _("Start")),
        Binding("f1", "rules", _("Rules")),
        Binding("escape", "quit", _("Quit")),
    ]

    #: Below 110 columns the two columns of the form stack into one that scrolls, so
    #: no label or choice is wrapped inside a word at 80 columns.
    # Textual declares it as an instance variable; ClassVar would not type-check.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]  # noqa: RUF012

    def __init__(self, defaults: Defaults) -> None:
        super().__init__()
        translate_bindings(self)
        self.defaults = defaults

    def compose(self) -> ComposeResult:
        d = self.defaults
        yield Plain(self._title(_game_of(d.rules)), id="title")
        with VerticalScroll(id="form"), Horizontal(id="columns"):
            with Vertical(id="left"):
                games = [(_("Phase 10"), "phase10")]
                if programmes_available():
                    games.append((_("Programmes"), "programmes"))
                with Horizontal(classes="row"):
                    yield Label(_("Game"))
                    game = _game_of(d.rules)
                    yield Select(games, value=game, allow_blank=False, id="game")
                profiles: list[tuple[str | Text, str]] = [(name, name) for name in PROFILES]
                start_profile = "standard"
                if (
                    d.rules is not None
                    and _game_of(d.rules) == "phase10"
                    and d.rules.name != "standard"
                ):
                    label = _("As on the command line: {name}").format(name=d.rules.name)
                    # The rules' name comes from a file: text, never markup.
                    profiles.insert(0, (plain(label), GIVEN))
                    start_profile = GIVEN
                with Horizontal(classes="row phase10-only"):
                    yield Label(_("Rules"))
                    yield Select(profiles, value=start_profile, allow_blank=False, id="profile")
                yield Plain("", id="profile-text", classes="phase10-only")
                yield Label(_("Variants (space to tick):"), classes="phase10-only")
                with Vertical(id="variants", classes="phase10-only"):
                    for name, v in VARIANTS.items():
                        if not v.takes_number:
                            yield TickBox(
                                f"{name}: {_(v.description)}", name in d.variants, name=name
                            )
                with Horizontal(classes="row phase10-only"):
                    yield Label(_("Phases to play"))
                    yield Input(placeholder=_("all"), id="phase-count", type="integer")
                # The programmes game's one option (AMZ-R31): shown only for that game.
                swap = _("Program swap (AMZ-R31): a program failed for 3 rounds may be swapped")
                given_swap = _game_of(d.rules) == "programmes" and bool(
                    getattr(d.rules, "program_swap_after", None)
                )
                yield TickBox(swap, given_swap, id="program-swap", classes="programmes-only")
            with Vertical(id="right"):
                counts = [(str(n), n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)]
                with Horizontal(classes="row"):
                    yield Label(_("Players"))
                    yield Select(counts, value=d.players, allow_blank=False, id="players")
                kinds = [(_("Person"), HUMAN)] + [
                    (_("Computer: {level}").format(level=_(LEVEL_NAMES[level])), level)
                    for level in LEVELS
                ]
                level = d.level if d.level in LEVELS else "medium"
                others = [n for n in COMPUTER_NAMES if n.lower() != d.name.lower()]
                for seat in range(MAX_PLAYERS):
                    name = d.name if seat == 0 else others[(seat - 1) % len(others)]
                    if seat == 0 and name == "You":
                        # The default name in the player's language, as the line mode has it.
                        name = _("You")
                    with Horizontal(classes="row seat", id=f"seat-{seat}"):
                        yield Label(_("Seat {number}").format(number=seat + 1))
                        yield Input(value=name, id=f"name-{seat}")
                        kind = HUMAN if seat == 0 else level
                        yield Select(kinds, value=kind, allow_blank=False, id=f"kind-{seat}")
                with Horizontal(classes="row"):
                    yield Label(_("Seed"))
                    yield Input(
                        value=str(d.seed) if d.show_seed else "",
                        placeholder=_("chosen at random"),
                        id="seed",
                        type="integer",
                    )
        yield Plain("", id="error")
        with Horizontal(id="buttons"):
            yield Button(_("Start the game"), variant="primary", id="start")
            yield Button(_("Rules"), id="rules")
            yield Button(_("Quit"), id="quit")
        yield Footer()

    @staticmethod
    def _title(game: str) -> str:
        if game == "programmes":
            return _("New game of Programmes")
        return _("New game of Phase 10")

    def on_mount(self) -> None:
        self._update_seats()
        self._update_game()
        # The first field has the focus, so a first Enter does not start the game.
        self.query_one("#game", Select).focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "players":
            self._update_seats()
        elif event.select.id == "game":
            self._update_game()
        elif event.select.id == "profile":
            self._update_profile_text()

    def _update_game(self) -> None:
        """Show only the chosen game's options: Phase 10's rules, variants and phases, or the
        programmes game's program swap."""
        game = str(self.query_one("#game", Select).value)
        for widget in self.query(".phase10-only"):
            widget.display = game != "programmes"
        for widget in self.query(".programmes-only"):
            widget.display = game == "programmes"
        self.query_one("#title", Static).update(self._title(game))
        self._update_profile_text()

    def action_quit(self) -> None:
        """Escape asks before leaving: a stray key must not lose the form."""
        from phase10.tui.screens import ConfirmScreen

        def answered(yes: bool | None) -> None:
            if yes:
                self.app.exit()

        self.app.push_screen(ConfirmScreen(_("Quit without starting a game?")), answered)

    def _update_seats(self) -> None:
        count = self.query_one("#players", Select).value
        for seat in range(MAX_PLAYERS):
            row = self.query_one(f"#seat-{seat}")
            row.display = isinstance(count, int) and seat < count

    def _update_profile_text(self) -> None:
        game = self.query_one("#game", Select).value
        profile = self.query_one("#profile", Select).value
        text = ""
        if game == "programmes":
            text = ""
        elif profile == GIVEN and _game_of(self.defaults.rules) == "phase10":
            text = _("The rules given on the command line.")
        elif isinstance(profile, str):
            text = _(PROFILE_DESCRIPTIONS[profile]) if profile in PROFILE_DESCRIPTIONS else ""
        self.query_one("#profile-text", Static).update(text)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "rules":
            self.action_rules()
        else:
            self.action_quit()

    def action_rules(self) -> None:
        from phase10.tui.rules_text import programmes_rules_markdown, rules_markdown
        from phase10.tui.screens import RulesScreen

        try:
            rules = self._rules()
        except RulesError:
            rules = RuleSet()
        if _game_of(rules) == "programmes":
            self.app.push_screen(RulesScreen(programmes_rules_markdown(rules)))
            return
        self.app.push_screen(RulesScreen(rules_markdown(rules)))

    def _rules(self) -> Any:
        if self.query_one("#game", Select).value == "programmes":
            swap = self.query_one("#program-swap", TickBox).value
            given = self.defaults.rules
            if _game_of(given) == "programmes" and bool(given.program_swap_after) == swap:
                return given
            return find_variant("programmes+program_swap" if swap else "programmes")
        profile = self.query_one("#profile", Select).value
        variants = [
            str(box.name)
            for box in self.query("#variants TickBox")
            if isinstance(box, TickBox) and box.value
        ]
        count = self.query_one("#phase-count", Input).value.strip()
        if count:
            variants.append(f"n_phases={count}")
        if profile == GIVEN and _game_of(self.defaults.rules) == "phase10":
            if not variants:
                return self.defaults.rules
            # Variants on rules from the command line: rebuild from the name when it is one.
            return _playable(find_variant("+".join([self.defaults.rules.name, *variants])))
        return build_rules(str(profile), variants)

    def action_start(self) -> None:
        error = self.query_one("#error", Static)
        try:
            rules = self._rules()
        except RulesError as exc:
            error.update(_("These rules cannot be played: {reason}").format(reason=exc))
            return
        count = self.query_one("#players", Select).value
        assert isinstance(count, int)
        seats: list[tuple[str, str | None]] = []
        for seat in range(count):
            name = self.query_one(f"#name-{seat}", Input).value.strip()
            kind = self.query_one(f"#kind-{seat}", Select).value
            if not name:
                error.update(_("Seat {number} needs a name.").format(number=seat + 1))
                return
            if has_control(name):
                error.update(
                    _("The name of seat {number} holds a control character.").format(
                        number=seat + 1
                    )
                )
                return
            seats.append((name, None if kind == HUMAN else str(kind)))
        names = [n.lower() for n, _k in seats]
        if len(set(names)) != len(names):
            error.update(_("Each player needs a different name."))
            return
        if all(level is not None for _n, level in seats):
            error.update(_("At least one seat must be played by a person."))
            return
        people = [n for n, level in seats if level is None]
        you = next((n for n in people if n.lower() in YOU_WORDS), None)
        if len(people) > 1 and you is not None:
            # Every sentence names the seat, so a person called "You" among
            # several would read "It is You's turn" to everyone else.
            error.update(
                _(
                    "With several people at the keyboard, each needs their own name, not {name}."
                ).format(name=you)
            )
            return
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = self.defaults.seed
        if seed_text:
            typed = parse_number(seed_text)
            if typed is not None:
                seed = typed
        self.dismiss(Setup(rules=rules, seats=tuple(seats), seed=seed))
