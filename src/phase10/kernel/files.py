"""Reading a user's file (a program deck, a rules file, a saved match), naming the file in
every error: only a regular file of a sensible size is read (never ``/dev/zero`` or a folder),
it must be UTF-8, and a JSON or TOML document that is too deep or holds a number too long to
convert is refused like any other malformed one.
"""

from __future__ import annotations

import json
import os
import re
import stat
import sys
import tomllib
from collections.abc import Callable
from typing import Final

#: No file of ours comes near this (a long game's save is well under 1 MB).
MAX_BYTES: Final = 16 * 1024 * 1024


def read_bytes(
    path: str | os.PathLike[str],
    error: Callable[[str], Exception],
    what: str,
    limit: int = MAX_BYTES,
) -> bytes:
    """The bytes of the regular file ``path`` (at most ``limit``); when it cannot be read,
    ``error`` of ``"{path}: cannot read{what}: {reason}"``.

    >>> read_bytes("/dev/zero", ValueError, " the deck")
    Traceback (most recent call last):
    ...
    ValueError: /dev/zero: cannot read the deck: not a regular file
    """
    shown = os.fspath(path)
    try:
        # O_NONBLOCK: opening a FIFO someone planted must not hang; fstat then refuses it.
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise error(f"{shown}: cannot read{what}: {exc.strerror}") from None
    try:
        info = os.fstat(handle)
        if stat.S_ISDIR(info.st_mode):
            raise error(f"{shown}: cannot read{what}: it is a folder")
        if not stat.S_ISREG(info.st_mode):
            raise error(f"{shown}: cannot read{what}: not a regular file")
        if info.st_size > limit:
            raise error(f"{shown}: cannot read{what}: too big ({info.st_size} bytes)")
        with os.fdopen(os.dup(handle), "rb") as file:
            return file.read(limit + 1)[:limit]
    except OSError as exc:
        raise error(f"{shown}: cannot read{what}: {exc.strerror}") from None
    finally:
        os.close(handle)


def read_text(path: str | os.PathLike[str], error: Callable[[str], Exception], what: str) -> str:
    """The UTF-8 text of ``path``; when it cannot be read, ``error`` of
    ``"{path}: cannot read{what}: {reason}"``.

    >>> read_text("/no/such/file", ValueError, " the deck")
    Traceback (most recent call last):
    ...
    ValueError: /no/such/file: cannot read the deck: No such file or directory
    """
    raw = read_bytes(path, error, what)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        shown = os.fspath(path)
        raise error(f"{shown}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None


def parse_json(text: str, error: Callable[[str], Exception], shown: str) -> object:
    """``text`` as JSON; ``error`` naming ``shown`` for anything malformed, too deep, with a
    number over Python's 4,300-digit limit, or with NaN/Infinity (not JSON).

    >>> parse_json("[" * 100_000, ValueError, "x.json")
    Traceback (most recent call last):
    ...
    ValueError: x.json: not valid JSON: nested too deeply
    >>> parse_json("  ", ValueError, "x.json")
    Traceback (most recent call last):
    ...
    ValueError: x.json: the file is empty
    """
    if not text.strip():
        raise error(f"{shown}: the file is empty")
    try:
        return json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise error(f"{shown}: not valid JSON: nested too deeply") from None
    except ValueError as exc:  # JSONDecodeError, too many digits, NaN or Infinity
        raise error(f"{shown}: not valid JSON: {_reason(exc)}") from None


def parse_toml(text: str, error: Callable[[str], Exception], shown: str) -> dict[str, object]:
    """``text`` as TOML; ``error`` naming ``shown`` for anything malformed, too deep or with a
    number over Python's 4,300-digit limit.

    >>> parse_toml("n = " + "9" * 5000, ValueError, "x.toml")
    Traceback (most recent call last):
    ...
    ValueError: x.toml: invalid TOML: a number has more than 4300 digits
    """
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise error(f"{shown}: invalid TOML: nested too deeply") from None
    except ValueError as exc:  # TOMLDecodeError or too many digits
        raise error(f"{shown}: invalid TOML: {_reason(exc)}{_bare_word(text, exc)}") from None


_AT_LINE: Final = re.compile(r"\(at line (\d+), column \d+\)")
_BARE_WORD: Final = re.compile(r"\s*([\w.\-\"]+)\s*=\s*([A-Za-z_][\w\-]*)\s*(?:#.*)?")


def _bare_word(text: str, exc: ValueError) -> str:
    """The fix where a value is a word without quotes (``skip_limit = none``), the slip the
    TOML parser calls only "Invalid value"; ``""`` for any other fault.

    >>> slip = ValueError("Invalid value (at line 1, column 14)")
    >>> _bare_word("skip_limit = none", slip)
    '; a word needs quotes: skip_limit = "none"'
    """
    found = _AT_LINE.search(str(exc))
    lines = text.splitlines()
    if found is None or not 1 <= int(found[1]) <= len(lines):
        return ""
    bare = _BARE_WORD.fullmatch(lines[int(found[1]) - 1])
    if bare is None or bare[2] in ("true", "false", "inf", "nan"):
        return ""
    return f'; a word needs quotes: {bare[1]} = "{bare[2]}"'


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a number JSON allows")


def _reason(exc: ValueError) -> str:
    text = " ".join(str(exc).split())
    if "integer string conversion" in text:  # Python's advice to raise the limit is not ours
        return f"a number has more than {sys.get_int_max_str_digits()} digits"
    return text
