"""Declared game options: one table per game, checked the same way for every game.

Each game lists its options as :class:`Option` values; :func:`resolve` turns keyword
arguments (or JSON) into a complete, normalised dict, and raises ValueError naming
the option and what it allows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Option:
    """One option: its name, default, what it allows (in words) and how to normalise a value.

    ``convert`` returns the normalised value or raises ValueError/TypeError; the
    message shown to the user is built from ``allowed``.
    """

    name: str
    default: Any
    allowed: str
    convert: Callable[[Any], Any]
    doc: str = ""
    #: For the turn cap (:func:`max_turns_option`): what one turn is in this game, in words.
    counts: str = ""

    @property
    def choices(self) -> tuple[Any, ...] | None:
        """The allowed values of a choice option (for menus); None for other options."""
        return getattr(self.convert, "values", None)


def choice(*values: Any) -> Callable[[Any], Any]:
    """A converter accepting exactly one of ``values`` (bools are not ints here)."""

    def convert(v: Any) -> Any:
        for allowed in values:
            if v == allowed and type(v) is type(allowed):
                return allowed
        raise ValueError(v)

    convert.values = values  # type: ignore[attr-defined]
    return convert


def boolean(v: Any) -> bool:
    if isinstance(v, bool):
        return v
    raise ValueError(v)


def optional_positive_int(v: Any) -> int | None:
    if v is None:
        return None
    if isinstance(v, int) and not isinstance(v, bool) and v > 0:
        return v
    raise ValueError(v)


#: What ``max_turns`` means, the same in every game (each game says what a turn is).
MAX_TURNS_MEANING = (
    "for simulations and bounded play: once this many turns have been played in the whole "
    "game, the game stops at once, unfinished, with no winner"
)


def max_turns_option(counts: str, detail: str = "") -> Option:
    """The turn cap, one name and one meaning in every game: ``None`` (no cap) or a
    positive integer. ``counts`` says in a few words what one turn is in the game (shown
    in the option's doc and in the refusal of a retired cap name), ``detail`` adds what
    else the doc should say (what is not a turn, which win still stands)."""
    return Option(
        "max_turns",
        None,
        "None or a positive integer",
        optional_positive_int,
        f"{MAX_TURNS_MEANING}. It counts {counts}" + (f"; {detail}" if detail else ""),
        counts=counts,
    )


#: Option names the games no longer have, and the option to use instead. A game whose
#: table does not declare the name refuses it with a message naming the replacement.
RETIRED: dict[str, str] = {
    "max_plies": "max_turns",  # Card Chess's move cap
    "max_rounds": "max_turns",  # Resistor's cap on tie-break rounds
}


def int_range(
    lo: int, hi: int | None = None, *, optional: bool = False, even: bool = False
) -> Callable[[Any], Any]:
    """A converter accepting an integer (not a bool) from ``lo`` to ``hi`` (``None``: no upper
    bound), only even ones if ``even``, and ``None`` too if ``optional``.

    >>> int_range(0, 8)(3), int_range(2, even=True, optional=True)(None)
    (3, None)
    """

    def convert(v: Any) -> Any:
        if v is None and optional:
            return None
        if (
            isinstance(v, int)
            and not isinstance(v, bool)
            and lo <= v
            and (hi is None or v <= hi)
            and not (even and v % 2)
        ):
            return v
        raise ValueError(v)

    if hi is not None and not optional:  # a short closed range is a menu (play pages)
        convert.values = tuple(v for v in range(lo, hi + 1) if not (even and v % 2))  # type: ignore[attr-defined]
    return convert


def retired_message(game: str, table: Sequence[Option], name: str) -> str | None:
    """Why ``name`` is refused if it is a retired option name (see :data:`RETIRED`) that
    ``table`` does not declare while it declares the replacement; None otherwise."""
    new = RETIRED.get(name)
    names = [o.name for o in table]
    if new is None or name in names or new not in names:
        return None
    counts = next(o.counts for o in table if o.name == new)
    return f"option {name} is no longer an option of {game}: use {new}" + (
        f" (it counts {counts})" if counts else ""
    )


def resolve(game: str, table: Sequence[Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """Complete and normalise ``given`` against ``table``; ValueError on anything unknown or bad."""
    names = [o.name for o in table]
    for k in given:
        retired = retired_message(game, table, k)
        if retired:
            raise ValueError(retired)
    unknown = [k for k in given if k not in names]
    if unknown:
        raise ValueError(
            f"unknown option{'s' if len(unknown) > 1 else ''} {', '.join(map(repr, unknown))} "
            f"for {game}; its options are: {', '.join(names)}"
        )
    out: dict[str, Any] = {}
    for o in table:
        value = given.get(o.name, o.default)
        try:
            out[o.name] = o.convert(value)
        except (ValueError, TypeError):
            raise ValueError(
                f"option {o.name}={value!r} is not allowed for {game}: {o.allowed}"
            ) from None
    return out


def describe(table: Sequence[Option]) -> str:
    """A plain-text table of the options, for help texts and docs."""
    return "\n".join(
        f"{o.name} (default {o.default!r}): {o.allowed}. {o.doc}".rstrip() for o in table
    )
