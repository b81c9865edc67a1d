"""Reading a user's file (a program deck, a saved match), naming the file in every error."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path


def read_text(path: str | os.PathLike[str], error: Callable[[str], Exception], what: str) -> str:
    """The UTF-8 text of ``path``; when it cannot be read, ``error`` of
    ``"{path}: cannot read{what}: {reason}"``.

    >>> read_text("/no/such/file", ValueError, " the deck")
    Traceback (most recent call last):
    ...
    ValueError: /no/such/file: cannot read the deck: No such file or directory
    """
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise error(f"{os.fspath(path)}: cannot read{what}: {exc.strerror}") from None
