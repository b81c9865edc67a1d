"""Where ``play`` keeps things, and how it tells a player to come back.

Saves go to the user's data directory (``platformdirs``; ``PHASE10_DATA_DIR`` overrides it),
not to the current directory; the player's settings (the line mode preference) to the user's
config directory (``PHASE10_CONFIG_DIR`` overrides it). The ``resume`` command printed for a
save comes from :mod:`phase10.launch`.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Final

import platformdirs

# Where saves live is the application's notion (the full screen needs it too); the command
# line re-exports it under the names it always had.
from phase10.storage import (
    DEFAULT_SAVE_NAME,
    data_dir,
    default_save,
    elsewhere,
    free_save_path,
    saves_dir,
)

APP: Final = "phase10"
__all__ = [
    "DEFAULT_SAVE_NAME",
    "config_dir",
    "data_dir",
    "default_save",
    "elsewhere",
    "free_save_path",
    "saves_dir",
]

#: Set to 1 (or yes, true, on) to play line by line even on a terminal.
PLAIN_ENV: Final = "PHASE10_PLAIN"


def config_dir() -> Path:
    """The user's config directory for this program."""
    override = os.environ.get("PHASE10_CONFIG_DIR")
    return Path(override) if override else Path(platformdirs.user_config_dir(APP))


# ---------------------------------------------------------------------------- settings


def _settings_file() -> Path:
    return config_dir() / "settings.json"


def load_settings() -> dict[str, object]:
    """The saved settings; nothing (not an error) when there are none or they are unreadable."""
    try:
        data = json.loads(_settings_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def save_setting(key: str, value: object) -> Path:
    """Remember ``key = value``; returns the settings file (``OSError`` if it cannot be written)."""
    settings = load_settings()
    settings[key] = value
    path = _settings_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(settings, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return path


def plain_preferred() -> bool:
    """Whether the player asked for the line mode once and for all: ``PHASE10_PLAIN=1`` or a
    saved preference (``phase10 play --always-plain``)."""
    env = os.environ.get(PLAIN_ENV, "").strip().lower()
    if env in ("1", "yes", "true", "on"):
        return True
    if env in ("0", "no", "false", "off"):
        return False
    return load_settings().get("plain") is True


# ---------------------------------------------------------------------------- commands
