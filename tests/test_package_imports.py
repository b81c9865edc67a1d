"""The package's public names are imported on first use: importing one part (the kernel)
loads neither game, and every name of ``phase10.__all__`` still comes from ``phase10``."""

from __future__ import annotations

import subprocess
import sys

import pytest

import phase10


def _loaded_after(statement: str) -> list[str]:
    # A fresh interpreter: this one has long since imported both games.
    code = (
        f"import sys; {statement}; print(sorted(m for m in sys.modules if m.startswith('phase10')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    names: list[str] = eval(out.stdout)  # a list of module names printed by the child
    return names


def test_importing_the_kernel_loads_no_game() -> None:
    loaded = _loaded_after("import phase10.kernel")
    assert [m for m in loaded if m.startswith("phase10.games")] == []


def test_importing_the_package_loads_nothing_until_a_name_is_used() -> None:
    assert _loaded_after("import phase10") == ["phase10"]


def test_public_names_still_import_from_the_package() -> None:
    from phase10 import GameState, ProgrammeView, find_variant, new_game
    from phase10.games.phase10.state import GameState as Defined

    assert GameState is Defined
    assert ProgrammeView.__name__ == "ProgrammeView"
    assert isinstance(new_game(find_variant("standard"), players=2, seed=1), GameState)


def test_every_public_name_resolves_and_is_listed() -> None:
    for name in phase10.__all__:
        assert getattr(phase10, name) is not None, name
    assert set(phase10.__all__) <= set(dir(phase10))
    assert phase10.ProgrammeRecord is phase10.GameRecord


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="has no attribute 'no_such_name'"):
        _ = phase10.no_such_name


def test_playing_either_game_loads_neither_learning_codec_nor_numpy() -> None:
    """The engine stays standard-library Python: a game's ``learning`` package (its action
    space and observation, which need numpy) loads only when the environments ask for it."""
    loaded = _loaded_after(
        "from phase10.games import get\n"
        "for name in ('phase10', 'programmes'):\n"
        "    game = get(name)\n"
        "    state = game.new_game(game.find_rules(game.default_rules), 2, 1)\n"
        "    state = game.apply(state, game.legal_actions(state)[0])\n"
        "    game.present(game.view(state, 0), ['A', 'B'], 'en')\n"
        "assert 'numpy' not in sys.modules, 'numpy was imported'"
    )
    assert [m for m in loaded if ".learning" in m] == []
    assert "phase10.games.phase10.game" in loaded
