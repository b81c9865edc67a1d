"""The table's own sentences (seats taken, players gone and back, errors of the protocol),
marked for the catalogs and rendered per recipient, at a server or at a local table: a notice
is stored as a key and its parameters, and each client reads it in its own language.

>>> render_notice("web.joined", {"name": "Ann"}, "en")
'Ann joins the table.'
"""

from __future__ import annotations

from typing import Any, Final

from phase10.bots import LEVEL_NAMES
from phase10.kernel.i18n import N_, Translator, translator

__all__ = ["LEAVE_REASON", "NOTICES", "render_notice"]

#: The WebSocket close reason (with code 1000) of a client whose person leaves on purpose
#: (docs/protocol.md): the others read ``web.left_table``, not ``web.left``.
LEAVE_REASON: Final = "leave"

NOTICES: Final[dict[str, str]] = {
    "web.joined": N_("{name} joins the table."),
    # {players}: every seat in order, a computer with its level (see render_notice), so that
    # one who heard the seats before the computers had names knows who they are.
    "web.started": N_("The game starts: {players}."),
    # {seconds} is rendered with its noun ("1 second", "90 seconds"): see render_notice.
    "web.left": N_("{name} has lost the connection; the seat is kept for {seconds}."),
    # The same, when the person left on purpose (the page's Leave, the terminal's q).
    "web.left_table": N_("{name} has left the table; the seat is kept for {seconds}."),
    "web.taken_over": N_("A computer player plays for {name} until they come back."),
    "web.back": N_("{name} is back."),
    # To a person back after a computer played for them, before what they missed, whose
    # sentences say "you" for the computer's moves.
    "web.played_for_you": N_(
        "While you were away a computer player played for you: the moves told below as "
        "yours were its moves."
    ),
    # The turn timer ran out (phase10.web.turn_clock): once, then the second time in a row.
    "web.timed_out": N_("Time ran out: a computer player plays {name}'s turn."),
    "web.timed_out_taken_over": N_(
        "Time ran out again: a computer player plays for {name} until they make a move."
    ),
    # The same, to the person whose turn it was.
    "web.timed_out_you": N_("Time ran out: a computer player plays this turn for you."),
    "web.timed_out_taken_over_you": N_(
        "Time ran out again: a computer player plays for you until you are back; any move, "
        "hint or chat message of yours gives you your seat again."
    ),
    "web.replaced": N_("A computer player ({level}) now plays for {name}."),
    # The owner opened a computer's seat to a person in a game under way (decision 0028).
    "web.opened": N_(
        "Seat {seat} ({name}) is open: whoever takes it with the table's invitation plays on "
        "with its cards; a computer player plays it until then."
    ),
    "web.took_seat": N_("{name} takes seat {seat} and plays on with its cards and score."),
    # To the person who took it, once, as they arrive: the seat is theirs as it stands.
    "web.you_took_seat": N_(
        "You play seat {seat} from where it stands: its cards, its groups on the table and "
        "its score are yours now."
    ),
    "web.opened_waiting": N_("Seat {seat} is free again for a person."),
    # A quick-match table (decision 0014), to each connection that arrives before its start.
    "web.quick_wait": N_(
        "The game starts by itself in {seconds}, or as soon as every seat is taken: "
        "a computer player takes each seat nobody has taken by then."
    ),
    # Every person has left a game in play: its computer players wait (decision 0016).
    "web.paused": N_("Nobody is playing at this table now: the game waits until a player is back."),
    "web.going_on": N_("{name} is at the table: the game goes on."),
    "web.over": N_("The game is over."),
    "web.rematch": N_("A rematch is ready at a new table."),
    # Errors answered to one client.
    "web.not_your_turn": N_("It is not your turn."),
    # Off the seat's turn, whose turn it is, as the table's keys say it (kernel.table_words).
    "web.turn_of": N_("It is {name}'s turn, not yours."),
    "web.stale": N_("The game has moved on since you chose; look at the table again."),
    "web.game_over": N_("The game is over."),
    "web.not_started": N_("The game has not started yet."),
    "web.spectator": N_("Spectators watch; they cannot play."),
    "web.bad_message": N_("The server could not read that message: {detail}."),
    "web.too_fast": N_("Too many messages; wait a moment."),
    "web.too_big": N_("That message is too long."),
    "web.server_error": N_("The server could not store that move; nothing was changed."),
    "web.bad_action": N_("That is not an action of this game: {detail}."),
    "web.protocol_version": N_(
        "This program speaks version {client} of the table protocol and this server speaks "
        "versions {oldest} to {newest}: update the program to play here."
    ),
    "web.protocol_version_only": N_(
        "This program speaks version {client} of the table protocol and this server speaks "
        "version {newest} only: update the program to play here."
    ),
}


def render_notice(key: str, params: dict[str, Any], lang: str) -> str:
    """The sentence for ``key`` in ``lang``, its ``params`` filled in; a number of seconds
    agrees with its noun in the language.

    >>> render_notice("web.left", {"name": "Ann", "seconds": 1}, "fr")
    'Ann a perdu la connexion ; sa place est gardée 1 seconde.'
    >>> render_notice("web.replaced", {"name": "Jörg", "level": "medium"}, "de")
    'Ein Computerspieler (mittel) spielt jetzt für Jörg.'
    >>> players = [{"name": "Ann", "level": None}, {"name": "Cleo", "level": "easy"}]
    >>> render_notice("web.started", {"players": players}, "en")
    'The game starts: Ann; Cleo, a computer player (easy).'
    """
    tr = translator(lang)
    if isinstance(params.get("players"), list):
        params = {**params, "players": _players(params["players"], tr)}
    if params.get("level") in LEVEL_NAMES:  # a computer's level, by its name in the language
        params = {**params, "level": tr.gettext(LEVEL_NAMES[params["level"]])}
    if isinstance(params.get("seconds"), int):
        seconds = params["seconds"]
        text = tr.ngettext("{count} second", "{count} seconds", seconds).format(count=seconds)
        params = {**params, "seconds": text}
    return tr.gettext(NOTICES[key]).format(**params)


def _players(players: list[dict[str, Any]], tr: Translator) -> str:
    """The seats of a game that starts, in order, as the lobby's seats line says them."""
    said = []
    for player in players:
        name, level = str(player.get("name") or ""), player.get("level")
        if level in LEVEL_NAMES:
            level_words = tr.gettext(LEVEL_NAMES[level])
            said.append(
                tr.gettext(N_("{name}, a computer player ({level})")).format(
                    name=name, level=level_words
                )
            )
        else:
            said.append(name)
    return str(tr.gettext("; ")).join(said)
