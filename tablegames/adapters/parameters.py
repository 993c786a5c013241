"""Game options as OpenSpiel game parameters, and back.

OpenSpiel parameters are a bool, an int, a float or a string, and a game travels as a
string such as ``python_tablegames_currents(jokers=2,players=4)`` whose values are read
back by their look: ``5`` becomes an int whatever the parameter's declared type. So
each option gets a parameter that survives that trip:

- a bool, int or float default: a parameter of that type;
- ``None`` or an integer (``max_turns``, Poohsticks' ``width``): an int parameter where
  ``0`` stands for ``None`` (``-1`` if 0 is an allowed value);
- a string default: a string parameter; a choice that is not a string (Resistor's
  ``first_amperes`` is ``'roll'``, ``0`` or ``1``) is written in brackets: ``[0]``;
- anything else (lists, such as ``obstacles``): a string parameter holding JSON with
  ``;`` between items, since ``,`` separates the parameters: ``[[2;6];[3;3]]``.

>>> from tablegames.currents.game import OPTIONS
>>> codec = {o.name: Codec(o) for o in OPTIONS}
>>> codec["max_turns"].default, codec["max_turns"].encode(50), codec["max_turns"].decode(0)
(0, 50, None)
>>> codec["obstacles"].encode([[2, 6], [3, 3]]), codec["obstacles"].decode("[[2;6];[3;3]]")
('[[2;6];[3;3]]', [[2, 6], [3, 3]])
"""

from __future__ import annotations

import json
from typing import Any

from ..options import Option

_PLAIN = (bool, int, float, str)


def _accepts(opt: Option, value: Any) -> bool:
    try:
        opt.convert(value)
    except (ValueError, TypeError):
        return False
    return True


def to_text(value: Any) -> str:
    """A value as JSON with ``;`` between items (OpenSpiel keeps ``,`` for parameters)."""
    return json.dumps(_plain(value), separators=(";", ":"))


def from_text(text: str) -> Any:
    """The value written by :func:`to_text`."""
    return json.loads(text.replace(";", ","))


def _plain(v: Any) -> Any:
    return [_plain(x) for x in v] if isinstance(v, (tuple, list)) else v


class Codec:
    """How one option travels as an OpenSpiel parameter (see the module docstring)."""

    def __init__(self, opt: Option) -> None:
        self.option = opt
        d = opt.default
        self.kind = "json"
        self.none: int | None = None
        if isinstance(d, _PLAIN):
            self.kind = "str" if isinstance(d, str) else "plain"
        elif d is None and any(_accepts(opt, i) for i in range(1, 101)):
            self.none = next((s for s in (0, -1) if not _accepts(opt, s)), None)
            if self.none is not None:
                self.kind = "optional int"
        self.default = self.encode(d)

    def encode(self, value: Any) -> Any:
        """The parameter value standing for the option value ``value``."""
        if self.kind == "plain":
            return value
        if self.kind == "optional int":
            return self.none if value is None else value
        if self.kind == "str" and isinstance(value, str):
            return value
        if self.kind == "str":
            return to_text([value])
        return to_text(value)

    def decode(self, param: Any) -> Any:
        """The option value a parameter value stands for; ValueError for unreadable text."""
        if self.kind == "plain" or (self.kind == "str" and _accepts(self.option, param)):
            return param
        if self.kind == "optional int":
            return None if param == self.none else param
        try:
            value = from_text(param)
        except (TypeError, ValueError):
            if self.kind == "str":
                return param  # the option refuses it, naming what it allows
            raise ValueError(
                f"parameter {self.option.name}={param!r} is not JSON text (with ';' between "
                f"items), e.g. {to_text(self.option.default)!r}; the option allows "
                f"{self.option.allowed}"
            ) from None
        if self.kind == "str" and isinstance(value, list) and len(value) == 1:
            return value[0]
        return value
