"""Building frozen dataclasses without their ``__init__``'s per-field detour.

A frozen dataclass's generated ``__init__`` stores each field through
``object.__setattr__(self, name, value)``: a global lookup, an attribute lookup and a store
by name per field, which makes a view of seventeen fields cost several microseconds each
step. With ``slots=True`` each field is a member descriptor of the class, whose ``__set__``
stores the value directly. :func:`maker` generates a function that builds an instance that
way: the same fields, defaults and keyword-only marks, and an instance equal to and
indistinguishable from one the class builds. Only for slotted frozen dataclasses without
``__post_init__`` or default factories (it refuses others).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Point:
...     x: int
...     y: int = 0
>>> make = maker(Point)
>>> make(1, y=2), make(3) == Point(3), type(make(3)) is Point
(Point(x=1, y=2), True, True)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

_T = TypeVar("_T")


def _descriptor(cls: type, name: str) -> Any:
    for klass in cls.__mro__:
        if name in vars(klass):
            found = vars(klass)[name]
            if type(found).__name__ == "member_descriptor":
                return found
            break
    raise TypeError(f"{cls.__name__}.{name} is not a slot: maker() needs slots=True")


def maker(cls: type[_T]) -> Callable[..., _T]:
    """A function building ``cls`` instances like ``cls(...)`` does, field by field."""
    if not dataclasses.is_dataclass(cls) or hasattr(cls, "__post_init__"):
        raise TypeError(f"maker() needs a dataclass without __post_init__, not {cls.__name__}")
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    positional: list[str] = []
    keyword: list[str] = []
    stores: list[str] = []
    for field in dataclasses.fields(cls):
        name = field.name
        if field.default_factory is not dataclasses.MISSING:
            raise TypeError(f"maker() cannot build {cls.__name__}: {name} has a factory")
        param = name
        if field.default is not dataclasses.MISSING:
            namespace[f"_default_{name}"] = field.default
            param = f"{name}=_default_{name}"
        (keyword if field.kw_only else positional).append(param)
        namespace[f"_set_{name}"] = _descriptor(cls, name).__set__
        stores.append(f"    _set_{name}(self, {name})\n")
    params = ", ".join([*positional, *(["*", *keyword] if keyword else [])])
    source = f"def make({params}):\n    self = _new(_cls)\n{''.join(stores)}    return self\n"
    exec(source, namespace)
    make: Callable[..., _T] = namespace["make"]
    return make
