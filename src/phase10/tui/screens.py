"""Screens over the table: a terminal too small, a yes-or-no question, passing the keyboard
on, the rules. Each is given plain data to show; none holds the game.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Footer, Input, Markdown, Static

from phase10.rulebook_text import Rule, find_rule, load_rulebook, search
from phase10.tui.plain import Plain, plain
from phase10.tui.text import _, current_language, ngettext, translate_bindings

#: The smallest terminal every screen of both games is laid out for.
MIN_WIDTH, MIN_HEIGHT = 80, 24


def too_small_text(width: int, height: int) -> str:
    """The sentence shown instead of the game on a terminal below ``MIN_WIDTH`` x
    ``MIN_HEIGHT``."""
    text = _(
        "The terminal is too small: the game needs at least {min_width}×{min_height} "
        "characters and this one is {width}×{height}. Enlarge the window or make the font "
        "smaller; the game goes on where it was. Ctrl+Q saves and quits."
    )
    return text.format(min_width=MIN_WIDTH, min_height=MIN_HEIGHT, width=width, height=height)


class TooSmallScreen(Screen[None]):
    """Covers everything while the terminal is below the minimum size; the app removes it
    as soon as the terminal is large enough again."""

    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; }
    TooSmallScreen Static { width: 1fr; height: auto; padding: 0 1; text-style: bold; }
    """

    def compose(self) -> ComposeResult:
        yield Plain(too_small_text(*self.app.size), id="too-small")

    def on_resize(self) -> None:
        self.query_one("#too-small", Static).update(too_small_text(*self.app.size))

    def on_screen_resume(self) -> None:
        self.app.call_later(self.app.check_size)  # type: ignore[attr-defined]


def cover_if_too_small(app: App[Any]) -> None:
    """Cover everything with :class:`TooSmallScreen` below ``MIN_WIDTH`` x ``MIN_HEIGHT``,
    and uncover it once the terminal is large enough again (each app's ``check_size``)."""
    width, height = app.size
    small = width < MIN_WIDTH or height < MIN_HEIGHT
    on_top = isinstance(app.screen, TooSmallScreen)
    if small and not on_top:
        app.push_screen(TooSmallScreen())
    elif not small and on_top:
        app.pop_screen()


def answer_key(label: str) -> str | None:
    """The key a yes-or-no button names at the end of its label, in parentheses.

    >>> answer_key("Ja (j)"), answer_key("Oui (o)"), answer_key("Yes")
    ('j', 'o', None)
    """
    found = re.search(r"\((\w)\)\s*$", label)
    return found.group(1).lower() if found else None


class ConfirmScreen(ModalScreen[bool]):
    """A yes-or-no question: y (or the key the button names in the player's language, j
    for "Ja (j)") or Enter on "Yes" answers yes; n or Escape answers no. The question is a
    sentence, so it is read out whole; "No" has the focus, so a stray Enter changes
    nothing."""

    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > Vertical {
        width: 70; max-width: 95%; height: auto; border: thick $warning; background: $surface;
        padding: 1 2;
    }
    ConfirmScreen Static { width: 1fr; }
    ConfirmScreen Horizontal { height: auto; margin: 1 0 0 0; }
    ConfirmScreen Button { margin: 0 2 0 0; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", _("Yes")),
        Binding("n", "answer(False)", _("No")),
        Binding("escape", "answer(False)", _("No"), show=False),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        translate_bindings(self)
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Plain(self.question, id="question")
            with Horizontal():
                yield Button(_("Yes (y)"), id="yes", variant="warning")
                yield Button(_("No (n)"), id="no", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_key(self, event: events.Key) -> None:
        # The buttons name the keys in the player's language ("Ja (j)", "Oui (o)"): those
        # keys answer too, besides y and n, which work in every language.
        for label, yes in ((_("Yes (y)"), True), (_("No (n)"), False)):
            key = answer_key(label)
            if key is not None and event.character is not None and event.character.lower() == key:
                event.stop()
                self.dismiss(yes)
                return

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class PassScreen(Screen[None]):
    """Covers the whole table so no hand shows while the keyboard changes hands."""

    DEFAULT_CSS = """
    PassScreen { align: center middle; }
    PassScreen > Vertical {
        width: 70; height: auto; border: thick $accent; padding: 1 2; background: $surface;
    }
    PassScreen Static { text-align: center; width: 1fr; }
    PassScreen Button { width: 1fr; margin: 1 0 0 0; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "ready", _("I am ready")),
        # q saves and quits here too, as at the table.
        Binding("q", "app.save_quit", _("Quit")),
    ]

    def __init__(self, name: str) -> None:
        super().__init__()
        translate_bindings(self)
        self.player_name = name

    def compose(self) -> ComposeResult:
        with Vertical():
            text = _("Pass the keyboard to {name}.").format(name=self.player_name)
            yield Plain(text, id="pass-title")
            yield Plain(
                _("Every hand is hidden. Press Enter when only {name} can see the screen.").format(
                    name=self.player_name
                )
            )
            text = _("I am {name}: show my hand").format(name=self.player_name)
            yield Button(plain(text), id="ready")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)

    def action_ready(self) -> None:
        self.dismiss(None)


class RulesScreen(ModalScreen[None]):
    """The rules in our own words, with the phases of the rules in play; ``/`` looks a rule
    of the rulebook up by its id (the one a refusal names, ``D-19``) or by a word (``wild``)."""

    DEFAULT_CSS = """
    RulesScreen { align: center middle; }
    RulesScreen > VerticalScroll {
        width: 95%; height: 1fr; border: thick $accent; background: $surface;
    }
    RulesScreen > Input { width: 95%; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", _("Close")),
        Binding("r", "close", _("Close")),
        Binding("q", "close", _("Close")),
        Binding("slash", "look_up", _("Look up a rule")),
    ]

    def __init__(self, markdown: str, game: str | None = None) -> None:
        super().__init__()
        translate_bindings(self)
        self.markdown = markdown
        #: The table's game, whose rules alone a word finds (``None``: both games').
        self.game = game
        #: Whether a rule looked up is shown, in place of the screen's own text.
        self.looked_up = False

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Markdown(self._with_how_to_look_up(self.markdown))
        look_up = Input(
            placeholder=_("A rule's id (D-19) or a word (wild), then Enter"), id="look-up"
        )
        look_up.display = False
        yield look_up
        yield Footer()

    @staticmethod
    def _with_how_to_look_up(markdown: str) -> str:
        how = _(
            "Press / to look up a rule of the rulebook by its id, such as the D-19 a refusal "
            "names, or by a word, such as wild."
        )
        return f"{how}\n\n{markdown}"

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()

    def action_look_up(self) -> None:
        field = self.query_one("#look-up", Input)
        field.display = True
        field.value = ""
        field.focus()

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        wanted = event.value.strip()
        if not wanted:
            return
        await self._show(look_up_markdown(wanted, current_language(), self.game))
        self.looked_up = True
        event.input.value = ""

    async def _show(self, markdown: str) -> None:
        await self.query_one(Markdown).update(markdown)
        self.query_one(VerticalScroll).scroll_home(animate=False)

    async def action_close(self) -> None:
        """Escape (r, q) closes the box of the lookup, then goes back from a rule looked up
        to the screen's own text, then closes the screen."""
        field = self.query_one("#look-up", Input)
        if field.has_focus:
            field.display = False
            self.query_one(VerticalScroll).focus()
        elif self.looked_up:
            self.looked_up = False
            await self._show(self._with_how_to_look_up(self.markdown))
        else:
            self.dismiss(None)


def look_up_markdown(wanted: str, lang: str, game: str | None = None) -> str:
    """The rule ``wanted`` names (an id, in ``lang`` where translated), or the rules of
    ``game`` (``None``: of both games) that mention it (a word), as Markdown; or a sentence
    that there is none.

    >>> look_up_markdown("p10-r6", "en").splitlines()[0]
    '## P10-R06 Wild'
    >>> look_up_markdown("xyzzy", "en")
    "No rule is named or mentions 'xyzzy'. Escape goes back."
    """
    english = load_rulebook("en") or {}
    book = load_rulebook(lang) or english
    rule: Rule | None = find_rule(book, wanted) or find_rule(english, wanted)
    back = _("Escape goes back.")
    if rule is not None:
        return f"## {rule.id} {rule.title}\n\n{rule.text}\n\n{back}"
    found = search(book, wanted, game)
    if not found:
        missing = _("No rule is named or mentions {words}.").format(words=repr(wanted))
        return f"{missing} {back}"
    head = ngettext(
        "{count} rule mentions {words}: press / and type its id to read it.",
        "{count} rules mention {words}: press / and type one's id to read it.",
        len(found),
    ).format(count=len(found), words=repr(wanted))
    items = "\n".join(f"- {rule.id}: {rule.title}" for rule in found)
    return f"{head}\n\n{items}\n\n{back}"
