"""Command words in the player's language, the ``variants`` command in fr/de/nl, and
plurals."""

from __future__ import annotations

import io
import re
import unicodedata
from pathlib import Path

import pytest

from phase10.bots import LEVEL_NAMES, LEVELS
from phase10.cli.language import GROUP_WORDS, command_word, group_word
from phase10.cli.main import main
from phase10.cli.play import COMMAND_WORDS
from phase10.kernel.i18n import LANGUAGES, translator
from phase10.match import load_match


def word_in(words: dict[str, str], verb: str) -> str:
    """The first word of a language that means ``verb``, else ``verb``."""
    return next((local for local, english in words.items() if english == verb), verb)


def _play(argv: list[str], lines: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    # A game of its own each time: --save never overwrites an unfinished game.
    save = str(tmp_path / f"g{len(list(tmp_path.glob('g*.json')))}.json")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("sys.stdin", io.StringIO(lines))
        assert main(["play", "--plain", "--seed", "1", "--save", save, *argv]) == 0
    return capsys.readouterr().out


#: The hit word and the prefix of the hint sentence in each language.
HINT = {
    "en": ("hit", "A strong computer player would type: "),
    "fr": ("ajouter", "Un joueur ordinateur fort taperait : "),
    "de": ("anlegen", "Ein starker Computerspieler würde tippen: "),
    "nl": ("aanleggen", "Een sterke computerspeler zou typen: "),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_line_mode_answers_and_hints_in_the_language_s_words(
    lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """End to end in the Phase 10 line mode: the language's hit word alone says why there is
    nothing to hit (P10-R21: not before laying down), and the hint's command is in the
    language's words and plays when typed back as it is written."""
    hit, prefix = HINT[lang]
    out = _play(["--lang", lang], f"d\n{hit}\nhint\nq\n", tmp_path, capsys)
    said = translator(lang).gettext("You may hit only once your phase is down (P10-R21).")
    assert said in out
    command = out.split(prefix, 1)[1].split("\n", 1)[0]
    verb = command.split()[0]
    assert verb == word_in(COMMAND_WORDS[lang], COMMAND_WORDS[lang].get(verb, verb))
    if lang != "en":
        assert verb in COMMAND_WORDS[lang], command
    out = _play(["--lang", lang], f"d\n{command}\nq\n", tmp_path, capsys)
    assert translator(lang).gettext("Unknown command {command}. Type ? for help.")[:8] not in out
    assert "> " + translator(lang).gettext("You discarded {card}.").split("{card}")[0] in out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_programmes_line_mode_takes_the_language_s_words_and_its_hint_plays(
    lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Programmes game: the Phase 10 hit word alone, which also extends (AMZ-R24), says why
    there is nothing to extend; the hint (here a reveal, AMZ-R20) is written with the
    language's reveal word (the glossary's), and reveals when typed back."""
    hit = HINT[lang][0]
    argv = ["--game", "programmes", "--lang", lang]
    out = _play(argv, f"d\n{hit}\nhint\nq\n", tmp_path, capsys)
    said = "You may add to combinations only once your program is revealed (AMZ-R22)."
    assert translator(lang).gettext(said) in out
    command = out.split(HINT[lang][1], 1)[1].split("\n", 1)[0]
    reveal = "reveal" if lang == "en" else word_in(COMMAND_WORDS[lang], "reveal")
    assert command.startswith(f"{reveal} "), command
    out = _play(argv, f"d\n{command}\nq\n", tmp_path, capsys)
    said = translator(lang).gettext("You revealed program {program}: {combos}.")
    assert "> " + said.split("{program}")[0] in out


def _bare_capitals(word: str) -> str:
    """``word`` as a keyboard without accents types it, in capitals: ``RÈGLES`` -> ``REGLES``."""
    decomposed = unicodedata.normalize("NFD", word)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).upper()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_command_word_reads_the_same_without_its_accents_or_in_capitals(
    lang: str,
) -> None:
    """Each command word and group word of the language stands for its command typed as
    written, without its accents and in capitals, so no word needs a keyboard with accents;
    a word that is none passes through, lowered for a command and as typed for a group."""
    for word, english in COMMAND_WORDS[lang].items():
        for typed in (word, _bare_capitals(word), word.capitalize()):
            assert command_word(lang, typed) == english, (lang, typed)
    for word, english in GROUP_WORDS[lang].items():
        for typed in (word, _bare_capitals(word)):
            assert group_word(lang, typed) == english, (lang, typed)
    assert command_word(lang, "R7") == "r7"
    assert group_word(lang, "R7") == "R7"


def test_the_french_line_mode_takes_its_words_without_accents(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """End to end in French: ``regles P10-R01`` reads the rule as ``règles P10-R01`` does,
    never "Commande inconnue"; ``Defausser 1`` before the draw is refused for the rule it
    breaks (D-19), and ``DEFAUSSER 1`` after it discards (P10-R13)."""
    lines = "règles P10-R01\nregles P10-R01\nDefausser 1\nd\nDEFAUSSER 1\nq\n"
    out = _play(["--lang", "fr", "--players", "2"], lines, tmp_path, capsys)
    unknown = translator("fr").gettext("Unknown command {command}. Type ? for help.")
    assert unknown.split("{command}")[0] not in out
    assert out.count("> P10-R01 Le paquet\n") == 2
    assert "> Interdit (D-19)" in out
    assert "> Vous avez défaussé " in out


@pytest.mark.parametrize("lang", ["fr", "de", "nl"])
def test_opponents_takes_the_levels_as_the_game_names_them_in_the_language(
    lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--opponents`` takes each computer level by the name the game shows it under in the
    player's language ("Ann (ordinateur : moyen)"), in capitals or without accents too, and
    by its English name as ever; the computer plays that level."""
    tr = translator(lang)
    for level in LEVELS:
        shown = tr.gettext(LEVEL_NAMES[level])
        for typed in (_bare_capitals(shown), level):
            save = tmp_path / f"{level}-{typed}.json"
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr("sys.stdin", io.StringIO("q\n"))
                argv = ["play", "--plain", "--players", "2", "--lang", lang, "--save", str(save)]
                assert main([*argv, "--opponents", typed]) == 0, (lang, typed)
            said = tr.gettext("{name} (computer: {level})").format(name="Ann", level=shown)
            assert said in capsys.readouterr().out, (lang, typed)
            bot = load_match(save).seats[1].bot
            assert bot is not None
            assert bot.name == level


def test_an_unknown_level_lists_the_levels_as_the_player_may_type_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An unknown ``--opponents`` name is refused in the player's language, exit 2, no game
    saved; its list names each level in that language with its English name beside it."""
    save = tmp_path / "g.json"
    argv = ["play", "--plain", "--lang", "fr", "--opponents", "sorcier", "--save", str(save)]
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "inconnu 'sorcier' ;" in err  # near no name: no question
    assert "facile (easy), moyen (medium), difficile (hard), expert ;" in err
    assert not save.exists()
    assert main(["play", "--plain", "--opponents", "sorcier", "--save", str(save)]) == 2
    assert "levels: easy, medium, hard, expert;" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "question"),
    [
        pytest.param(
            ["play", "--plain", "--lang", "fr", "--opponents", "dificile"],
            "'dificile' : vouliez-vous dire 'difficile' ?",
            id="fr-level",
        ),
        pytest.param(
            ["play", "--plain", "--lang", "de", "--opponents", "schwehr"],
            "'schwehr': meintest du 'schwer'?",
            id="de-level",
        ),
        pytest.param(
            ["play", "--plain", "--opponents", "medum"],
            "'medum': did you mean 'medium'?",
            id="en-level",
        ),
        pytest.param(
            ["simulate", "--games", "2", "--bots", "hard,gredy"],
            "'gredy': did you mean 'greedy'?",
            id="bot",
        ),
        pytest.param(
            ["simulate", "--games", "2", "--bots", "hard,ismct:200it"],
            "'ismct:200it': did you mean 'ismcts'?",
            id="bot-with-budget",
        ),
    ],
)
def test_a_mistyped_computer_name_is_answered_with_the_name_it_is_near(
    argv: list[str], question: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A name one slip away from a level or a bot (a level in the player's own words) is
    refused, exit 2, nothing played, asking whether that name was meant, the full list
    still given; a name near nothing gets the list alone (the test above)."""
    save = tmp_path / "g.json"
    extra = ["--save", str(save)] if argv[0] == "play" else []
    assert main([*argv, *extra]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert question in err, err
    assert "expert" in err
    assert not save.exists()


#: ``phase10 variants NAME`` in each language: a line of the Phase 10 description, one of the
#: programmes description, and English that must be gone.
VARIANT_LINES = {
    "fr": ("Phases en jeu (5) :", "Paquet de programmes : 52 cartes (50 programmes + 2 cartes"),
    "de": ("Phasen im Spiel (5):", "Programmstapel: 52 Karten (50 Programme + 2 Sonnenkarten)"),
    "nl": ("Fasen in het spel (5):", "Programmastapel: 52 kaarten (50 programma's + 2 zonkaarten)"),
    "en": ("Phases in play (5):", "Program deck: 52 cards (50 programs + 2 sun cards)"),
}

#: The flag of ``odd_phases`` as typed, then its variant's sentence in the language.
ODD_PHASES_LINE = {
    "fr": "  phase_sequence = odd : Jouez seulement les Phases 1, 3, 5, 7 et 9.",
    "de": "  phase_sequence = odd: Spielt nur die Phasen 1, 3, 5, 7 und 9.",
    "nl": "  phase_sequence = odd: Speel alleen de fasen 1, 3, 5, 7 en 9.",
    "en": "  phase_sequence = odd: Play only phases 1, 3, 5, 7 and 9.",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_variants_name_describes_the_rules_in_the_chosen_language(
    lang: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``phase10 variants NAME`` (both games) speaks ``--lang``, and the
    environment's language without it; the flags keep the names they are typed with, each
    followed by the sentence of the short variant that sets it (B.1)."""
    phases, deck = VARIANT_LINES[lang]
    assert main(["variants", "--lang", lang, "odd_phases"]) == 0
    out = capsys.readouterr().out
    assert phases in out.splitlines()
    assert ODD_PHASES_LINE[lang] in out.splitlines()
    assert main(["variants", "--lang", lang, "programmes+program_swap"]) == 0
    out = capsys.readouterr().out
    assert deck in out
    assert "  program_swap_after = 3" in out.splitlines()
    if lang != "en":
        assert "Differences from" not in out
        assert "Phase 9: set of 5" not in out
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("LANG", f"{lang}_XX.UTF-8")
    assert main(["variants", "odd_phases"]) == 0
    assert phases in capsys.readouterr().out.splitlines()


@pytest.mark.parametrize("lang", ["fr", "de", "nl"])
def test_variants_listing_translates_the_flag_label(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The listing's "flag:" label is translated too (the flag is not)."""
    assert main(["variants", "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert "flag:" not in out
    label = translator(lang).gettext("flag: {flag} = {value}")
    assert label.format(flag="phase_sequence", value="odd") in out


#: Each counted noun at n = 1 and 2 (and 0 in French, which takes the singular).
PLURALS: dict[str, dict[int, tuple[str, str, str, str]]] = {
    # n: (rounds in the swap rule, seconds a seat is kept, points of a winner, sun card)
    "en": {
        1: ("1 round", "kept for 1 second.", "and 1 point.", "(1 done)"),
        2: ("2 rounds", "kept for 2 seconds.", "and 2 points.", "(2 done)"),
    },
    "fr": {
        0: ("0 manche", "gardée 0 seconde.", "et 0 point.", "(0 réalisé)"),
        1: ("1 manche", "gardée 1 seconde.", "et 1 point.", "(1 réalisé)"),
        2: ("2 manches", "gardée 2 secondes.", "et 2 points.", "(2 réalisés)"),
    },
    "de": {
        1: ("1 Runde lang", "wird 1 Sekunde lang", "und 1 Punkt.", "(1 erfüllt)"),
        2: ("2 Runden lang", "wird 2 Sekunden lang", "und 2 Punkten.", "(2 erfüllt)"),
    },
    "nl": {
        1: ("het 1 ronde niet", "blijft 1 seconde", ", 1 punt.", "(1 voltooid)"),
        2: ("het 2 rondes niet", "blijft 2 seconden", ", 2 punten.", "(2 voltooid)"),
    },
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_counted_nouns_agree_with_their_count_in_every_language(lang: str) -> None:
    """The swap rule's rounds, the seconds a seat is kept, a winner's points
    and the sun card's programs done take the singular or plural form of the language's
    catalog ("1 manche", "0 point" in French, "2 Punkten"), never a fixed plural."""
    import phase10.games.programmes  # noqa: F401 - registers the programmes messages
    from phase10.games.phase10.narration import describe_event
    from phase10.games.phase10.state import Event, EventKind
    from phase10.games.programmes.narration import describe_programme_event
    from phase10.games.programmes.state import ProgrammeEvent, ProgrammeEventKind
    from phase10.kernel.messages import render
    from phase10.table.notices import render_notice

    for n, (rounds, seconds, points, done) in PLURALS[lang].items():
        swap = render("programmes.swap_when", {"rounds": n}, lang)
        assert swap.endswith(rounds) or f" {rounds} " in f" {swap} ", swap
        left = render_notice("web.left", {"name": "Ann", "seconds": n}, lang)
        assert seconds in left, left
        over = Event(EventKind.GAME_OVER, seat=0, scores=(n, 40))
        for viewer in (0, 1):
            won = describe_event(over, ["Ann", "Bob"], viewer, lang=lang)
            assert won.endswith(points), won
        sun = ProgrammeEvent(ProgrammeEventKind.SUN_CARD, seat=0, number=n)
        for viewer in (0, 1):
            said = describe_programme_event(sun, ["Ann", "Bob"], viewer, lang=lang)
            assert said.endswith(done + "."), said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_scores_line_says_0_point_in_french(
    lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """End to end: at the start every score is 0, which French writes
    "0 point" (the singular) and the other languages in the plural."""
    out = _play(["--lang", lang], "s\nq\n", tmp_path, capsys)
    zero = {"en": " 0 points (", "fr": " 0 point (", "de": " 0 Punkte (", "nl": " 0 punten ("}
    assert zero[lang] in out
    if lang == "fr":
        assert " 0 points (" not in out


@pytest.mark.parametrize("lang", ["fr", "de", "nl"])
def test_every_help_names_the_language_s_own_command_words(lang: str) -> None:
    """The line client's help lists, for each command that has a word in the language, that
    word beside the English one; a game's own moves only where the game has them (Phase 10's
    lay and hit, P10-R15 and P10-R21; the programmes game's reveal, AMZ-R20)."""
    from phase10.online.text import help_text

    tr = translator(lang)
    text = help_text({"draw", "take", "discard", "lay_down", "hit"}, tr, online=True)
    programmes = help_text({"draw", "take", "discard", "reveal", "meld"}, tr, online=False)

    # Each game's own moves, by their English word (named in every language's help).
    def names(word: str, help_: str) -> bool:
        return re.search(rf"(?<!\w){word}(?!\w)", help_) is not None

    assert names("reveal", programmes)
    assert not names("reveal", text)
    assert names("lay", text)
    assert not names("lay", programmes)
    assert "start" in text
    assert "start" not in programmes
    for verb in ("d", "t", "lay", "hit", "discard", "hint", "r"):
        local = word_in(COMMAND_WORDS[lang], verb)
        assert re.search(rf"(?<!\w){re.escape(local)}(?!\w)", text), (verb, local, text)


@pytest.mark.parametrize(
    ("lang", "draw", "take"),
    [("fr", "piochez", "prenez"), ("de", "zieh", "nimm"), ("nl", "trek", "pak")],
)
def test_the_words_of_the_draw_prompt_are_commands(
    lang: str, draw: str, take: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The prompt at the start of a turn (P10-R08: draw from the draw pile or take the
    discard) names the draw and the take in the language's words: typed back, each plays."""
    prompt = translator(lang).gettext("Draw (d) or take {card} from the discard pile (t).")
    words = prompt.lower().split()
    assert draw in words
    assert take in words
    unknown = translator(lang).gettext("Unknown command {command}. Type ? for help.")[:8]
    for typed, said in (
        (draw, "You drew {card}."),
        (take, "You took {card} from the discard pile."),
    ):
        out = _play(["--lang", lang, "--seed", "2"], f"{typed}\nq\n", tmp_path, capsys)
        assert unknown not in out
        assert translator(lang).gettext(said).split("{card}")[0] in out


@pytest.mark.parametrize(
    ("lang", "typed"),
    [
        ("fr", "tirer"),  # everyday French: "tirer une carte"
        ("fr", "Tirez"),
        ("fr", "piocher"),
        ("de", "ziehen"),
        ("de", "zieh"),
        ("nl", "trekken"),
        ("nl", "trek"),
        ("en", "draw"),
    ],
)
@pytest.mark.parametrize("game", ["programmes", "phase10"])
def test_each_language_s_natural_draw_verbs_draw(
    game: str, lang: str, typed: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The verb a player of the language says for the draw (AMZ-R10, P10-R08: a turn begins
    by drawing) draws, in its infinitive as in its imperative, never an unknown command."""
    out = _play(["--game", game, "--lang", lang], f"{typed}\nq\n", tmp_path, capsys)
    unknown = translator(lang).gettext("Unknown command {command}. Type ? for help.")[:8]
    assert unknown not in out
    assert translator(lang).gettext("You drew {card}.").split("{card}")[0] in out
