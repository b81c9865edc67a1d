"""The sentences of ``phase10 join``, made from the JSON the server sends (the seat's
presentation, the lobby, the final standing), in the player's language.

Everything about the game comes from the presentation (``Game.present`` on the server, in the
connection's language): the cards, the groups, the goal, the prompts, each player's summary.
Nothing here knows which game is played, so a game the server offers is played here as it is.

>>> from phase10.kernel.i18n import translator
>>> shown = {"hand": [{"code": "R3"}, {"code": "W"}], "piles": [
...     {"id": "draw", "count": 70, "top": None},
...     {"id": "discard", "count": 1, "top": {"code": "G5"}}]}
>>> hand_line(shown, translator("en"))
'Your hand: 1:R3 2:W'
>>> pile_line(shown, translator("de"))
'Oben auf dem Ablagestapel: G5 (1 Karte). Der Ziehstapel hat 70 Karten.'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from phase10.bots import LEVEL_NAMES
from phase10.kernel.i18n import N_, Translator
from phase10.launch import join_command
from phase10.online.links import Target, table_url
from phase10.table.reactions import reaction_keys

__all__ = [
    "HELP_HEAD",
    "card_face",
    "chat_line",
    "first_time",
    "group_text",
    "group_words",
    "hand_line",
    "help_text",
    "leaving_lines",
    "lobby_lines",
    "me_line",
    "names_of",
    "pile_line",
    "rematch_line",
    "scores_line",
    "seat_named",
    "series_info",
    "series_lines",
    "standing_lines",
    "status_lines",
    "table_lines",
    "turn_line",
    "watch_rematch_line",
]

#: The presentation the server sends in each update (docs/schema/presentation.schema.json).
Shown = dict[str, Any]

#: The line client's help, in parts: the commands of every game, those of the kinds of move a
#: game has (a phase to lay down and groups to hit; a program to reveal, sets to meld,
#: combinations to extend, a program to swap), the questions, and how to leave, at a server
#: or at this keyboard (:func:`help_text`).
HELP_HEAD: Final = N_("""\
Commands (type them and press Enter):
  a                    list the moves you can make now, numbered
  N                    make move N of the last list
  d or draw            draw the top card of the draw pile
  t or take            take the top card of the discard pile""")
HELP_LAY_DOWN: Final = N_("""\
  l, g                 list the lay-downs, the hits
  discard CARD         discard a card, e.g. discard R7 or discard 3 (a position in your hand);
                       for a Skip add the player who loses a turn: discard S Bob
  lay                  list the ways to lay down your phase; lay N picks way N
  lay GROUP | GROUP    lay down groups you type, e.g. lay set R5 B5 W | set G7 R7 Y7
  hit CARD N           hit CARD on group N of the table (type b to see the groups)""")
#: The same, where a Skip always costs the next player their turn (P10-R25's house rule):
#: a target named there is refused.
HELP_LAY_DOWN_SKIP_NEXT: Final = N_("""\
  l, g                 list the lay-downs, the hits
  discard CARD         discard a card, e.g. discard R7 or discard 3 (a position in your hand);
                       a Skip always makes the next player lose a turn: discard S
  lay                  list the ways to lay down your phase; lay N picks way N
  lay GROUP | GROUP    lay down groups you type, e.g. lay set R5 B5 W | set G7 R7 Y7
  hit CARD N           hit CARD on group N of the table (type b to see the groups)""")
HELP_REVEAL: Final = N_("""\
  v, n, g, e           list the reveals, new sets, extensions, program swaps
  discard CARD         discard a card, e.g. discard 7H or discard 3 (a position in your hand)
  reveal               list the ways to reveal your program; reveal N picks way N
  meld set CARDS       lay a new set once your program is revealed, e.g. meld set 9S 9H 9D
  extend CARD N        add CARD to combination N of the table (type b to see them)
  swap                 swap your program card before you draw, when the rules allow it""")
#: How a programmes card is typed: the suit's letters are English, its sign is not, so both
#: are read.
HELP_CARD_SIGNS: Final = N_("""\
  CARD                 a rank, then the suit by its letter, S H D C (spades, hearts,
                       diamonds, clubs), or by its sign, ♠ ♥ ♦ ♣: 8S and 8♠ are the same""")
HELP_TAIL: Final = N_("""\
  i or hint            ask what a strong computer player would do
  r or again           hear the last events again
Any move can also be typed as the list shows it; a beginning that fits several moves lists
them. Questions: h hand, p discard pile, b table, s scores, w whose turn, m {mine}, ? help.""")
HELP_ONLINE: Final = N_("""\
  start                start the game (the table's owner, once every seat is taken)
q (quit) leaves the table; your seat is kept for you for a while.""")
#: The chat, at a server only ({keys}: the quick reactions' keys).
HELP_CHAT: Final = N_("""\
  say TEXT             write TEXT in the table's chat
  say KEY              send a quick reaction, which each player reads in their language;
                       the keys: {keys}
  mute NAME            hide what NAME says in the chat; unmute NAME shows it again""")
HELP_RULES: Final = N_("""\
  rules                the rules this table plays, its house rules in them
  rules ID             read a rule of the rulebook, e.g. rules {rule} (each refusal names
                       its rule); rules list lists them; rules WORD, the rules that
                       mention a word (rules wild)""")
HELP_LOCAL: Final = N_("""\
q (quit) saves the game and leaves; phase10 resume takes it up again.""")


#: The help of a spectator (``phase10 join --watch``): the questions, no move.
HELP_WATCHING: Final = N_(
    "You are watching as a spectator: every move is told as it is made. Questions: w whose "
    "turn it is, s where each player stands, b the groups on the table, p the discard pile, "
    "r the last events again, rules the table's rules, rules ID a rule of the rulebook. "
    "Spectators hold no hand, make no move and read the chat without writing in it. q stops "
    "watching."
)


def help_text(
    kinds: Iterable[str], tr: Translator, *, online: bool, skip_to_next: bool = False
) -> str:
    """The help for a game whose moves are of ``kinds``, at a server or at this keyboard;
    ``skip_to_next``: the rules give a Skip always to the next player, so the help names no
    target.

    >>> from phase10.kernel.i18n import translator
    >>> text = help_text({"draw", "reveal", "meld"}, translator("en"), online=False)
    >>> "reveal N picks way N" in text, "lay N" in text, "start" in text, "8S and 8♠" in text
    (True, False, False, True)
    >>> text = help_text({"lay_down"}, translator("en"), online=False, skip_to_next=True)
    >>> "discard S Bob" in text, "next player lose a turn: discard S" in text
    (False, True)
    """
    kinds = set(kinds)
    parts = [HELP_HEAD]
    if "lay_down" in kinds:
        parts.append(HELP_LAY_DOWN_SKIP_NEXT if skip_to_next else HELP_LAY_DOWN)
    programmes = bool(kinds & {"reveal", "meld", "extend", "swap"})
    if programmes:
        parts += [HELP_REVEAL, HELP_CARD_SIGNS]
    parts += [HELP_TAIL, HELP_RULES, HELP_ONLINE if online else HELP_LOCAL]
    texts = [tr.gettext(part) for part in parts]
    # m and the rule given as an example are this game's own: a program and AMZ-R10 in the
    # programmes game, a phase and P10-R13 in Phase 10.
    mine = tr.gettext(N_("my program") if programmes else N_("my phase"))
    tail = len(parts) - 3
    texts[tail] = texts[tail].format(mine=mine)
    texts[tail + 1] = texts[tail + 1].format(rule="AMZ-R10" if programmes else "P10-R13")
    if online:
        texts.insert(-1, tr.gettext(HELP_CHAT).format(keys=reaction_keys(tr)))
    return "\n".join(texts)


def _say(tr: Translator, message: str, **fields: object) -> str:
    return tr.gettext(message).format(**fields)


# ---------------------------------------------------------------------------- chat


def chat_line(message: dict[str, Any], tr: Translator) -> str:
    """A ``chat`` message as a sentence (its text is the server's: a reaction's phrase in
    the reader's language, or what the player wrote).

    >>> from phase10.kernel.i18n import translator
    >>> chat_line({"name": "Ann", "text": "Good game!"}, translator("en"))
    'Ann says: Good game!'
    """
    return _say(tr, N_("{name} says: {text}"), name=message["name"], text=message["text"])


def first_time(seen: set[tuple[int, float]], message: dict[str, Any]) -> bool:
    """Whether the ``chat`` message is one to show: not a line sent again after a welcome
    that ``seen`` (the lines shown, kept here) holds already. A line is known by its number
    and time together: a restarted server numbers its lines from 1 again.

    >>> seen: set[tuple[int, float]] = set()
    >>> line = {"n": 1, "at": 5.0}
    >>> first_time(seen, line), first_time(seen, {**line, "past": True})
    (True, False)
    """
    key = (int(message.get("n", 0)), float(message.get("at", 0.0)))
    if message.get("past") and key in seen:
        return False
    seen.add(key)
    return True


def seat_named(lobby: dict[str, Any] | None, name: str) -> int | None:
    """The seat of the player called ``name`` (in any case), if one is.

    >>> seat_named({"seats": [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": None}]}, "ann")
    0
    """
    wanted = name.strip().casefold()
    for seat in (lobby or {}).get("seats", []):
        if seat.get("name") and str(seat["name"]).casefold() == wanted:
            return int(seat["seat"])
    return None


# ---------------------------------------------------------------------------- cards


def card_face(card: dict[str, Any]) -> str:
    """A card as the game shows it (``8♠``: a suit by its sign), else its notation (``R7``).

    >>> card_face({"code": "8S", "shown": "8♠"}), card_face({"code": "R7"})
    ('8♠', 'R7')
    """
    return str(card.get("shown") or card["code"])


def hand_line(shown: Shown, tr: Translator) -> str:
    """The hand with each card's position (what ``discard 3`` refers to)."""
    cards = " ".join(f"{i}:{card_face(card)}" for i, card in enumerate(shown["hand"], start=1))
    if not cards:
        return tr.gettext("Your hand is empty.")
    return tr.gettext("Your hand: {cards}").format(cards=cards)


def _pile(shown: Shown, pile_id: str) -> dict[str, Any] | None:
    return next((p for p in shown["piles"] if p["id"] == pile_id), None)


def pile_line(shown: Shown, tr: Translator) -> str:
    """The top of the discard pile and the size of every pile."""
    discard, draw = _pile(shown, "discard"), _pile(shown, "draw")
    out = []
    if discard is not None and draw is not None:
        size = int(draw["count"])
        if discard["top"] is None:
            out.append(
                tr.ngettext(
                    "The discard pile is empty. The draw pile has {count} card.",
                    "The discard pile is empty. The draw pile has {count} cards.",
                    size,
                ).format(count=size)
            )
        else:
            top = tr.ngettext(
                "Top of the discard pile: {card} ({count} card).",
                "Top of the discard pile: {card} ({count} cards).",
                int(discard["count"]),
            ).format(card=card_face(discard["top"]), count=discard["count"])
            draws = tr.ngettext(
                "The draw pile has {count} card.", "The draw pile has {count} cards.", size
            ).format(count=size)
            out.append(f"{top} {draws}")
    # Any other pile of the game (the programmes game's program cards): its name and size.
    out.extend(
        _say(tr, N_("{pile}: {count}."), pile=p["label"], count=p["count"])
        for p in shown["piles"]
        if p["id"] not in ("draw", "discard")
    )
    return " ".join(out)


def group_text(group: dict[str, Any]) -> str:
    """A group on the table as the game shows it (``run 8♠ 9♠ JK=10♠``), else in the
    notation, each wild card with what it stands for.

    >>> group_text({"text": "run R3 W=4 R5"})
    'run R3 W=4 R5'
    >>> group_text({"text": "set 8S JK=8", "shown": "set 8♠ JK=8"})
    'set 8♠ JK=8'
    """
    return str(group.get("shown") or group["text"])


#: A group's kind in words before its cards, for the kinds every game shares.
_KIND_WORDS: Final = {
    "set": N_("set {cards}"),
    "run": N_("run {cards}"),
    "colour": N_("colour {cards}"),
}


def group_words(group: dict[str, Any], tr: Translator) -> str:
    """A group on the table with its kind in the player's words, then its cards in the
    notation (a game's own kind stays as the game writes it).

    >>> from phase10.kernel.i18n import translator
    >>> group_words({"kind": "set", "text": "set R7 G7 W=7"}, translator("de"))
    'Satz R7 G7 W=7'
    """
    words = _KIND_WORDS.get(str(group.get("kind")))
    kind, _, cards = group_text(group).partition(" ")
    if words is None or kind != group.get("kind"):
        return group_text(group)
    return tr.gettext(words).format(cards=cards)


def groups_in_order(shown: Shown) -> list[tuple[int, int]]:
    """The table's groups as ``(owner, index)``, in the order the table listing numbers them."""
    out = []
    for group in shown["table"]:
        owner, _, index = str(group["id"]).partition(".")
        out.append((int(owner), int(index)))
    return out


def names_of(shown: Shown) -> list[str]:
    """Every seat's name, in seat order."""
    return [str(p["name"]) for p in shown["players"]]


def table_lines(shown: Shown, tr: Translator) -> list[str]:
    """One line per group on the table: its number (what a hit names: ``hit R7 2``), whose
    and what it is in the game's words, then its cards (each wild with what it stands for).
    The game's own place for it (``1.0``) is left out: read aloud it was noise, and the
    number says the same.

    >>> from phase10.kernel.i18n import translator
    >>> group = {"id": "1.0", "label": "Bob's run 3 to 6", "text": "run R3 W=4 R5 B6"}
    >>> table_lines({"table": [group]}, translator("en"))
    ["1: Bob's run 3 to 6: R3 W=4 R5 B6."]
    """
    out = []
    for number, group in enumerate(shown["table"], start=1):
        cards = group_text(group).split(maxsplit=1)[-1]
        fields = {"number": number, "label": group["label"]}
        out.append(_say(tr, N_("{number}: {label}: {cards}."), cards=cards, **fields))
    if not out:
        out.append(tr.gettext("Nothing is on the table yet."))
    return out


def me_line(shown: Shown) -> str:
    """The seat's own goal: its phase (Phase 10) or program (programmes), as the game says it."""
    return str(shown["goal"])


# ---------------------------------------------------------------------------- the turn


def status_lines(shown: Shown, tr: Translator) -> list[str]:
    """What the seat is told at each step of its turn: its goal, its hand, what it can do now
    (the game's own sentences), and how to see its moves."""
    out = [me_line(shown), hand_line(shown, tr), *map(str, shown["prompts"])]
    if any(m["kind"] in _LISTED_KINDS for m in shown["moves"]):
        out.append(tr.gettext("Type a to list your moves, numbered."))
    return out


#: Moves too big to make on a bare word: the status line says how to list them.
_LISTED_KINDS: Final = frozenset({"lay_down", "reveal", "meld", "hit", "extend"})


def turn_line(shown: Shown) -> str:
    """Whose turn it is, and on the seat's own turn what to do."""
    return str(shown["turn"])


def scores_line(shown: Shown, tr: Translator) -> str:
    """Every player's score and progress, as the game sums each player up."""
    parts = [str(p["summary"]) for p in shown["players"]]
    if all(p.get("points") is None for p in shown["players"]):
        # A game without points (the programmes game, AMZ-R32) is a standing, not scores.
        line = _say(tr, N_("Standing: {scores}."), scores=tr.gettext("; ").join(parts))
    else:
        line = _say(tr, N_("Scores: {scores}."), scores=tr.gettext("; ").join(parts))
    # The dealer is public and the browser marks them: said as a sentence of its own, since
    # a word alone between a summary's semicolons named nobody.
    dealer = next((p for p in shown["players"] if p.get("dealer")), None)
    if dealer is None:
        return line
    if dealer.get("you"):
        return line + " " + tr.gettext(N_("You are the dealer."))
    return line + " " + _say(tr, N_("{name} is the dealer."), name=dealer["name"])


def totals_line(shown: Shown, tr: Translator) -> str:
    """Every player's points so far, where the game counts them (``""`` where it does not).

    >>> from phase10.kernel.i18n import translator
    >>> shown = {"players": [{"name": "Ann", "points": 25}, {"name": "Bob", "points": 90}]}
    >>> totals_line(shown, translator("nl"))
    'Totaal: Ann 25, Bob 90.'
    """
    players = shown["players"]
    if not players or any(p.get("points") is None for p in players):
        return ""
    scores = ", ".join(f"{p['name']} {p['points']}" for p in players)
    return _say(tr, N_("Totals: {scores}."), scores=scores)


def standing_lines(shown: Shown, result: dict[str, Any], tr: Translator) -> list[str]:
    """The final standing of a finished game."""
    hands = int(shown["hand_number"]) + 1
    # The game's own words where it gives them (the programmes game plays rounds).
    title = str(shown.get("standing_title") or "") or tr.ngettext(
        "Final standing after {count} hand:", "Final standing after {count} hands:", hands
    ).format(count=hands)
    out = [title]
    progress = {int(p["seat"]): str(p["progress_text"]) for p in shown["players"]}
    # A game without points (the programmes game, AMZ-R32) shows none in its players'
    # facts; its standing has no points to give either.
    counted = bool(shown["players"]) and all(p["points"] is not None for p in shown["players"])
    for row in result["standing"]:
        points = int(row["points"])
        fields = {
            "place": row["place"],
            "name": row["name"],
            "progress": progress.get(int(row["seat"]), str(row["done"])),
            "points": points,
        }
        if not counted:
            text = (
                tr.gettext("{place}. {name}: {progress}, the winner.")
                if row["winner"]
                else tr.gettext("{place}. {name}: {progress}.")
            )
        elif row["winner"]:
            text = tr.ngettext(
                "{place}. {name}: {progress}, {points} point, the winner.",
                "{place}. {name}: {progress}, {points} points, the winner.",
                points,
            )
        else:
            text = tr.ngettext(
                "{place}. {name}: {progress}, {points} point.",
                "{place}. {name}: {progress}, {points} points.",
                points,
            )
        out.append(text.format(**fields))
    return out


def series_lines(lobby: dict[str, Any] | None, tr: Translator) -> list[str]:
    """The series at the end of a rematch's game: each player's wins across the table and
    the tables before it, the most first (the lobby's ``series``); nothing for a table that
    is not part of a series of two games or more.

    >>> from phase10.kernel.i18n import translator
    >>> lobby = {"series": {"games": 3, "wins": [
    ...     {"seat": 0, "name": "Ann", "won": 1}, {"seat": 1, "name": "Bob", "won": 2}]}}
    >>> series_lines(lobby, translator("en"))
    ['Series: Bob 2, Ann 1 — game 3']
    >>> series_lines({"series": None}, translator("en"))
    []
    """
    series = (lobby or {}).get("series")
    if not series or int(series.get("games", 0)) < 2:
        return []
    wins = _wins(series, tr)
    return [
        tr.gettext(N_("Series: {wins} — game {number}")).format(wins=wins, number=series["games"])
    ]


def _wins(series: dict[str, Any], tr: Translator) -> str:
    """Each player's wins in a series, the most first ("Ann 2, Bob 1")."""
    rows = sorted(series["wins"], key=lambda r: (-int(r["won"]), int(r["seat"])))
    return ", ".join(
        tr.gettext(N_("{name} {count}")).format(
            name=r["name"] or tr.gettext(N_("Seat {number}")).format(number=int(r["seat"]) + 1),
            count=int(r["won"]),
        )
        for r in rows
    )


def series_info(lobby: dict[str, Any] | None, tr: Translator) -> str:
    """The series while a rematch's game is played, as the browser's info line says it
    ("Game 2 of the series: Ann 1, Bob 0"); ``""`` for a table that is not part of a series
    of two games or more.

    >>> from phase10.kernel.i18n import translator
    >>> lobby = {"series": {"games": 2, "wins": [
    ...     {"seat": 0, "name": "Ann", "won": 0}, {"seat": 1, "name": "Bob", "won": 1}]}}
    >>> series_info(lobby, translator("en"))
    'Game 2 of the series: Bob 1, Ann 0'
    """
    series = (lobby or {}).get("series")
    if not series or int(series.get("games", 0)) < 2:
        return ""
    wins = _wins(series, tr)
    return tr.gettext(N_("Game {number} of the series: {wins}")).format(
        wins=wins, number=series["games"]
    )


# ---------------------------------------------------------------------------- leaving


def rematch_line(target: Target, rematch: str, tr: Translator) -> str:
    """Where the rematch of a finished game waits, as the command that goes there.

    >>> from phase10.kernel.i18n import translator
    >>> line = rematch_line(Target("http://h:8000", None, "K7MPQX"), "Ab9", translator("en"))
    >>> line.startswith("A rematch is ready at a new table: "), line.endswith(" join http://h:8000/t/Ab9")
    (True, True)
    """
    command = join_command(table_url(target, rematch))
    return _say(tr, N_("A rematch is ready at a new table: {url}"), url=command)


def watch_rematch_line(target: Target, rematch: str, tr: Translator) -> str:
    """Where the rematch of a finished game waits, for a spectator: the command that
    watches it.

    >>> from phase10.kernel.i18n import translator
    >>> watch_rematch_line(Target("http://h:8000", None, "K7"), "Ab9", translator("en"))[-33:]
    'join http://h:8000/t/Ab9 --watch.'
    """
    command = join_command(table_url(target, rematch)) + " --watch"
    return _say(
        tr, N_("A rematch is ready at a new table; watch it with: {command}."), command=command
    )


def leaving_lines(
    target: Target, table: str, lobby: dict[str, Any] | None, tr: Translator, *, over: bool
) -> list[str]:
    """What leaving ``table`` means for the seat, with the command that comes back to it;
    once the game is ``over`` and a rematch is known, the command that goes to the rematch
    (the finished table has nothing more to come back for).

    >>> from phase10.kernel.i18n import translator
    >>> target = Target("http://h:8000", None, "K7MPQX")
    >>> leaving_lines(target, "old", {"status": "over", "rematch": "new"}, translator("en"),
    ...     over=True)[1].endswith(" join http://h:8000/t/new")
    True
    """
    lobby = lobby or {}
    status = lobby.get("status")
    if status not in ("playing", "waiting") or over:
        rematch = lobby.get("rematch")
        left = [tr.gettext(N_("You left the table."))]
        return [*left, rematch_line(target, str(rematch), tr)] if rematch else left
    # The command as installed: phase10 is not on the PATH of a checkout's virtual
    # environment, where the printed command must still work as typed.
    back = join_command(table_url(target, table))
    if status == "playing":
        seconds = int(lobby.get("hold_seconds", 60))
        text = tr.ngettext(
            "You left the table. Your seat is kept for {seconds} second, then a "
            "computer player plays it until you come back with: {command}",
            "You left the table. Your seat is kept for {seconds} seconds, then a "
            "computer player plays it until you come back with: {command}",
            seconds,
        )
        return [text.format(seconds=seconds, command=back)]
    return [
        _say(
            tr,
            N_("You left the table; your seat stays yours. Come back with: {command}"),
            command=back,
        )
    ]


# ---------------------------------------------------------------------------- the lobby


def lobby_lines(lobby: dict[str, Any], seat: int | None, tr: Translator) -> list[str]:
    """Who sits where at a table waiting for its start, and who starts it.

    >>> from phase10.kernel.i18n import translator
    >>> lobby = {"code": "K7MPQX", "status": "waiting", "seats": [
    ...     {"kind": "person", "name": "Ann", "level": None},
    ...     {"kind": "person", "name": None, "level": None},
    ...     {"kind": "bot", "name": None, "level": "easy"}]}
    >>> for line in lobby_lines(lobby, 1, translator("en")):
    ...     print(line)
    Seats: 1 Ann; 2 free; 3 a computer player (easy).
    Waiting for Ann to start the game.
    >>> lobby_lines({**lobby, "rules_text": "Standard rules, Ten hands"}, 1, translator("fr"))[0]
    'Règles : Standard rules, Ten hands'
    >>> lobby_lines({**lobby, "turn_seconds": 30}, 1, translator("en"))[0]
    'Turn timer: 30 seconds a turn.'
    """
    parts = []
    for number, s in enumerate(lobby["seats"], start=1):
        if s["kind"] == "bot":
            level = tr.gettext(LEVEL_NAMES.get(s["level"] or "hard", s["level"] or "hard"))
            who = _say(tr, N_("a computer player ({level})"), level=level)
            if s["name"]:
                who = f"{s['name']}, {who}"
        else:
            who = s["name"] or tr.gettext("free")
        parts.append(f"{number} {who}")
    out = [_say(tr, N_("Seats: {seats}."), seats=tr.gettext("; ").join(parts))]
    if lobby.get("turn_seconds"):
        seconds = int(lobby["turn_seconds"])
        out.insert(
            0,
            tr.ngettext(
                "Turn timer: {count} second a turn.", "Turn timer: {count} seconds a turn.", seconds
            ).format(count=seconds),
        )
    if lobby.get("rules_text"):
        # The rules in words in this connection's language, as the server said them.
        out.insert(0, _say(tr, N_("Rules: {rules}"), rules=lobby["rules_text"]))
    if lobby["status"] == "waiting":
        if seat == 0:
            out.append(tr.gettext("Type start to begin the game once every seat is taken."))
        else:
            owner = lobby["seats"][0]["name"] or "?"
            out.append(_say(tr, N_("Waiting for {owner} to start the game."), owner=owner))
    return out
