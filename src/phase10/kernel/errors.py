"""The engine's errors: malformed input is apart from an illegal action.

An error carries data, not a sentence: the rule it breaks (``rule``), a message key of a
:class:`~phase10.kernel.messages.MessageTable` (``key``) and that message's parameters
(``params``, plain JSON-able values). ``str(err)`` and ``err.message`` render the English
sentence; ``phase10.explain`` renders it in the reader's language from the catalogs.

>>> err = IllegalActionError("P10-R13", "kernel.discard_pile_empty")
>>> str(err)
'P10-R13: the discard pile is empty'
>>> err.rule, err.key, err.params
('P10-R13', 'kernel.discard_pile_empty', {})
>>> bad = NotationError("kernel.not_a_card", token="X9", expected="R1 to G12")
>>> str(bad), bad.token
("'X9' is not a card: expected R1 to G12", 'X9')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, NamedTuple, Self

from phase10.kernel.messages import Param, render

_NO_PARAMS: Mapping[str, Param] = MappingProxyType({})


def _rebuild(cls: type[Any], args: tuple[str, ...], params: Mapping[str, Any]) -> Any:
    """Unpickle an error from its key and parameters (pickle knows no keyword arguments)."""
    return cls(*args, **params)


class Phase10Error(Exception):
    """Base of every error the engine raises on purpose."""


class Problem(NamedTuple):
    """Why something is not valid, as data: a rule id, a message key and its parameters.

    What the validators (``group_problem``, ``combination_problem`` ...) return instead of a
    sentence; ``str()`` gives ``'RULE: English message'``.

    >>> str(Problem("P10-R07", "phase10.phase_natural"))
    'P10-R07: a phase needs at least one natural card (D-04)'
    """

    rule: str
    key: str
    params: Mapping[str, Param] = _NO_PARAMS

    @property
    def message(self) -> str:
        """The English message, without the rule id."""
        return render(self.key, self.params)

    def __str__(self) -> str:
        return f"{self.rule}: {self.message}"


class NotationError(Phase10Error, ValueError):
    """Text that is not valid card, group or action notation.

    ``key`` and ``params`` name the message; ``position`` and ``token`` say where and what,
    when known (and are parameters of the message too).
    """

    def __init__(
        self,
        key: str,
        /,
        *,
        position: int | None = None,
        token: str | None = None,
        **params: Param,
    ) -> None:
        if position is not None:
            params["position"] = position
        if token is not None:
            params["token"] = token
        super().__init__(key)
        self.key = key
        self.params: dict[str, Param] = params
        self.position = position
        self.token = token

    @property
    def message(self) -> str:
        """The English message."""
        return render(self.key, self.params)

    def __str__(self) -> str:
        return self.message

    def __reduce__(self) -> tuple[Callable[..., Any], tuple[Any, ...]]:
        return _rebuild, (type(self), (self.key,), self.params)


class UsageError(Phase10Error):
    """A mistake in what a person asked for that no rule covers (a phase not in play, two
    options where one is wanted): said in their words, as a command's refusal."""


class SaidError(Phase10Error, ValueError):
    """A bad name or setting (a variant, a bot) whose message can be said in any language:
    ``reason`` is its message key and ``params`` that message's parameters (``str()`` is the
    English sentence); ``phase10.explain.explain_error`` words it for the reader.

    >>> err = SaidError.of("kernel.discard_pile_empty")
    >>> str(err), err.reason
    ('the discard pile is empty', 'kernel.discard_pile_empty')
    """

    def __init__(
        self,
        message: str,
        *,
        reason: str | None = None,
        params: Mapping[str, Param] | None = None,
    ) -> None:
        super().__init__(message)
        self.reason = reason
        self.params: dict[str, Param] = dict(params or {})

    @classmethod
    def of(cls, reason: str, /, **params: Param) -> Self:
        """The error of message ``reason`` with ``params``, its English sentence rendered."""
        return cls(render(reason, params), reason=reason, params=params)


class BotError(Phase10Error):
    """A computer player that broke down: its ``choose`` raised, or it chose an action the
    rules refuse. The message names the bot, its seat and what it did, so a bot writer is
    not sent to look for a fault in the engine."""


class RulesError(SaidError):
    """An invalid rule set or variant (for example a bad key in a TOML file); ``key`` is the
    name or key at fault."""

    def __init__(
        self,
        message: str,
        *,
        key: str | None = None,
        reason: str | None = None,
        params: Mapping[str, Param] | None = None,
    ) -> None:
        super().__init__(message, reason=reason, params=params)
        self.key = key

    @classmethod
    def about(cls, key: str | None, reason: str, /, **params: Param) -> Self:
        """The error of message ``reason`` with ``params`` about the name or key ``key``."""
        return cls(render(reason, params), key=key, reason=reason, params=params)


class IllegalActionError(Phase10Error):
    """A well-formed action the rules forbid now. ``rule`` is the RULES.md id it breaks.

    ``key`` and ``params`` name the message (see :mod:`phase10.kernel.messages`). The state
    the action was checked against is never changed.
    """

    def __init__(self, rule: str, key: str, /, **params: Param) -> None:
        super().__init__(rule, key)
        self.rule = rule
        self.key = key
        self.params: dict[str, Param] = params

    @classmethod
    def of(cls, problem: Problem) -> IllegalActionError:
        """The error for a validator's :class:`Problem`."""
        return cls(problem.rule, problem.key, **problem.params)

    @property
    def message(self) -> str:
        """The English message, without the rule id."""
        return render(self.key, self.params)

    def __str__(self) -> str:
        return f"{self.rule}: {self.message}"

    def __reduce__(self) -> tuple[Callable[..., Any], tuple[Any, ...]]:
        return _rebuild, (type(self), (self.rule, self.key), self.params)
