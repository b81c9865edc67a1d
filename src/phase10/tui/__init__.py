"""The full-screen terminal game (Textual): an interface layer beside ``phase10.cli``.

It may import the application layer and the engine; only the command line imports it, to
launch it. ``choose_new`` shows the new-game screen and returns what it chose;
``play_local`` (``phase10.tui.local``) plays a game at this keyboard with the client of
``phase10 join``, ``play_online`` (``phase10.tui.online_table``) one at a server.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import App
from textual.binding import Binding, BindingType

from phase10 import games
from phase10.tui.newgame import Defaults, NewGameScreen, Setup
from phase10.tui.screens import cover_if_too_small
from phase10.tui.text import _, use_language

__all__ = ["ChooseApp", "Defaults", "Setup", "choose_new"]


class ChooseApp(App[Setup | None]):
    """The new-game screen alone; ``run()`` returns the game chosen, or ``None``."""

    TITLE = "Phase 10"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", _("Quit"), show=False),
    ]

    def __init__(self, defaults: Defaults, lang: str) -> None:
        use_language(lang)
        super().__init__()
        self.defaults = defaults

    def on_mount(self) -> None:
        self.call_later(self.check_size)
        offered = tuple(games.get(name) for name in games.names())
        screen = NewGameScreen(self.defaults, offered)
        self.push_screen(screen, self.exit)

    def on_resize(self) -> None:
        self.call_later(self.check_size)

    def check_size(self) -> None:
        """Cover the form below the minimum size, uncover it when the terminal is large
        enough again."""
        cover_if_too_small(self)


def choose_new(defaults: Defaults, lang: str = "en") -> Setup | None:
    """Show the new-game screen with ``defaults`` filled in; the game chosen, or ``None``
    when the player left."""
    return ChooseApp(defaults, lang).run()
