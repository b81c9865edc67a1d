"""The ``Game`` interface: everything a front end, a bot, the simulator, a record or a server
needs of one game, so that none of them ever asks which game it holds.

Each game package (``phase10.games.phase10``, ``phase10.games.programmes``) implements it once;
:mod:`phase10.games` finds it by name (``phase10.games.get("programmes")``). The interface is
a ``Protocol`` so a game is any object with these members; states, actions and views stay the
game's own types (``Any`` here), and only that game's code looks inside them.

>>> from phase10.games import get
>>> game = get("phase10")
>>> state = game.new_game(game.find_rules("standard"), 2, 1)
>>> game.format_action(game.legal_actions(state)[0])
'draw'
>>> game.action_to_json(game.legal_actions(state)[0])
{'type': 'draw', 'source': 'draw_pile'}
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from phase10.kernel.bots import AnyBot
from phase10.kernel.i18n import N_, Translator, translator
from phase10.kernel.presentation import HandSummary, Presentation
from phase10.kernel.state import Outcome


@dataclass(frozen=True, slots=True)
class RuleChoice:
    """A rule profile or variant a new table may choose: its ``name`` as ``find_rules`` reads
    it (``fr_mattel``, ``n_phases``), what it means (an English msgid, translated where it is
    shown), whether the player writes a number after it (``n_phases=3``), and for a variant
    the rules flag it sets and to what, as a rules file writes them (``phase_sequence``,
    ``even``; ``N`` for the number), and its short name in words."""

    name: str
    description: str
    takes_number: bool = False
    flag: str = ""
    value: str = ""
    #: Its short name in words (an English msgid, ``Even phases only``), for a screen or a
    #: page; ``name`` is what a command line types.
    label: str = ""


class RuleChoices(Protocol):
    """What :func:`rules_in_words` reads of a game: its profiles and variants (every
    :class:`Game` has them)."""

    rule_profiles: tuple[RuleChoice, ...]
    rule_variants: tuple[RuleChoice, ...]


def rules_in_words(game: RuleChoices, name: str, lang: str | Translator = "en") -> str:
    """The rule set ``name`` (``fr_mattel+ten_hands+n_phases=3``) said in words in ``lang``:
    each profile's and variant's label, joined by commas, a number after its label. A part
    the game does not list (a rules file's own name) is shown as written, the only words
    there are for it.

    >>> from phase10.games import get
    >>> rules_in_words(get("phase10"), "fr_mattel+ten_hands+n_phases=3")
    'French Mattel sheet, Ten hands, Phases to play: 3'
    >>> rules_in_words(get("phase10"), "Standard+even-phases", "fr")
    'Règles standard, Phases paires seulement'

    Variants alone are played on the game's first profile, which is said first:

    >>> rules_in_words(get("phase10"), "n_phases=2", "de")
    'Standardregeln, Zu spielende Phasen: 2'
    """
    tr = translator(lang) if isinstance(lang, str) else lang
    choices = {c.name: c for c in (*game.rule_profiles, *game.rule_variants)}
    variants = {c.name for c in game.rule_variants}
    parts = name.split("+")
    first = parts[0].strip().lower().replace("-", "_").replace(":", "=").partition("=")[0]
    if first in variants and game.rule_profiles:
        parts.insert(0, game.rule_profiles[0].name)
    words: list[str] = []
    for part in parts:
        # The forms find_rules accepts: any case, "-" for "_", "=" or ":" before a number.
        key, sep, number = part.strip().lower().replace("-", "_").replace(":", "=").partition("=")
        choice = choices.get(key.strip())
        if choice is None or not choice.label:
            words.append(part.strip())
        elif sep and choice.takes_number:
            label = tr.gettext(choice.label)
            words.append(
                tr.gettext(N_("{label}: {number}")).format(label=label, number=number.strip())
            )
        else:
            words.append(tr.gettext(choice.label))
    return ", ".join(w for w in words if w)


@runtime_checkable
class Game(Protocol):
    """One game, as every layer above the games sees it."""

    #: The registry key (``"phase10"``, ``"programmes"``), also written in records and saves.
    name: str
    #: Other names people use for it (``"amuze"``); matched without case.
    aliases: tuple[str, ...]
    #: Its name for people, marked for translation.
    title: str
    #: The rule set a new table plays when no one names one (``"standard"``).
    default_rules: str
    #: The profiles a new table may start from (the first is ``default_rules``) and the
    #: variants it may add to one (``profile+variant+...``), as the lobby and the commands
    #: list them.
    rule_profiles: tuple[RuleChoice, ...]
    rule_variants: tuple[RuleChoice, ...]
    #: The fewest and most players any of its rule sets allows.
    min_players: int
    max_players: int
    #: The package that shows the game to learning agents (``phase10.rl``), or ``None``. Its
    #: ``actions`` module gives the fixed action space (``SIZE``, ``legal_indices``,
    #: ``legal_state``, ``index_of``, ``describe``) and its ``observation`` module the vector of
    #: a seat's view (``SIZE``, ``CARDS``, ``LAYOUT``, ``encode``, ``encode_state``); see
    #: docs/rl.md. A name, not a module, so the engine never imports numpy.
    learning: str | None
    # Optional, read with getattr so that games written before it still register:
    # ``commands``, the module that answers the game's own questions (``check``, ``odds``,
    # its rule options, a one-player study), its ``COMMANDS`` a
    # :class:`~phase10.kernel.commands.GameCommands`; absent or ``None`` when it has none.
    # ``resumed_text``, the line that opens a resumed game in the game's own word for a
    # hand (``{path}``, ``{hand}``), marked for translation; absent: "hand".
    # ``hidden_goal(view, lang)``, what the view's seat works toward that the others do not
    # see (a programmes player's program card), in words and of the seat, for a finished
    # game's replay, where nothing is secret; absent: the game hides no goal.
    # ``chosen_refusal(view, kind, cards, lang)``, why no move of ``kind`` uses every one of
    # ``cards`` (codes of the seat's hand, as a player chose them), a sentence in the game's
    # words (Phase 10: the phase and why the chosen cards cannot make it), or ``None`` where
    # it has none; the full screen at this keyboard says it when a move key finds no such
    # move. Absent: the front end's own words ("No such move uses the chosen cards").

    # ------------------------------------------------------------------------ rules

    def find_rules(self, name: str) -> Any:
        """The rule set ``name`` (a profile with ``+variants``); ``RulesError`` names a bad key."""
        ...

    def owns_rules_name(self, name: str) -> bool:
        """Whether ``name`` (``"programmes+program_swap"``) names one of this game's rule sets."""
        ...

    def rules_from_flags(self, flags: Mapping[str, object], name: str) -> Any:
        """Rebuild a rule set from its ``flags()``, as records store it."""
        ...

    def describe_rules(self, rules: Any, tr: Translator | None = None) -> list[str]:
        """Lines for people, in ``tr``'s language (English by default): the rule set's name
        and how it differs from the baseline (flag names and values stay as typed)."""
        ...

    def rules_text(self, rules: Any, lang: str | Translator = "en") -> str:
        """The game's rules as played under ``rules``, for people, in Markdown, in ``lang``;
        a front end adds its own keys."""
        ...

    def owns(self, thing: object) -> bool:
        """Whether ``thing`` (rules, a state, a view) belongs to this game."""
        ...

    # ------------------------------------------------------------------------ play

    def new_game(self, rules: Any, players: int, seed: int, **setup: Any) -> Any:
        """A dealt game waiting for its first decision (``setup``: preset shuffles)."""
        ...

    def legal_actions(self, state: Any) -> tuple[Any, ...]:
        """Every action the seat to act may take now."""
        ...

    def check(self, state: Any, action: Any) -> None:
        """Raise ``IllegalActionError`` with the rule id unless ``action`` is legal now."""
        ...

    def apply(self, state: Any, action: Any) -> Any:
        """The state after ``action``; an illegal one raises and changes nothing."""
        ...

    def apply_legal(self, state: Any, action: Any) -> Any:
        """``apply`` for an action taken from ``legal_actions(state)`` of this very state; a
        game may skip the checks it would pass (a learning environment's step). Any other
        action must go through ``apply``."""
        ...

    def to_act(self, state: Any) -> int:
        """The seat whose decision the game waits for."""
        ...

    def view(self, state: Any, seat: int, *, events: bool = True) -> Any:
        """What ``seat`` may see now (the one place hidden information is split);
        ``events=False`` leaves out the last action's events, for a caller that reads only
        the table (a learning environment builds a view at every step)."""
        ...

    def public_view(self, state: Any) -> Any:
        """What a spectator may see: no hand, no hidden card, no legal actions."""
        ...

    def seen_by(self, event: Any, seat: int | None) -> Any:
        """``event`` as ``seat`` may know it (``None``: a spectator): hidden cards removed."""
        ...

    def outcome(self, state: Any) -> Outcome | None:
        """``None`` while the game goes on; else the winner, totals and how it ended."""
        ...

    def digest(self, state: Any) -> str:
        """A short hash of everything that matters for play."""
        ...

    def hand_number(self, state: Any) -> int:
        """The 0-based number of the hand (Phase 10) or manche (programmes) being played."""
        ...

    def standing(self, state: Any) -> tuple[int, ...]:
        """Each seat's progress for rankings: phases completed, or programs completed."""
        ...

    def penalty(self, state: Any) -> tuple[int, ...]:
        """Each seat's points, lower being better (0 where the game keeps no points)."""
        ...

    # ------------------------------------------------------------------------ codecs

    def format_action(self, action: Any) -> str:
        """An action in text notation; ``parse_action`` reads it back unchanged."""
        ...

    def parse_action(self, text: str) -> Any:
        """An action from its text notation; ``NotationError`` says where and what."""
        ...

    def format_cards(self, cards: Sequence[int]) -> str:
        """Cards in notation, separated by spaces."""
        ...

    def parse_cards(self, text: str) -> tuple[Any, ...]:
        """Cards from notation; ``NotationError`` names the bad token."""
        ...

    def action_to_json(self, action: Any) -> dict[str, Any]:
        """An action as a JSON object (``{"type": "draw", "source": "draw_pile"}``, cards as
        notation strings); ``action_from_json`` reads it back unchanged. The shape is
        ``docs/schema/{name}-action.schema.json``."""
        ...

    def action_from_json(self, obj: object) -> Any:
        """An action from its JSON object; ``NotationError`` names the bad field's path."""
        ...

    def view_to_json(self, view: Any) -> dict[str, Any]:
        """A seat's view as a JSON object: its hand, the players' public records, the table
        (each card and what it stands for), piles, stage, whose turn, legal actions, events and
        outcome (``docs/schema/{name}-view.schema.json``)."""
        ...

    def event_to_json(self, event: Any) -> dict[str, Any]:
        """An event as a JSON object: its ``kind`` and fields
        (``docs/schema/{name}-event.schema.json``)."""
        ...

    # ------------------------------------------------------------------------ records

    #: The kinds of shuffle a record keeps (``"decks"`` always; the programmes game adds
    #: ``"programs"``); ``new_game`` takes each as a keyword of preset orders.
    shuffle_kinds: tuple[str, ...]

    def shuffles(self, state: Any) -> Mapping[str, Sequence[Sequence[int]]]:
        """The shuffled orders the state's events reveal, by kind (``"decks"``, ...), for a
        record that must replay without depending on Python's random numbers."""
        ...

    def shuffle_count(self, state: Any) -> Mapping[str, int]:
        """How many shuffles of each kind the game has made so far."""
        ...

    def format_shuffle(self, kind: str, order: Sequence[int], rules: Any) -> str:
        """One recorded shuffle as text."""
        ...

    def parse_shuffle(self, kind: str, text: str, rules: Any) -> tuple[int, ...]:
        """One recorded shuffle from text; ``NotationError`` or ``RulesError`` if bad."""
        ...

    # ------------------------------------------------------------------------ narration

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
        """One sentence per event, as ``viewer`` may know it, in ``lang``; with ``words``,
        every card named in words (``red 7``, for a screen reader) rather than notation."""
        ...

    def hand_summary(
        self, event: Any, names: Sequence[str], lang: str | Translator = "en"
    ) -> HandSummary | None:
        """What the end of a hand shows every seat (a title and a small table of each
        player's result), in ``lang``; ``None`` for any other event."""
        ...

    # ------------------------------------------------------------------------ presentation

    def present(
        self,
        view: Any,
        names: Sequence[str],
        lang: str | Translator = "en",
        *,
        hint: bool = False,
        words: bool = False,
    ) -> Presentation:
        """What the view's seat (a spectator for a public view) is shown and may do, in
        ``lang``: the hand, piles, players, the groups on the table, its goal, what it can do
        now and every legal move, with its id, kind and label
        (:mod:`phase10.kernel.presentation`); ``hint``: with the move a strong computer player
        would make; ``words``: the moves' labels, the prompts and the hint name cards in
        words, as narration does for a reader who asked for them. Front ends draw this,
        never the view itself."""
        ...

    # ------------------------------------------------------------------------ bots

    def determinize(self, view: Any, rng: random.Random) -> Any:
        """A full state ``view`` could have come from, the unseen cards dealt by ``rng``."""
        ...

    def bots(self) -> Mapping[str, Callable[[], AnyBot]]:
        """The game's own heuristic bots by name (``greedy``, ...); generic bots are the
        registry's (``phase10.bots``)."""
        ...

    def search_hooks(self) -> Any:
        """The hooks information-set search needs (``phase10.bots.ismcts.SearchGame``)."""
        ...
