"""What a game provides besides its Game, State and Move classes, declared in one place.

A game sets ``parts`` on its :class:`~tablegames.Game` class, most simply with
:meth:`GameParts.of`, naming the module that holds each group of parts::

    parts = GameParts.of(
        serialize="tablegames.currents.serialize",  # to_json, from_json, observation
        text="tablegames.currents.text",  # board_text, describe
        scene="tablegames.currents.scene",  # state_scene
        action_space="tablegames.currents.actions",  # action_space
        puzzles="tablegames.currents.puzzle",  # PUZZLES
        board="tablegames_widgets.currents.board:CurrentsBoard",
    )

Why this shape: a game names each of its modules once and every part is read from it
under the name :data:`FROM_MODULE` gives, so no game repeats seven ``x=x`` lines and a
reader sees in one place where each part lives. The names are the game's own words,
never derived from its package by a convention, and a module is imported only when one
of its parts is first used, so ``import tablegames`` and ``make`` load no game's
serializer, text, picture or action space (the widget layer reads ``board`` the same way).

The engine's generic code reads the declaration and nothing else: ``State.to_json``,
``observation``, ``str(state)`` and ``describe`` call the declared functions,
``Game.scene`` draws the declared scene, ``Game.action_space`` builds the declared space,
the conformance check loads and tests every part declared, the puzzle generator poses
puzzles for a game that declares them, and the widget layer looks up the board named in
``board``. A part kept under another name is named in full (``scene="pkg.pictures:draw"``),
and the fields also take functions themselves (``GameParts(scene=draw)``). Every part is
optional: a game may instead override the State or Game method itself, and a game that
declares nothing still plays, draws its text board and says clearly what it lacks
(``action_space``: NotImplementedError). A part named but missing fails loudly when first
used (and in the conformance check): ImportError naming the part, the module and what is
missing.

>>> import tablegames as tg
>>> parts = tg.make("currents").parts
>>> parts.board
'tablegames_widgets.currents.board:CurrentsBoard'
>>> parts.scene
Reference('tablegames.currents.scene:state_scene')
>>> sorted(n for n in DECLARABLE if getattr(parts, n))  # doctest: +NORMALIZE_WHITESPACE
['action_space', 'board', 'board_text', 'describe', 'from_json', 'observation', 'puzzles',
 'scene', 'to_json']
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .actions import ActionSpace
    from .core import State
    from .scene import Scene

#: Does ``player`` reach the puzzle's goal in this state (the one after a move)?
Goal = Callable[["State", int], bool]
#: The solution in words: (position before, the solution's moves, the player, the kind
#: of puzzle: ``"win"``, ``"save"`` or ``"forced"``) -> one line.
Theme = Callable[["State", Sequence[str], int, str], str]


def _always(state: State, player: int) -> bool:
    return True


@dataclass(frozen=True)
class PuzzleParts:
    """How puzzles are made for a game (read by :mod:`tablegames.puzzles`; its
    ``docs/puzzles.md`` explains the choices)."""

    options: Mapping[str, Any]  #: the game's options for its puzzles
    goal: Goal
    goal_text: str  #: the goal in words, shown with every puzzle
    depth: int  #: longest line of the player's own consecutive decisions
    saves: bool  #: also look for the one defence against a threat (perfect information)
    theme: Theme
    worth: Callable[[State, int], bool] = _always  #: where a search is worth its cost
    #: where the two-turn searches (``forced``, ``saves``) are worth their cost
    deep_worth: Callable[[State, int], bool] = _always
    bots: tuple[str, str] = ("greedy", "random")  #: who plays the games the positions come from
    max_decisions: int = 400  #: a generating game stops here
    forced: bool = False  #: also look for a first move that wins next turn against any reply
    min_line: int = 1  #: shorter solutions are too plain to pose
    #: cap how often one theme pattern (an idea) appears in a set; False where the theme
    #: says too little to tell ideas apart, so only set-ups count
    idea_cap: bool = True
    notes: tuple[str, ...] = field(default=())


#: What :meth:`GameParts.of` reads from each module it is given: for each keyword, the
#: parts that module provides and the name each has there.
FROM_MODULE: Mapping[str, Mapping[str, str]] = {
    "serialize": {"to_json": "to_json", "from_json": "from_json", "observation": "observation"},
    "text": {"board_text": "board_text", "describe": "describe"},
    "scene": {"scene": "state_scene"},
    "action_space": {"action_space": "action_space"},
    "puzzles": {"puzzles": "PUZZLES"},
}
#: Parts that are a value, not a function: their reference, called, returns the value.
VALUES = frozenset({"puzzles"})
_UNSET: Any = object()


class Reference:
    """A part given by name, ``"module:name"``, imported when the part is first used.

    Calling it calls the function it names (a value part such as ``puzzles`` returns the
    value instead); :meth:`load` gives what it names. ImportError, naming the part, when
    the module or the name is missing; TypeError when a function part is no function.

    >>> Reference("tablegames.currents.scene:state_scene", "scene").load().__name__
    'state_scene'
    >>> Reference("tablegames.currents.scene:drawing", "scene").load()  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ImportError: the part 'scene' is declared as ..., but module ... has no 'drawing'
    """

    __slots__ = ("_loaded", "part", "target")

    def __init__(self, target: str, part: str) -> None:
        module, colon, name = target.partition(":")
        if not (module and colon and name.isidentifier()):
            raise ValueError(f"the part {part!r} must be named 'module:name', not {target!r}")
        self.target = target  #: ``"module:name"``
        self.part = part  #: the part it is (a field of :class:`GameParts`)
        self._loaded: Any = _UNSET

    def load(self) -> Any:
        """What the reference names, imported on the first call."""
        if self._loaded is _UNSET:
            self._loaded = _import(self.target, self.part)
        return self._loaded

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        found = self._loaded if self._loaded is not _UNSET else self.load()
        return found if self.part in VALUES else found(*args, **kwargs)

    @property
    def __wrapped__(self) -> Any:
        """The function itself, so that ``inspect.signature`` reads its parameters (the
        scene's settings) as it does through a decorator."""
        if self.part in VALUES:
            raise AttributeError("__wrapped__")
        return self.load()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Reference):
            return NotImplemented
        return (self.target, self.part) == (other.target, other.part)

    def __hash__(self) -> int:
        return hash((self.target, self.part))

    def __repr__(self) -> str:
        return f"Reference({self.target!r})"


def _import(target: str, part: str) -> Any:
    """The object ``target`` (``"module:name"``) names, for the message: ``part``."""
    module, _, name = target.partition(":")
    declared = f"the part {part!r} is declared as {target!r}"
    try:
        found = importlib.import_module(module)
    except ModuleNotFoundError as exc:  # the module named, or a package above it
        if exc.name is None or not (module + ".").startswith(exc.name + "."):
            raise  # a module that the named one imports is missing: its own error
        raise ImportError(f"{declared}, but there is no module {exc.name!r}") from exc
    try:
        value = getattr(found, name)
    except AttributeError:
        raise ImportError(f"{declared}, but module {module!r} has no {name!r}") from None
    if part not in VALUES and not callable(value):
        raise TypeError(f"{declared}, which is a {type(value).__name__}, not a function")
    return value


@dataclass(frozen=True)
class GameParts:
    """A game's parts (see the module). Functions take the state (or the game) first;
    each may be a function or a :class:`Reference` to one (:meth:`of` makes those)."""

    #: ``to_json(state)``: the state as a plain JSON-ready dict (``State.to_json``).
    to_json: Callable[[Any], dict[str, Any]] | None = None
    #: ``from_json(game, data)``: the state ``data`` describes, or InvalidState
    #: (the default ``Game.state_from_json``).
    from_json: Callable[[Any, Mapping[str, Any]], Any] | None = None
    #: ``observation(state, player)``: what that seat may see (``State.observation``).
    observation: Callable[[Any, int], dict[str, Any]] | None = None
    #: ``board_text(state)``: the position as text, every card shown (``str(state)``).
    board_text: Callable[[Any], str] | None = None
    #: ``describe(state)``: one sentence, public information only (``State.describe``,
    #: every board's caption); without it, whose turn it is or who won.
    describe: Callable[[Any], str] | None = None
    #: ``scene(state, viewer=None, **settings)``: the picture (``Game.scene``); it takes
    #: the board's settings it uses as keywords. Without it, the text board.
    scene: Callable[..., Scene] | None = None
    #: ``action_space(game)``: a number for every decision (``Game.action_space``).
    action_space: Callable[[Any], ActionSpace] | None = None
    #: Keys of the state's JSON holding one value per seat that an observation masks as
    #: None where the seat may not see it (Fellowship's roles): the conformance check
    #: holds every unmasked value to the truth. Hidden cards are found by
    #: ``Game.hidden_places`` and ``Game.hidden_cards`` instead.
    hidden_per_seat: tuple[str, ...] = ()
    #: Called with no argument, the game's :class:`PuzzleParts` (a :class:`Reference` to
    #: them loads the puzzle module only when puzzles are made).
    puzzles: Callable[[], PuzzleParts] | None = None
    #: The game's own board widget as ``"module:Class"``, looked up by the widget layer
    #: only (the engine never imports it); None: the generic board draws the scene.
    board: str | None = None

    @classmethod
    def of(
        cls,
        *,
        serialize: str | None = None,
        text: str | None = None,
        scene: str | None = None,
        action_space: str | None = None,
        puzzles: str | None = None,
        board: str | None = None,
        hidden_per_seat: tuple[str, ...] = (),
    ) -> GameParts:
        """The parts held by the modules named, each read under the name
        :data:`FROM_MODULE` gives (``serialize``: ``to_json``, ``from_json`` and
        ``observation``; ``text``: ``board_text`` and ``describe``; ``scene``:
        ``state_scene``; ``action_space``: ``action_space``; ``puzzles``: ``PUZZLES``),
        each module imported when one of its parts is first used. A keyword that gives
        one part may name it in full, ``"module:name"``, when it has another name.

        >>> GameParts.of(text="tablegames.currents.text").describe
        Reference('tablegames.currents.text:describe')
        >>> GameParts.of(scene="tablegames.currents.scene:state_scene").scene
        Reference('tablegames.currents.scene:state_scene')
        """
        modules = {"serialize": serialize, "text": text, "scene": scene}
        modules |= {"action_space": action_space, "puzzles": puzzles}
        found: dict[str, Any] = {}
        for key, module in modules.items():
            if module is None:
                continue
            given = FROM_MODULE[key]
            if ":" not in module:
                found |= {part: Reference(f"{module}:{name}", part) for part, name in given.items()}
            elif len(given) == 1:
                found |= {part: Reference(module, part) for part in given}
            else:
                raise ValueError(f"{key}= names a module (for {', '.join(given)}), not {module!r}")
        return cls(**found, board=board, hidden_per_seat=hidden_per_seat)

    def references(self) -> dict[str, Reference]:
        """The parts given as references, by part (loaded by :meth:`load`)."""
        return {n: v for n in DECLARABLE if isinstance(v := getattr(self, n), Reference)}

    def load(self) -> None:
        """Import every part given as a reference: ImportError or TypeError for one
        named but missing (the conformance check calls this first)."""
        for reference in self.references().values():
            reference.load()


#: The parts a game may declare, in the order above.
DECLARABLE = tuple(f.name for f in fields(GameParts))


__all__ = [
    "DECLARABLE",
    "FROM_MODULE",
    "GameParts",
    "Goal",
    "PuzzleParts",
    "Reference",
    "Theme",
]
