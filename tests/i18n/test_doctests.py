"""The examples in the docstrings of the language modules (outside pytest's doctest paths)."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from phase10 import explain, i18n, narrate


@pytest.mark.parametrize("module", [i18n, narrate, explain], ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
