"""Values of compiled classes that behave as frozen dataclasses do: :class:`NativeValue`,
:class:`FrozenValue` and :func:`field_table` (see :mod:`tablegames.nativebuilt`, and each
game's moves). Imports nothing of the engine, so that every module may build on it."""

from __future__ import annotations

import dataclasses
from dataclasses import FrozenInstanceError
from typing import Any, ClassVar

try:  # mypyc's native integer: a C int64 compiled, a plain int in pure Python
    from mypy_extensions import i64 as i64
except ImportError:  # pragma: no cover (pure Python without mypy installed)
    i64 = int  # type: ignore[misc]

#: dataclasses.field, untyped: its stub's type (the default's) would make mypyc check it.
_field: Any = dataclasses.field


def field_table(fields: tuple[str, ...], private: tuple[str, ...] = ()) -> dict[str, Any]:
    """A ``__dataclass_fields__`` table for a native state: ``fields`` as init fields,
    ``private`` as fields left out of ``__init__`` and of comparisons (as a dataclass's
    ``field(init=False, compare=False)``), so ``dataclasses.fields`` and ``replace``
    read the class as the dataclass it replaces."""
    spec: list[Any] = [(name, Any) for name in fields]
    spec += [(name, Any, _field(default=None, init=False, compare=False)) for name in private]
    made: Any = dataclasses.make_dataclass("_Fields", spec)
    table: dict[str, Any] = made.__dataclass_fields__
    return table


class NativeValue:
    """A value of a compiled class compared as a frozen dataclass is: equal to another
    of the same class whose ``fields`` are equal, hashed from them."""

    #: The fields ``__init__`` takes, in order (equality, hashing and ``replace`` read them).
    fields: ClassVar[tuple[str, ...]] = ()

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self.fields)

    def __ne__(self, other: object) -> bool:
        same = self.__eq__(other)
        return same if same is NotImplemented else not same

    def __hash__(self) -> int:
        return hash(tuple([getattr(self, name) for name in self.fields]))

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Copies and pickles rebuild the value by ``__init__`` from ``fields`` (a compiled
        class's default would call ``__init__`` with no arguments)."""
        return type(self), tuple([getattr(self, name) for name in self.fields])


class FrozenValue(NativeValue):
    """A :class:`NativeValue` that refuses change as a frozen dataclass does: assigning or
    deleting any attribute raises ``dataclasses.FrozenInstanceError``, on both engines.
    The class's ``__init__`` stores its fields by ``object.__setattr__(self, "name",
    value)`` (compiled, a plain store into the instance). The base of the native states
    (:class:`~tablegames.nativebuilt.NativeBuiltState`) and of the games' moves."""

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")
