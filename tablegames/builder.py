"""The scratch copy every game's ``apply`` works on: :class:`StateBuilder`.

A state is a frozen slotted dataclass, so ``apply`` copies it into a mutable builder,
lets the game's rules change the copy step by step (the move, then the end of the turn,
the round or the game) and freezes the result into a new state. The copying and the
freezing are the same for every game; only the turn flow differs, so a game's builder
(``<game>/builder.py``) declares, as plain class attributes, the state class it builds,
the move class it makes, the game's name in refusals and which fields it changes in
place, and adds its own methods, ``do(move)`` first (the move and all that follows it)::

    class CardChessBuilder(HandsBuilder[CardChessState]):
        state_class = CardChessState
        move_type = CardChessMove
        title = "Card Chess"
        lists = ("stacks", "hands")

        def do(self, m): ...

The state class derives from :class:`~tablegames.built.BuiltState`, which holds what every
game's state said alike (``current_player``, ``is_terminal``, ``parse_move`` and ``apply``: check
the move, copy the state into its builder, ``do`` the move, freeze); the builder class
registers itself for its state class when it is made. The builder module imports the
state module, never the reverse: the game module imports the builder, so that importing
a game always attaches it (the imports run one way, moves -> state -> builder -> game).
:class:`HandsBuilder`, a game's builder's base in place of :class:`StateBuilder`, adds the
card steps several games share (take a card from a hand, draw up to a hand size).

The declarations are class attributes, not class keywords, and the registry is a table
rather than an attribute set on the state class, because the compiled engine (mypyc)
passes no class keywords to ``__init_subclass__`` and lets no attribute be added to a
compiled class once made.

Every public field of the state becomes an attribute of the builder (the ``lists``
fields as lists, turned back into tuples by :meth:`~StateBuilder.freeze`); ``events``
starts empty and ``last_move`` is the move being applied. Fields whose names start with
``_`` (caches) are left to their defaults in the new state, but for those named by
``carry``: copied and frozen like public fields, for a cache the game's builder keeps
right as it changes the state (or resets to None).

``__init__`` and ``freeze`` here copy the fields one by one by name, which suits any
state; a game whose ``apply`` runs hot (Currents, Poohsticks) writes both out in its
builder, field by field, as plain typed Python.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, ClassVar, Final, Generic, TypeVar

from .cards import add_to_hand, draw_up_to
from .core import expect_move
from .events import Event as _Event
from .events import new_event as _new_event

try:  # mypyc's class options; pure Python without mypy installed needs none
    from mypy_extensions import mypyc_attr as mypyc_attr  # re-exported for the bots
except ImportError:  # pragma: no cover

    def mypyc_attr(*attrs: str, **options: object) -> Callable[[Any], Any]:  # type: ignore[misc]
        return lambda cls: cls


# Final: compiled, the module keeps these in C statics; an imported name is looked up in
# the module's globals each time it is read, and ``apply`` makes events every move
Event: Final = _Event
new_event: Final = _new_event


S = TypeVar("S")


#: The fields every builder has, whatever the game.
_OWN = ("events", "last_move")

#: Each state class's builder, registered by the builder class when it is made.
_BUILDERS: dict[type[Any], type[StateBuilder[Any]]] = {}


# Compiled, a builder class admits interpreted subclasses only when it says so: a game's
# builder left uncompiled, a plug-in's or a test's (tests/test_builder.py) derives from it.
@mypyc_attr(allow_interpreted_subclasses=True)
class StateBuilder(Generic[S]):
    """A mutable scratch copy of a state of the class named by ``state=``; see the module.

    ``lists`` (a class keyword) names the tuple fields the game changes item by item:
    they are copied into lists. Every other field is copied as it is and replaced whole.
    ``carry`` names private fields (caches) copied too (see the module).
    """

    # The fields every game's state has (a game's builder declares its other ones).
    game: Any
    phase: str
    player: int
    seed: int
    winners: frozenset[int]
    #: The new state's events, in order (``Event`` values).
    events: list[_Event]
    #: The move being applied (None when the builder only finishes a state).
    last_move: Any
    #: For a state with a ``_moves`` field (its cache of ``legal_moves()``): the new
    #: state's legal moves when the builder has computed them already, else None.
    _moves: list[Any] | None
    #: The state class this builder copies and builds (None: not named yet).
    state_class: ClassVar[type[Any] | None] = None
    #: The game's move class: ``apply`` refuses anything else, ``parse_move`` reads with it.
    move_type: ClassVar[Any] = None
    #: The game's name in the refusal of a value that is not one of its moves.
    title: ClassVar[str] = ""
    #: The fields copied into lists.
    lists: ClassVar[tuple[str, ...]] = ()
    #: The private fields (caches) copied and frozen like public ones.
    carry: ClassVar[tuple[str, ...]] = ()
    #: The public fields copied as they are (all but ``lists``, ``events``, ``last_move``).
    copied: ClassVar[tuple[str, ...]] = ()
    #: Does the state keep its legal moves in a ``_moves`` field?
    keeps_moves: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Check the declarations of a builder that names its state class, work out the
        fields it copies and register it as that state's builder."""
        super().__init_subclass__(**kwargs)
        state = cls.state_class
        if state is None:
            return
        cls.copied = _copied(state, cls.lists, cls.carry)
        cls.keeps_moves = "_moves" in {f.name for f in dataclasses.fields(state)}
        if hasattr(state, "_check"):  # a BuiltState (tablegames.built), which applies moves
            if cls.move_type is None or not cls.title:
                raise TypeError(
                    f"{cls.__name__} builds {state.__name__}: name its move_type and title"
                )
            _BUILDERS[state] = cls

    def __init__(self, state: S, move: Any = None) -> None:
        """Copy ``state``; ``move`` becomes the new state's ``last_move``."""
        if self.state_class is None:
            raise TypeError(
                f"{type(self).__name__} names no state class: declare it as "
                "state_class = MyState in the builder class"
            )
        for name in self.copied + self.carry:
            setattr(self, name, getattr(state, name))
        for name in self.lists:
            setattr(self, name, list(getattr(state, name)))
        self.events = []
        self.last_move = move
        self._moves = None

    def freeze(self) -> S:
        """The new state: the builder's fields, lists as tuples, the events as a tuple."""
        assert self.state_class is not None
        fields = {name: getattr(self, name) for name in self.copied}
        for name in self.lists:
            fields[name] = tuple(getattr(self, name))
        new: S = self.state_class(events=tuple(self.events), last_move=self.last_move, **fields)
        # the caches: the state is frozen, so they are set as its own __init__ sets fields
        for name in self.carry:
            object.__setattr__(new, name, getattr(self, name))
        if self.keeps_moves:
            object.__setattr__(new, "_moves", self._moves)
        return new

    def do(self, move: Any) -> None:
        """Make ``move`` (already checked legal) and what follows it: the game's turn flow."""
        raise NotImplementedError(f"{type(self).__name__} does not say how to make a move")


@mypyc_attr(allow_interpreted_subclasses=True)
class HandsBuilder(StateBuilder[S]):
    """Builder steps for a game whose state holds ``hands`` (a builder ``lists`` field)
    and, to draw, a ``draw_pile``, a ``discard_pile`` and the ``seed``: the base of the
    game's builder instead of :class:`StateBuilder`."""

    hands: list[tuple[str, ...]]
    draw_pile: tuple[str, ...]
    discard_pile: tuple[str, ...]

    def take(self, player: int, card: str) -> None:
        """Take ``card`` out of ``player``'s hand."""
        hand = self.hands[player]
        i, n = 0, len(hand)
        while i < n and hand[i] != card:  # hand.index(card): compiled, a loop is a fifth
            i += 1
        if i == n:
            raise ValueError(f"{card} is not in player {player}'s hand {list(hand)}")
        self.hands[player] = hand[:i] + hand[i + 1 :]

    def draw_hand(self, player: int, size: int) -> None:
        """Draw up to ``size`` cards, reshuffling the discard pile into an empty draw pile
        (see :func:`tablegames.cards.draw_up_to`); each reshuffle and draw is an event."""
        hand = self.hands[player]
        need = size - len(hand)
        if need <= 0:
            return
        pile = self.draw_pile
        if len(pile) >= need:  # the common case, as draw_up_to would do it
            got = pile[:need]
            self.draw_pile = pile[need:]
            self.hands[player] = add_to_hand(hand, got)
            self.events.append(new_event(Event, ("draw", player, got, "", (), "")))
            return
        d = draw_up_to(hand, size, pile, self.discard_pile, self.seed)
        self.hands[player], self.draw_pile, self.discard_pile, self.seed = d[:4]
        for reshuffled, got in d.steps:
            if reshuffled:
                self.events.append(new_event(Event, ("reshuffle", -1, (), "", (reshuffled,), "")))
            self.events.append(new_event(Event, ("draw", player, got, "", (), "")))


def builder_of(state: type[Any]) -> type[StateBuilder[Any]]:
    """The builder of a state class: its own, else the nearest base class's (a subclass
    of a game's state builds as that state does)."""
    for cls in state.__mro__:
        if cls in _BUILDERS:
            return _BUILDERS[cls]
    raise TypeError(
        f"{state.__name__} has no builder: declare a StateBuilder subclass with "
        f"state_class = {state.__name__} (and import its module)"
    )


def apply_built(state: Any, move: Any) -> Any:
    """``state.apply(move)`` for a state its builder changes (``BuiltState`` and the
    compiled ``NativeBuiltState`` both): a move of the game's own class only, checked by
    the state's ``_check``, then played by a builder and frozen into the new state."""
    builder = _BUILDERS.get(type(state))
    if builder is None:
        builder = builder_of(type(state))
    if type(move) is not builder.move_type:
        expect_move(move, builder.move_type, builder.title)
    state._check(move)
    b = builder(state, move)
    b.do(move)
    return b.freeze()


def parse_built(state: Any, text: Any) -> Any:
    """``state.parse_move(text)`` for a state its builder changes: the move class reads
    the notation (``text`` untyped, so a bad value gets the game's refusal), then the
    state checks that the move is legal here."""
    move = builder_of(type(state)).move_type.from_notation(text)
    state._check(move)
    return move


def listed(move: Any, moves: list[Any] | None) -> bool:
    """Is ``move`` itself (the very object) one of ``moves``? A state's ``_check`` accepts
    a move of its own cached ``legal_moves()`` at once, without comparing field by field."""
    if moves is not None:
        for legal in moves:  # a plain loop: compiled, a third of any(map(is_, ...))'s cost
            if legal is move:
                return True
    return False


def _copied(state: type[Any], lists: tuple[str, ...], carry: tuple[str, ...]) -> tuple[str, ...]:
    """The public fields of ``state`` a builder copies as they are; refuses a state class
    a builder cannot copy, and ``lists`` or ``carry`` naming fields it has not."""
    names = [f.name for f in dataclasses.fields(state)]
    public = [n for n in names if not n.startswith("_")]
    if names[: len(public)] != public or not set(_OWN) <= set(public):
        raise TypeError(
            f"{state.__name__} cannot have a builder: it needs the fields events and "
            "last_move, and its private (_) fields last"
        )
    unknown = set(lists) - set(public)
    if unknown:
        raise TypeError(f"lists names no field of {state.__name__}: {sorted(unknown)}")
    unknown = set(carry) - {n for n in names if n.startswith("_")}
    if unknown:
        raise TypeError(f"carry names no private field of {state.__name__}: {sorted(unknown)}")
    return tuple(n for n in public if n not in _OWN and n not in lists)
