"""The sentences of ``phase10 join``, made from the JSON the server sends (a seat's view, the
lobby, the final standing), in the player's language.

The line game's own sentences are reused where they fit, so a player hears the same words at
an online table as against the computer. A phase or program is described in the player's
language when the rules the table plays are known here (they are the same program), else as
the server wrote it.

>>> from phase10.kernel.i18n import translator
>>> view = {"game": "phase10", "hand": ["R3", "W"], "discard_pile": ["G5"],
...         "draw_pile_size": 70}
>>> hand_line(view, translator("en"))
'Your hand: 1:R3 2:W'
>>> pile_line(view, translator("de"))
'Oben auf dem Ablagestapel: G5 (1 Karte). Der Ziehstapel hat 70 Karten.'
>>> group_text({"kind": "run", "cards": ["R3", "W", "R5"], "values": [3, 4, 5]})
'run R3 W=4 R5'
"""

from __future__ import annotations

from typing import Any, Final

from phase10 import games
from phase10.bots import LEVEL_NAMES
from phase10.games.phase10.rules import Progression
from phase10.kernel.errors import Phase10Error
from phase10.kernel.i18n import N_, Translator

__all__ = [
    "HELP",
    "group_text",
    "hand_line",
    "lobby_lines",
    "me_line",
    "pile_line",
    "scores_line",
    "standing_lines",
    "status_lines",
    "table_lines",
    "turn_line",
]

View = dict[str, Any]

HELP: Final = N_("""\
Commands (type them and press Enter):
  a                    list the moves you can make now, numbered
  N                    make move N of the last list
  d or draw            draw the top card of the draw pile
  t or take            take the top card of the discard pile
  discard CARD         discard a card, e.g. discard R7 or discard 3 (a position in your hand);
                       for a Skip add the player who loses a turn: discard S Bob
  lay                  list the ways to lay down your phase; lay N picks way N
  lay GROUP | GROUP    lay down groups you type, e.g. lay set R5 B5 W | set G7 R7 Y7
  hit CARD N           hit CARD on group N of the table (type b to see the groups)
  reveal, meld, extend, swap   the same for the programmes game
  hint                 ask what a strong computer player would do
  start                start the game (the table's owner, once every seat is taken)
Any move can also be typed as the list shows it; a beginning that fits several moves lists
them. Questions: h hand, p discard pile, b or g table, s scores, w whose turn, m my phase or
program, ? help, q leave the table (your seat is kept for you for a while).""")

_COLOURS: Final = "RBYG"
_RANKS: Final = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A+")


def _say(tr: Translator, message: str, **fields: object) -> str:
    return tr.gettext(message).format(**fields)


# ---------------------------------------------------------------------------- cards


def hand_line(view: View, tr: Translator) -> str:
    """The hand with each card's position (what ``discard 3`` refers to)."""
    cards = " ".join(f"{i}:{card}" for i, card in enumerate(view["hand"], start=1))
    if not cards:
        return tr.gettext("Your hand is empty.")
    return tr.gettext("Your hand: {cards}").format(cards=cards)


def pile_line(view: View, tr: Translator) -> str:
    """The top of the discard pile and the size of both piles."""
    pile, size = view["discard_pile"], view["draw_pile_size"]
    if not pile:
        return tr.ngettext(
            "The discard pile is empty. The draw pile has {count} card.",
            "The discard pile is empty. The draw pile has {count} cards.",
            size,
        ).format(count=size)
    top = tr.ngettext(
        "Top of the discard pile: {card} ({count} card).",
        "Top of the discard pile: {card} ({count} cards).",
        len(pile),
    ).format(card=pile[-1], count=len(pile))
    draw = tr.ngettext(
        "The draw pile has {count} card.", "The draw pile has {count} cards.", size
    ).format(count=size)
    return f"{top} {draw}"


def group_text(group: dict[str, Any]) -> str:
    """A group or combination in the notation, each wild card with what it stands for.

    >>> group_text({"kind": "colour", "cards": ["G1", "W"], "values": [3, 3]})
    'colour G1 W=G'
    >>> group_text({"kind": "run", "suit": "H", "cards": ["JK", "2H", "4H"], "values": [2, 3, 4]})
    'run JK=2 2H=3 4H'
    """
    words = [str(group["kind"])]
    for card, value in zip(group["cards"], group["values"], strict=False):
        words.append(f"{card}={_wild_value(group, card, value)}" if _is_wild(card, value) else card)
    return " ".join(words)


def _is_wild(card: str, value: int) -> bool:
    if card in ("W", "JK"):
        return True
    return card[:1] == "2" and len(card) == 2 and value != 2  # a programmes 2 standing in


def _wild_value(group: dict[str, Any], card: str, value: int) -> str:
    if card == "W":
        return _COLOURS[value] if group["kind"] == "colour" else str(value)
    return _RANKS[value] if 0 < value < len(_RANKS) else str(value)


def groups_in_order(view: View) -> list[tuple[int, int]]:
    """The table's groups as ``(owner, index)``, in the order the table listing numbers them."""
    return [(o, i) for o, row in enumerate(view["table"]) for i in range(len(row))]


def table_lines(view: View, names: list[str], seat: int, tr: Translator) -> list[str]:
    """One line per group on the table: its number, its place in the notation, whose it is."""
    out = []
    for number, (owner, index) in enumerate(groups_in_order(view), start=1):
        fields = {
            "number": number,
            "place": f"{owner}.{index}",
            "group": group_text(view["table"][owner][index]),
        }
        if owner == seat:
            out.append(_say(tr, N_("{number} (on {place}): your {group}."), **fields))
        else:
            out.append(
                _say(
                    tr,
                    N_("{number} (on {place}): {owner}'s {group}."),
                    owner=names[owner],
                    **fields,
                )
            )
    if not out:
        out.append(tr.gettext("Nothing is on the table yet."))
    if view["game"] == "programmes":
        for player, (name, record) in enumerate(zip(names, view["players"], strict=False)):
            if record["program"] is not None and player != seat:
                program = program_description(view, record["program"], tr)
                out.append(
                    _say(tr, N_("{name} has revealed {program}."), name=name, program=program)
                )
    return out


# ---------------------------------------------------------------------------- phases, programs


def _open_phases(view: View, player: dict[str, Any]) -> list[int] | None:
    """The phases ``player`` may still lay down under ``pick_a_phase`` (outside a tie-break);
    ``None`` under the other progressions."""
    rules = _rules(view)
    if rules is None or view.get("tiebreak") or rules.progression is not Progression.PICK_ANY:
        return None
    done = int(player.get("completed", 0))
    return [p.number for i, p in enumerate(rules.phases) if not done >> i & 1]


def _rules(view: View) -> Any:
    try:
        return games.get(view["game"]).find_rules(view["rules"])
    except (Phase10Error, LookupError, ValueError):
        return None


def phase_description(view: View, player: dict[str, Any], tr: Translator) -> str:
    """What the player's phase asks for, in the player's language where the rules are known."""
    rules = _rules(view)
    phase = player["phase"]
    if rules is not None and 0 <= player["phase_index"] < len(rules.phases):
        from phase10.games.phase10.narration import phase_description as describe

        return describe(rules.phases[player["phase_index"]], tr)
    return str(phase["description"])


def program_description(view: View, program: dict[str, Any], tr: Translator) -> str:
    """A program card, in the player's language where the rules are known."""
    rules = _rules(view)
    cards = [c for c in getattr(rules, "programs", ()) if c.id == program["id"]]
    if cards:
        from phase10.games.programmes.narration import program_text

        return program_text(cards[0], tr)
    return f"{program['id']}: {program['description']}"


def me_line(view: View, seat: int, tr: Translator) -> str:
    """The seat's phase (Phase 10) or program (programmes)."""
    me = view["players"][seat]
    if view["game"] == "programmes":
        program = view["program"]
        if program is None:
            return tr.gettext("You hold no program this round.")
        text = program_description(view, program, tr)
        if me["revealed"]:
            return tr.gettext("Your program {program} is revealed.").format(program=text)
        return tr.gettext("Your program: {program}.").format(program=text)
    if me["laid"] >= 0:
        rules = _rules(view)
        number = rules.phases[me["laid"]].number if rules is not None else me["laid"] + 1
        return tr.gettext("Your phase {phase} is down this hand.").format(phase=number)
    if (open_phases := _open_phases(view, me)) is not None:
        # As in the line mode: under pick_a_phase a player has no one phase to be on.
        return tr.gettext("Phases you may still lay down: {phases}.").format(
            phases=", ".join(str(n) for n in open_phases)
        )
    if me["phase"] is None:
        return tr.gettext("You have completed every phase.")
    return tr.gettext("You are on phase {phase}: {description}.").format(
        phase=me["phase"]["number"], description=phase_description(view, me, tr)
    )


# ---------------------------------------------------------------------------- the turn


def _texts(view: View) -> list[str]:
    return [str(entry["text"]) for entry in view["legal"]]


def status_lines(view: View, seat: int, tr: Translator) -> list[str]:
    """What the seat is told at each step of its turn: its phase or program, its hand, what
    it can do now."""
    out = [me_line(view, seat, tr), hand_line(view, tr)]
    texts = _texts(view)
    verbs = [t.split()[0] for t in texts]
    if "swap" in verbs:
        out.append(tr.gettext("You may swap your program card before you draw: type swap."))
    if view["stage"] == "draw":
        if "take" in verbs and view["discard_pile"]:
            out.append(
                _say(
                    tr,
                    N_("Draw (d) or take {card} from the discard pile (t)."),
                    card=view["discard_pile"][-1],
                )
            )
        else:
            out.append(tr.gettext("It is your turn: draw a card."))
        return out
    lays = verbs.count("lay")
    if lays:
        out.append(
            tr.ngettext(
                "You can lay down your phase ({count} way): type lay to see it.",
                "You can lay down your phase ({count} ways): type lay to see them.",
                lays,
            ).format(count=lays)
        )
    reveals = verbs.count("reveal")
    if reveals:
        out.append(
            tr.ngettext(
                "You can reveal your program ({count} way): type reveal to see it.",
                "You can reveal your program ({count} ways): type reveal to see them.",
                reveals,
            ).format(count=reveals)
        )
    if "meld" in verbs:
        out.append(tr.gettext("You can lay a new set: meld set CARD CARD CARD."))
    hits = _short_hits(view)
    if hits:
        out.append(_say(tr, N_("You can hit: {hits}."), hits="; ".join(hits)))
    if "extend" in verbs:
        out.append(
            tr.gettext("Some of your cards fit combinations on the table: type b to see them.")
        )
    out.append(tr.gettext("End your turn with: discard CARD."))
    return out


def _short_hits(view: View) -> list[str]:
    """The hits as the line game writes them: ``hit R7 2`` (group 2 of the table listing)."""
    numbers = {place: n for n, place in enumerate(groups_in_order(view), start=1)}
    out: list[str] = []
    for text in _texts(view):
        words = text.split()
        if words[0] != "hit" or len(words) != 4:
            continue
        owner, _, index = words[3].partition(".")
        number = numbers.get((int(owner), int(index)))
        command = f"hit {words[1].split('=')[0]} {number}"
        if number is not None and command not in out:
            out.append(command)
    return out


def turn_line(view: View, names: list[str], seat: int, tr: Translator) -> str:
    """Whose turn it is."""
    if view["outcome"] is not None:
        return tr.gettext("The game is over.")
    if view["current"] != seat:
        return _say(tr, N_("It is {name}'s turn."), name=names[view["current"]])
    if view["stage"] == "draw":
        return tr.gettext("It is your turn: draw a card.")
    if view["game"] == "phase10":
        return tr.gettext("It is your turn: lay down, hit or discard.")
    return tr.gettext("It is your turn.")


def scores_line(view: View, names: list[str], tr: Translator) -> str:
    """Every player's score and progress."""
    if view["game"] == "programmes":
        done = tr.gettext("; ").join(
            f"{name} {len(p['done'])}" for name, p in zip(names, view["players"], strict=False)
        )
        return _say(tr, N_("Programs completed: {programs}."), programs=done)
    parts = []
    for name, p in zip(names, view["players"], strict=False):
        if _open_phases(view, p):
            where = tr.gettext("any open phase")
        elif p["phase"] is None:
            where = tr.gettext("every phase done")
        else:
            where = tr.gettext("phase {phase}").format(phase=p["phase"]["number"])
        if p["laid"] >= 0:
            where = tr.gettext("{where}, laid down").format(where=where)
        cards = tr.ngettext("{count} card", "{count} cards", p["hand_size"]).format(
            count=p["hand_size"]
        )
        parts.append(
            tr.ngettext(
                "{name} {points} point ({where}, {cards})",
                "{name} {points} points ({where}, {cards})",
                p["score"],
            ).format(name=name, points=p["score"], where=where, cards=cards)
        )
    return _say(tr, N_("Scores: {scores}."), scores=tr.gettext("; ").join(parts))


def standing_lines(view: View, result: dict[str, Any], tr: Translator) -> list[str]:
    """The final standing of a finished game."""
    hands = int((view.get("outcome") or {}).get("hands", 0))
    out = [
        tr.ngettext(
            "Final standing after {count} hand:", "Final standing after {count} hands:", hands
        ).format(count=hands)
    ]
    programmes = view["game"] == "programmes"
    for row in result["standing"]:
        done = int(row["done"])
        fields = {
            "place": row["place"],
            "name": row["name"],
            "points": row["points"],
            "count": done,
        }
        if programmes and row["winner"]:
            text = tr.ngettext(
                "{place}. {name}: {count} program done, {points} points, the winner.",
                "{place}. {name}: {count} programs done, {points} points, the winner.",
                done,
            )
        elif programmes:
            text = tr.ngettext(
                "{place}. {name}: {count} program done, {points} points.",
                "{place}. {name}: {count} programs done, {points} points.",
                done,
            )
        elif row["winner"]:
            text = tr.ngettext(
                "{place}. {name}: {count} phase done, {points} points, the winner.",
                "{place}. {name}: {count} phases done, {points} points, the winner.",
                done,
            )
        else:
            text = tr.ngettext(
                "{place}. {name}: {count} phase done, {points} points.",
                "{place}. {name}: {count} phases done, {points} points.",
                done,
            )
        out.append(text.format(**fields))
    return out


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
    if lobby["status"] == "waiting":
        if seat == 0:
            out.append(tr.gettext("Type start to begin the game once every seat is taken."))
        else:
            owner = lobby["seats"][0]["name"] or "?"
            out.append(_say(tr, N_("Waiting for {owner} to start the game."), owner=owner))
    return out
