"""The new-game screen: the game, its rules profile and variants, the seats (each a person
or a computer player with a level) and the names. It returns a ``Setup``; the app deals.

Every game offered is drawn from what it says of itself (``Game.title``, ``rule_profiles``,
``rule_variants``, ``min_players``, ``max_players``): the screen knows no game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Final

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from phase10 import games
from phase10.bots import LEVEL_NAMES, LEVELS
from phase10.kernel.errors import Phase10Error, RulesError
from phase10.kernel.game import Game, rules_in_words
from phase10.kernel.notation import has_control, parse_number
from phase10.seat_names import YOU_WORDS, computer_names
from phase10.tui.plain import Plain, plain
from phase10.tui.text import _, translate_bindings
from phase10.tui.text import current as current_translator

HUMAN: Final = "human"
GIVEN: Final = "__given__"


def _named(rules: Any) -> set[str]:
    """The profile and variants a rule set's name lists (``standard+ten_hands``).

    >>> from phase10.api import find_variant
    >>> sorted(_named(find_variant("fr_mattel+even_phases")))
    ['even_phases', 'fr_mattel']
    """
    return set(str(rules.name).split("+"))


def _game_of(rules: Any, offered: tuple[Game, ...]) -> Game:
    """The game ``rules`` belong to (the registry asks each game); no rules given means the
    first game offered."""
    return offered[0] if rules is None else games.of(rules)


@dataclass(frozen=True, slots=True, kw_only=True)
class Setup:
    """A game to deal: the rules (of any game), each seat's name and level (``None`` for a
    person), a seed."""

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
    """A checkbox whose state shows as a mark (✓ or blank), not by colour alone, and whose
    label wraps: a variant's label says what the rule does, in a sentence longer than a
    column is wide, which a checkbox would cut off."""

    DEFAULT_CSS = """
    TickBox {
        border: none; height: auto; padding: 0 1; width: 1fr;
        text-wrap: wrap; text-overflow: fold;
    }
    TickBox:focus { border: none; background: $boost; }
    """

    def __init__(self, label: str, value: bool = False, *, name: str | None = None) -> None:
        super().__init__(label, value, name=name)
        #: The label as the game says it, without a note on the chosen rules.
        self.said = label
        #: The player's own tick, kept while the chosen rules lock the box ticked.
        self.kept = value

    @property
    def _button(self) -> Content:
        self.BUTTON_INNER = "✓" if self.value else " "
        return super()._button

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        # A checkbox is one line high, whatever its label; a widget is as high as its
        # wrapped text.
        return Widget.get_content_height(self, container, viewport, width)


def _already_in(game: Game, rules: str, variant: str) -> bool:
    """Whether the rules named ``rules`` play as they do with ``variant`` added.

    >>> from phase10 import games
    >>> phase10 = games.get("phase10")
    >>> _already_in(phase10, "de_article", "skip_next_player")
    True
    >>> _already_in(phase10, "standard", "skip_next_player")
    False
    """
    try:
        alone = game.find_rules(rules)
        with_it = game.find_rules(f"{rules}+{variant}")
    except Phase10Error:
        return False
    return bool(alone.flags() == with_it.flags())


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
    NewGameScreen .game-options { height: auto; }
    NewGameScreen .variants { height: auto; }
    NewGameScreen .number Label { width: 24; }
    NewGameScreen .seat Label { width: 8; }
    NewGameScreen .seat Input { width: 13; }
    NewGameScreen .profile-text { color: $text-muted; height: auto; padding: 0 0 0 15; }
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

    def __init__(self, defaults: Defaults, offered: tuple[Game, ...], keys: str = "") -> None:
        """A form for the games ``offered``, the first by default unless ``defaults.rules``
        names another's rules; ``keys`` names the keys of the table (a msgid), for the rules
        screen."""
        super().__init__()
        translate_bindings(self)
        self.defaults = defaults
        self.offered = offered
        self.given = _game_of(defaults.rules, offered)
        self.most_players = max(game.max_players for game in offered)

    def compose(self) -> ComposeResult:
        yield Plain(self._title(self.given), id="title")
        # The game and who plays it come first: on a narrow terminal the columns stack, and
        # the seats must not hide below a long list of variants.
        with VerticalScroll(id="form"), Horizontal(id="columns"):
            with Vertical(id="left"):
                choices = [(_(game.title), game.name) for game in self.offered]
                with Horizontal(classes="row"):
                    yield Label(_("Game"))
                    yield Select(choices, value=self.given.name, allow_blank=False, id="game")
                yield from self._seats()
            with Vertical(id="right"):
                for game in self.offered:
                    yield from self._options(game)
        yield Plain("", id="error")
        with Horizontal(id="buttons"):
            yield Button(_("Start the game"), variant="primary", id="start")
            yield Button(_("Rules"), id="rules")
            yield Button(_("Quit"), id="quit")
        yield Footer()

    def _options(self, game: Game) -> ComposeResult:
        """One game's rules: its profiles, its variants to tick and those that take a number;
        shown only while that game is chosen."""
        d = self.defaults
        profiles: list[tuple[str | Text, str]] = [
            (_(p.label) if p.label else p.name, p.name) for p in game.rule_profiles
        ]
        start = game.default_rules
        if d.rules is not None and game is self.given and d.rules.name != game.default_rules:
            words = rules_in_words(game, d.rules.name, current_translator())
            label = _("As on the command line: {name}").format(name=words)
            # The rules' name comes from a file: text, never markup.
            profiles.insert(0, (plain(label), GIVEN))
            start = GIVEN
        # The variants the command line named stay chosen when another rule set is picked
        # (`--variant n_phases=1`, then the French rules): only their profile changes.
        asked = _named(d.rules) if d.rules is not None and game is self.given else set()
        numbers = dict(part.split("=", 1) for part in asked if "=" in part)
        with Vertical(classes="game-options", id=f"options-{game.name}"):
            with Horizontal(classes="row"):
                yield Label(_("Rules"))
                yield Select(profiles, value=start, allow_blank=False, classes="profile")
            yield Plain("", classes="profile-text")
            ticks = [v for v in game.rule_variants if not v.takes_number]
            if ticks:
                yield Label(_("Variants (space to tick):"))
                with Vertical(classes="variants"):
                    for v in ticks:
                        ticked = v.name in d.variants or v.name in asked
                        label = _(v.label) if v.label else v.name
                        # The colon as the language sets it (French: "Dix donnes :").
                        text = _("{label}: ").format(label=label) + _(v.description)
                        yield TickBox(text, ticked, name=v.name)
            for v in game.rule_variants:
                if v.takes_number:
                    with Horizontal(classes="row number"):
                        yield Label(_(v.label) if v.label else v.name)
                        yield Input(numbers.get(v.name, ""), name=v.name, type="integer")
                    yield Plain(_(v.description), classes="profile-text")

    def _seats(self) -> ComposeResult:
        d = self.defaults
        counts = [(str(n), n) for n in range(2, self.most_players + 1)]
        with Horizontal(classes="row"):
            yield Label(_("Players"))
            yield Select(counts, value=d.players, allow_blank=False, id="players")
        kinds = [(_("Person"), HUMAN)] + [
            (_("Computer: {level}").format(level=_(LEVEL_NAMES[level])), level) for level in LEVELS
        ]
        level = d.level
        if level not in LEVELS:
            # A bot named on the command line (--opponents learned) is offered as it is,
            # not replaced by a level the player did not ask for.
            kinds.append((_("Computer: {level}").format(level=level), level))
        others = computer_names([d.name])
        for seat in range(self.most_players):
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

    @staticmethod
    def _title(game: Game) -> str:
        return _("New game of {game}").format(game=_(game.title))

    def chosen(self) -> Game:
        """The game chosen in the form."""
        name = self.query_one("#game", Select).value
        return next((g for g in self.offered if g.name == name), self.offered[0])

    def _chosen_options(self) -> Vertical:
        return self.query_one(f"#options-{self.chosen().name}", Vertical)

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
        elif event.select.has_class("profile"):
            self._update_profile_text()

    def _update_game(self) -> None:
        """Show only the chosen game's rules, and as many seats as it allows."""
        game = self.chosen()
        for widget in self.query(".game-options"):
            widget.display = widget.id == f"options-{game.name}"
        self.query_one("#title", Static).update(self._title(game))
        # The window's title too, which a screen reader says on a change of window.
        self.app.title = _(game.title)
        players = self.query_one("#players", Select)
        players.set_options([(str(n), n) for n in range(game.min_players, game.max_players + 1)])
        count = self.defaults.players
        players.value = min(max(count, game.min_players), game.max_players)
        self._update_seats()
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
        for seat in range(self.most_players):
            row = self.query_one(f"#seat-{seat}")
            row.display = isinstance(count, int) and seat < count

    def _update_profile_text(self) -> None:
        game = self.chosen()
        options = self._chosen_options()
        profile = options.query_one(".profile", Select).value
        text = ""
        if profile == GIVEN:
            text = _("The rules given on the command line.")
        else:
            found = next((p for p in game.rule_profiles if p.name == profile), None)
            text = _(found.description) if found is not None else ""
        options.query_one(".profile-text", Static).update(text)
        self._mark_included(game, options, profile)

    def _mark_included(self, game: Game, options: Vertical, profile: object) -> None:
        """Tick, and lock, the variants the chosen rules hold already (the German rules'
        Skip on the next player): left blank they said the rules lacked them, and ticked
        again they only repeated them in the rules' name. A variant the profile does not
        hold is free again, as the player had it."""
        base = self.defaults.rules.name if profile == GIVEN and self.defaults.rules else profile
        for box in options.query(TickBox):
            held = _already_in(game, str(base), str(box.name))
            if held and not box.disabled:
                box.kept = box.value
                box.value = True
                box.disabled = True
                box.label = box.said + _(" (in the chosen rules)")
            elif not held and box.disabled:
                box.disabled = False
                box.value = box.kept
                box.label = box.said

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "rules":
            self.action_rules()
        else:
            self.action_quit()

    def action_rules(self) -> None:
        from phase10.tui.rules_text import rules_markdown
        from phase10.tui.screens import RulesScreen

        game = self.chosen()
        try:
            rules = self._rules()
        except Phase10Error:
            rules = game.find_rules(game.default_rules)
        self.app.push_screen(RulesScreen(rules_markdown(rules)))

    def _rules(self) -> Any:
        game = self.chosen()
        options = self._chosen_options()
        profile = options.query_one(".profile", Select).value
        # A variant the chosen rules hold already (locked) is not named twice.
        variants = [
            str(box.name) for box in options.query(TickBox) if box.value and not box.disabled
        ]
        for field_ in options.query(Input):
            if field_.value.strip():
                variants.append(f"{field_.name}={field_.value.strip()}")
        if profile == GIVEN:
            given = self.defaults.rules
            # The rules of the command line, with what is ticked here that they lack; a
            # number is as its field has it now (emptied: that variant is dropped).
            numbers = {str(field_.name) for field_ in options.query(Input)}
            kept = [p for p in str(given.name).split("+") if p.split("=")[0] not in numbers]
            parts = kept + [v for v in variants if v not in kept]
            if set(parts) == _named(given):
                return given
            return game.find_rules("+".join(parts))
        return game.find_rules("+".join([str(profile), *variants]))

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
