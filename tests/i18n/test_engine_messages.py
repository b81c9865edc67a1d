"""The engine's messages (``phase10.kernel.messages`` and each game's ``messages`` table).

- every key of every table has a non-empty translation in fr, de and nl that keeps exactly
  the template's ``{fields}`` (none lost, none invented);
- every key the engine raises or returns (``IllegalActionError``, ``NotationError``,
  ``Problem``, the ``expected`` of card notation) exists in its table: the source is read with
  ``ast``, so a typo fails here rather than showing a key to a player;
- what explain renders from a real illegal action is in the reader's language.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import phase10.games.phase10
import phase10.games.programmes
from phase10.explain import explain_illegal, explain_notation, explain_reason
from phase10.games.phase10 import cards as phase10_cards
from phase10.games.phase10.groups import Group, hit_value
from phase10.games.phase10.messages import COLOUR_TAKES
from phase10.games.programmes import cards as programme_cards
from phase10.games.programmes.messages import COMBO_PHRASES
from phase10.kernel.errors import IllegalActionError, NotationError
from phase10.kernel.i18n import translator
from phase10.kernel.messages import KERNEL, MessageTable, render, tables

SRC = Path(__file__).resolve().parents[2] / "src" / "phase10"
ENGINE = [SRC / "kernel", SRC / "games" / "phase10", SRC / "games" / "programmes"]
FIELD = re.compile(r"(?<!\{)\{(\w*)[^{}]*\}(?!\})")
TABLES: list[MessageTable] = [
    KERNEL,
    phase10.games.phase10.messages.TABLE,
    phase10.games.programmes.messages.TABLE,
]
KEYS = {key: template for table in TABLES for key, template in table.templates.items()}

#: Where the key (or notation's ``expected`` key) sits in each constructor's arguments.
_KEY_ARGUMENT = {"IllegalActionError": 1, "Problem": 1, "NotationError": 0}
_EXPECTED_ARGUMENT = {"parse_tokens": 2, "parse_token": 2}
#: Key arguments that are not literals, each checked by a test below.
_DYNAMIC = {"COLOUR_TAKES[group.low]", "expected", "cls.expected", "_EXPECTED"}


def _fields(text: str) -> set[str]:
    return set(FIELD.findall(text))


def test_every_game_and_the_kernel_registered_one_table() -> None:
    assert {t.namespace for t in tables()} >= {"kernel", "phase10", "programmes"}
    assert all(t in tables() for t in TABLES)


@pytest.mark.parametrize("lang", ["fr", "de", "nl"])
def test_every_engine_message_is_translated_with_the_same_fields(lang: str) -> None:
    tr = translator(lang)
    problems = []
    for key, template in KEYS.items():
        translated = tr.gettext(template)
        if not translated.strip() or (translated == template and _words(template)):
            problems.append(f"untranslated: {key} {template!r}")
        elif _fields(translated) != _fields(template):
            problems.append(f"fields {_fields(translated)} != {_fields(template)}: {key}")
    assert not problems, f"{lang}:\n" + "\n".join(problems)


def _words(template: str) -> bool:
    """Whether a template has words to translate (not only notation such as ``R/B/Y/G``)."""
    return bool(re.search(r"[a-z]{3,}", FIELD.sub("", template)))


def _calls(path: Path) -> list[tuple[str, ast.expr]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        index = _KEY_ARGUMENT.get(name, _EXPECTED_ARGUMENT.get(name))
        if index is not None and len(node.args) > index:
            found.append((f"{path.name}:{node.lineno}", node.args[index]))
    return found


def _literals(argument: ast.expr) -> list[str]:
    """The keys an argument can be: a literal, or either branch of ``a if test else b``."""
    if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
        return [argument.value]
    if isinstance(argument, ast.IfExp):
        return _literals(argument.body) + _literals(argument.orelse)
    return []


def _sources() -> list[Path]:
    return sorted(p for folder in ENGINE for p in folder.glob("*.py"))


def test_every_key_used_by_the_engine_is_in_its_table() -> None:
    missing, unchecked = [], []
    sites = [site for path in _sources() for site in _calls(path)]
    assert len(sites) > 100, "the scan found too few raise sites: has the code moved?"
    for where, argument in sites:
        literals = _literals(argument)
        if not literals:
            if ast.unparse(argument) not in _DYNAMIC:
                unchecked.append(f"{where}: {ast.unparse(argument)}")
            continue
        missing += [f"{where}: {key}" for key in literals if key not in KEYS]
    assert not missing, "keys not in any message table:\n" + "\n".join(missing)
    assert not unchecked, "a key that is not a literal: add a test for it\n" + "\n".join(unchecked)


def test_the_keys_chosen_at_run_time_are_in_their_tables() -> None:
    dynamic = [*COLOUR_TAKES, *COMBO_PHRASES, "programmes.set_of"]
    dynamic += [phase10_cards.Card.expected, programme_cards.PlayingCard.expected]
    assert [key for key in dynamic if key not in KEYS] == []
    # The colour group's key follows its colour: R, B, Y, G.
    for colour, letter in enumerate("RBYG"):
        group = Group.parse(f"colour {letter}1 {letter}2 {letter}3")
        other = phase10_cards.parse_cards("B5" if letter != "B" else "R5")[0]
        problem = hit_value(group, other)
        assert not isinstance(problem, int)
        assert problem.key == COLOUR_TAKES[colour]


def test_notation_errors_name_their_key_and_render_the_expected_card() -> None:
    with pytest.raises(NotationError) as info:
        phase10_cards.parse_cards("R1 X9")
    error = info.value
    assert (error.key, error.position, error.token) == ("kernel.token_not_a_card", 2, "X9")
    assert str(error) == "'X9' (word 2) is not a card: expected R/B/Y/G with 1-12, W or S"
    assert "R/B/Y/G met 1 tot en met 12" in explain_notation(error, "nl")
    with pytest.raises(NotationError) as info:
        programme_cards.parse_playing_cards("AS ZZ")
    assert "par ex. AS, 10H, QD ou JK" in explain_notation(info.value, "fr")


@pytest.mark.parametrize("lang", ["fr", "de", "nl"])
def test_a_phase_description_in_a_reason_is_translated(lang: str) -> None:
    from phase10.games.phase10.finder import laydown_problem
    from phase10.games.phase10.groups import parse_groups
    from phase10.games.phase10.rules import RuleSet

    rules = RuleSet()
    problem = laydown_problem(parse_groups("set R5 B5 W | run R8 R9 W"), rules.phases[0], rules)
    assert problem is not None
    assert str(problem) == "P10-R15: phase 1 needs set of 3 + set of 3, not set of 3 + run of 3"
    error = IllegalActionError.of(problem)
    text = explain_illegal(error, lang)
    assert "set of" not in text
    assert "run of" not in text
    assert "{" not in text
    assert explain_reason(error, lang) in text


def test_errors_survive_pickling_with_their_data() -> None:
    import pickle

    error = IllegalActionError("P10-R22", "phase10.no_card_in_hand", card="R7")
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.rule, copy.key, copy.params, str(copy)) == (
        "P10-R22",
        "phase10.no_card_in_hand",
        {"card": "R7"},
        "P10-R22: you have no R7 in your hand",
    )
    notation = NotationError("kernel.token_not_a_card", position=2, token="X", expected="A")
    copy_n = pickle.loads(pickle.dumps(notation))
    assert (copy_n.position, copy_n.token, str(copy_n)) == (2, "X", str(notation))


def test_an_unknown_key_shows_itself_rather_than_failing() -> None:
    assert render("phase10.no_such_message", {"card": "R7"}, "fr") == "phase10.no_such_message"
