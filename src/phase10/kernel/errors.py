"""The engine's errors: malformed input is apart from an illegal action.

>>> err = IllegalActionError("P10-R23", "R5 does not fit a run of 7-9.")
>>> str(err)
'P10-R23: R5 does not fit a run of 7-9.'
"""

from __future__ import annotations


class Phase10Error(Exception):
    """Base of every error the engine raises on purpose."""


class NotationError(Phase10Error, ValueError):
    """Text that is not valid card, group or action notation.

    ``position`` and ``token`` say where and what, when known.
    """

    def __init__(self, message: str, *, position: int | None = None, token: str | None = None):
        super().__init__(message)
        self.position = position
        self.token = token


class RulesError(Phase10Error, ValueError):
    """An invalid rule set or variant (for example a bad key in a TOML file)."""

    def __init__(self, message: str, *, key: str | None = None):
        super().__init__(message)
        self.key = key


class IllegalActionError(Phase10Error):
    """A well-formed action the rules forbid now. ``rule`` is the RULES.md id it breaks.

    The state the action was checked against is never changed.
    """

    def __init__(self, rule: str, message: str):
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message
