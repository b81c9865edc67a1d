"""Bot specifications for simulations: a bot or level name with an optional search budget.

A spec is text, so it crosses process and machine boundaries as is and every worker builds
its own bot: ``greedy``, ``random``, a level (``easy`` ... ``expert``), or ``ismcts`` or
``pimc`` with a budget per decision, ``ismcts:0.1s`` (seconds) or ``pimc:200it`` (iterations),
optionally followed by the bar for overruling the prior in standard errors, ``ismcts:800it:z2``
(the bot's ``confidence``; default 3 for ``ismcts``, 2 for ``pimc``).

>>> make_bot_from_spec("ismcts:200it").iterations
200
>>> make_bot_from_spec("ismcts:0.05s").seconds
0.05
>>> make_bot_from_spec("ismcts:800it:z1.5").confidence
1.5
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
    label = spec.strip().lower()
    budget, colon, bar = budget.partition(":")
    confidence: float | None = None
    if colon:
        value = _number(bar[1:]) if bar.startswith("z") else None
        if value is None or not value > 0:
            raise ValueError(
                f"bot spec {spec!r}: after the budget comes the bar in standard errors, "
                "greater than 0 (ismcts:800it:z2)"
            )
        confidence = value
    bot: ISMCTSBot | PIMCBot | None = None
    try:
        if budget.endswith("it"):
            bot = factory(iterations=int(budget[:-2]), name=label)
        elif budget.endswith("s"):
            bot = factory(seconds=float(budget[:-1]), name=label)
    except ValueError as exc:
        raise ValueError(f"bot spec {spec!r}: {exc}") from None
    if bot is not None:
        if confidence is not None:
            bot.confidence = confidence
        return bot
    raise ValueError(f"bot spec {spec!r}: write the budget as seconds (0.1s) or iterations (200it)")


def _number(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


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
