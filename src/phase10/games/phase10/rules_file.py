"""House rules in a TOML file, validated into the same ``RuleSet`` as the named profiles:
every key is checked, and an error names the file and the bad key (rules B.1); the
example is :func:`load_rules_file`'s.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from phase10.games.phase10.rules import RuleSet
from phase10.games.phase10.variants import (
    PROFILES,
    STANDARD,
    _closest,
    _convert_flag,
    _normalise,
    _parse_variant,
    build_rules,
)
from phase10.kernel.errors import RulesError
from phase10.kernel.files import parse_toml, read_text
from phase10.kernel.notation import has_control, printable

_TOML_KEYS = ("name", "profile", "variants", "flags")


def _load_toml(path: str | os.PathLike[str]) -> dict[str, Any]:
    shown = os.fspath(path)
    if not Path(path).exists() and not Path(path).is_symlink():
        raise RulesError(f"{shown}: no such rules file")
    text = read_text(path, RulesError, " the rules file")
    return parse_toml(text, RulesError, shown)


def load_rules_file(path: str | os.PathLike[str]) -> RuleSet:
    """A user-defined variant from a TOML file; every problem names the file and the key.

    Keys: ``name`` (defaults to the file's stem), ``profile``, ``variants`` and a ``[flags]``
    table with any B.1 flag.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     file = Path(folder, "house.toml")
    ...     _ = file.write_text('variants = ["ten_hands"]\\n[flags]\\nskip_limit = "none"\\n')
    ...     rules = load_rules_file(file)
    >>> rules.name, rules.progression.value, rules.skip_limit.value
    ('house', 'every_hand', 'none')
    """
    shown = os.fspath(path)
    data = _load_toml(path)

    def fail(key: str, detail: str) -> RulesError:
        return RulesError(f"{shown}: {key}: {detail}", key=key)

    for key in data:
        if key not in _TOML_KEYS:
            raise fail(
                key, f"unknown key{_closest(key, _TOML_KEYS)}; keys: {', '.join(_TOML_KEYS)}"
            )
    label = data.get("name", Path(path).stem)
    if not isinstance(label, str) or not label.strip():
        raise fail("name", f"must be a non-empty string, not {label!r}")
    if has_control(label):
        # The name is shown on every screen; escape codes never are.
        where = "name" if "name" in data else "name (the file's name, as the file sets none)"
        raise fail(
            where,
            f"{printable(label)} holds a control character: use letters, digits and signs",
        )
    profile = data.get("profile", STANDARD)
    if not isinstance(profile, str):
        raise fail("profile", f"must be a string, one of {', '.join(PROFILES)}; not {profile!r}")
    variants = data.get("variants", [])
    if not isinstance(variants, list):
        raise fail("variants", f"must be a list of strings, not {variants!r}")
    for index, item in enumerate(variants):
        if not isinstance(item, str):
            raise fail(f"variants[{index}]", f"must be a string, not {item!r}")
        try:
            _parse_variant(item)
        except RulesError as err:
            raise fail(f"variants[{index}]", str(err)) from None
    flags = data.get("flags", {})
    if not isinstance(flags, dict):
        raise fail("flags", f"must be a table ([flags]), not {flags!r}")
    # Files are checked strictly (exact keys, native TOML types) so typos do not pass silently.
    converted: dict[str, object] = {}
    for key, value in flags.items():
        try:
            converted[key] = _convert_flag(key, value, strict=True)
        except RulesError as err:
            raise RulesError(f"{shown}: flags.{err}", key=f"flags.{err.key}") from None
    try:
        build_rules(profile, variants)
    except RulesError as err:
        where = "profile" if _normalise(profile) not in PROFILES else "variants"
        raise fail(where, str(err)) from None
    try:
        return build_rules(profile, variants, converted, name=label.strip())
    except RulesError as err:
        # The lone call above passed, so the clash involves [flags]; blame the flag if the
        # engine named one, else the variants that set the other side.
        key = f"flags.{err.key}" if err.key in converted else "variants"
        raise fail(key, str(err).removeprefix(f"{label.strip()}: ")) from None
