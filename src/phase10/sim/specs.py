"""Bot specifications for simulations: a bot or level name with an optional search budget.

A spec is text, so it crosses process and machine boundaries as is and every worker builds
its own bot: ``greedy``, ``random``, a level (``easy`` ... ``expert``), or ``ismcts`` or
``pimc`` with a budget per decision, ``ismcts:0.1s`` (seconds) or ``pimc:200it`` (iterations).

>>> make_bot_from_spec("ismcts:200it").iterations
200
>>> make_bot_from_spec("ismcts:0.05s").seconds
0.05
>>> parse_bots("greedy, ismcts:50it")
('greedy', 'ismcts:50it')
>>> make_bot_from_spec("greedy:1s")
Traceback (most recent call last):
...
ValueError: bot spec 'greedy:1s': only ismcts and pimc take a budget (ismcts:0.1s or pimc:200it)
"""

from __future__ import annotations

from phase10.bots import BOTS, LEVELS, Bot, make_bot
from phase10.bots.ismcts import ISMCTSBot
from phase10.bots.pimc import PIMCBot

#: The bots that take a search budget in a spec.
_SEARCHERS: dict[str, type[ISMCTSBot] | type[PIMCBot]] = {"ismcts": ISMCTSBot, "pimc": PIMCBot}

__all__ = ["make_bot_from_spec", "parse_bots"]


def make_bot_from_spec(spec: str) -> Bot:
    """A new bot for ``spec`` (see the module docstring); ``ValueError`` explains a bad one."""
    name, colon, budget = spec.strip().lower().partition(":")
    if not colon:
        return make_bot(name)
    factory = _SEARCHERS.get(name)
    if factory is None:
        raise ValueError(
            f"bot spec {spec!r}: only ismcts and pimc take a budget (ismcts:0.1s or pimc:200it)"
        )
    try:
        if budget.endswith("it"):
            return factory(iterations=int(budget[:-2]), name=spec.strip().lower())
        if budget.endswith("s"):
            return factory(seconds=float(budget[:-1]), name=spec.strip().lower())
    except ValueError as exc:
        raise ValueError(f"bot spec {spec!r}: {exc}") from None
    raise ValueError(f"bot spec {spec!r}: write the budget as seconds (0.1s) or iterations (200it)")


def parse_bots(text: str) -> tuple[str, ...]:
    """Comma-separated specs, each checked by building it once; ``ValueError`` if one is bad."""
    specs = tuple(s.strip().lower() for s in text.split(",") if s.strip())
    if not specs:
        raise ValueError(
            f"no bots given; bots: {', '.join(BOTS)}; levels: {', '.join(LEVELS)}; "
            "ismcts or pimc with a budget: ismcts:0.1s, pimc:200it"
        )
    for spec in specs:
        make_bot_from_spec(spec)
    return specs
