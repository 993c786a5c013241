"""The engine contract shared by every game: Game, State, Move, the registry and ``make``.

A :class:`Game` holds validated options and creates states; a :class:`State` is an
immutable value that knows whose decision it is, which moves are legal and what
applying one gives. Everything generic (bots, records, replays, adapters) is
written against these two classes only.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from .errors import IllegalMove
from .options import Option, resolve
from .parts import GameParts, Reference
from .words import public_sentence as public_sentence  # also read from here (widgets)

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

    from .actions import ActionSpace
    from .scene import Scene


class GameInfo(NamedTuple):
    """Metadata of a game, declared once; docs, bots and adapters read it from here."""

    name: str
    title: str
    min_players: int
    max_players: int
    chance: bool  #: does the game have random events (shuffles)?
    hidden_information: bool  #: do players hold cards the others cannot see?
    rules: str  #: where the rules are written: an address, or a file the game's package ships
    length_bound: str  #: in words: what guarantees that a game ends


class Move(ABC):
    """A move: a small frozen value whose ``str`` is its notation (see ``State.parse_move``)."""

    __slots__ = ()

    @abstractmethod
    def __str__(self) -> str: ...


class State(ABC):
    """An immutable game position. ``apply`` returns a new state; ``self`` never changes."""

    __slots__ = ()

    #: The game (with its options) this state belongs to.
    game: Game
    #: Winning players; empty while playing and for a draw.
    winners: frozenset[int]

    @property
    @abstractmethod
    def current_player(self) -> int:
        """Whose decision it is (for an interrupt, the interrupting player); -1 when over."""

    @abstractmethod
    def legal_moves(self) -> list[Any]:
        """Every legal move of ``current_player``, in a deterministic order; empty when over."""

    @abstractmethod
    def apply(self, move: Any) -> State:
        """The state after ``move``; raises :class:`~tablegames.IllegalMove` if it is not legal."""

    @property
    @abstractmethod
    def is_terminal(self) -> bool: ...

    def returns(self) -> tuple[float, ...]:
        """Per-player result for bots: 1.0 for a winner, -1.0 for a loser, 0.0 otherwise.

        A draw or an unfinished game gives 0.0 to everyone. A game may override it with
        general payoffs (chips won and lost): any finite floats, each winner's above every
        other player's, summing to zero when ``game.zero_sum``; simulations keep them per
        seat (``result_<seat>``) and ``tablegames.analysis.metrics`` reports their means.
        MCTS reads a value as a win chance ``(value + 1) / 2``, so payoffs near -1 to 1
        keep its exploration constant meaningful.
        """
        n = self.game.num_players
        won = self.winners
        if not self.is_terminal or not won:
            return (0.0,) * n
        return tuple(1.0 if p in won else -1.0 for p in range(n))

    # What a game declares in its Game.parts (tablegames.parts) is called from here.

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may see: the JSON form with hidden cards masked as ``None``."""
        return _declared(self.game, "observation", "State.observation")(self, player)  # type: ignore[no-any-return]

    def to_json(self) -> dict[str, Any]:
        """A plain JSON-ready dict; ``game.state_from_json`` rebuilds an equal state."""
        return _declared(self.game, "to_json", "State.to_json")(self)  # type: ignore[no-any-return]

    def __str__(self) -> str:
        """The position as a text board (every card shown); a game that declares no
        ``board_text`` gets the sentence of :func:`public_sentence`."""
        text = self.game.parts.board_text
        return public_sentence(self) if text is None else str(text(self))

    def describe(self) -> str:
        """One sentence describing the position, with public information only: the
        caption of every board (read by screen readers) and the pictures' label. A game
        that declares no ``describe`` (and does not override this) gets a sentence made of
        what every seat knows (whose turn, who won), never its ``str``, which may show
        every hidden card."""
        describe = self.game.parts.describe
        return public_sentence(self) if describe is None else str(describe(self))

    def _repr_svg_(self) -> str:
        """The position as SVG, so a state alone in a notebook cell draws itself."""
        from .scene import state_svg

        return state_svg(self)

    def _repr_png_(self) -> bytes | None:
        """The same picture as PNG when a rasteriser is installed (the ``static`` extra), so
        a stored notebook shows positions even untrusted, where JupyterLab refuses SVG."""
        from .svg import svg_to_png

        return svg_to_png(self._repr_svg_())

    @abstractmethod
    def parse_move(self, text: str) -> Any:
        """The legal move written ``text``.

        InvalidMoveError when the text is not a move at all, IllegalMove when it is not
        legal here."""


def _declared(game: Game, part: str, method: str) -> Any:
    """The function ``game`` declares as ``part`` of its :class:`~tablegames.parts.GameParts`
    (imported on first use when declared by name); NotImplementedError saying how to
    provide it when it declares none."""
    found = getattr(game.parts, part)
    if found is None:
        raise NotImplementedError(
            f"game {game.name!r} declares no {part}: set parts = GameParts({part}=...) on "
            f"its Game class (see tablegames.parts), or override {method}"
        )
    return found.load() if isinstance(found, Reference) else found


class Game(ABC):
    """A game with fixed options. Create it with :func:`tablegames.make`."""

    name: ClassVar[str]
    info: ClassVar[GameInfo]
    option_table: ClassVar[tuple[Option, ...]]
    #: How many random decisions an MCTS playout makes before ``evaluate`` scores it.
    playout_depth: ClassVar[int] = 50
    #: The UCB exploration constant MCTS uses on this game.
    search_exploration: ClassVar[float] = 1.0
    #: The bots ``python -m tablegames ladder`` ranks when given none, weakest first:
    #: rungs each shown to beat the one below (docs/bots.md).
    ladder_rungs: ClassVar[tuple[str, ...]] = ("random", "greedy")
    #: The guided search's playout, ``(rollout depth, epsilon)``; None: its default
    #: (:mod:`tablegames.bots.guided` says what each hint does).
    guided_playout: ClassVar[tuple[int, float] | None] = None
    #: The guided search's progressive widening, ``(base, rate)``; None: no widening.
    guided_widening: ClassVar[tuple[float, float] | None] = None
    #: Columns the game adds to :mod:`tablegames.analysis` rows: (column, the event kind
    #: it counts over a game), and (column, the event kind of the decisions it counts).
    event_columns: ClassVar[tuple[tuple[str, str], ...]] = ()
    decision_columns: ClassVar[tuple[tuple[str, str], ...]] = ()
    #: True when the state has ``hands`` (each kept in canonical order), ``draw_pile``
    #: and ``seed`` fields, every hidden place outside the hands and the draw pile has a
    #: :meth:`redeal_slot`, and :meth:`settle_redealt` settles what :meth:`settle_hidden`
    #: would: :class:`tablegames.determinize.InformationSet` then reads one sample from
    #: JSON and builds the others by replacing those fields, many times faster.
    samples_by_redeal: ClassVar[bool] = False
    #: What the game provides besides its classes: serializer, text, scene, action space,
    #: puzzles, its board widget's name... (see :mod:`tablegames.parts`). Each part left
    #: out falls back to a plain default, or says what is missing when asked for.
    parts: ClassVar[GameParts] = GameParts()

    def __init__(self, **options: Any) -> None:
        self._options = resolve(self.name, self.option_table, options)
        self._key = json.dumps(self.options_json(), sort_keys=True)
        # Every option is also a plain attribute (``game.max_turns``), read on the hot
        # paths; a game declares their types as class annotations and derives the rest
        # after this. An option named like something of the class itself is not copied.
        cls = type(self)
        for key, value in self._options.items():
            if not hasattr(cls, key):
                setattr(self, key, value)

    @property
    def options(self) -> Mapping[str, Any]:
        """The complete, normalised options (read-only)."""
        return MappingProxyType(self._options)

    def options_json(self) -> dict[str, Any]:
        """The options as plain JSON values (tuples become lists)."""
        return {k: _plain(v) for k, v in self._options.items()}

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @abstractmethod
    def initial_state(self, seed: int = 0) -> State:
        """The first state; the same seed always gives the same game."""

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        """Validate ``data`` and build the state; :class:`~tablegames.InvalidState` if not
        (the declared ``from_json``)."""
        return _declared(self, "from_json", "Game.state_from_json")(self, data)  # type: ignore[no-any-return]

    def evaluate(self, state: State) -> tuple[float, ...]:
        """How good ``state`` looks for each player, from -1 (lost) to 1 (won).

        Bots use it to score positions they cannot play to the end. The default knows
        only finished games (``state.returns()``, all 0.0 while playing); games override
        it with a heuristic that reads only what every player can see.
        """
        return state.returns()

    def guided_evaluation(self, state: State) -> tuple[float, ...]:
        """What the guided search scores playouts and priors with: :meth:`evaluate`,
        unless the game overrides this with a heuristic that knows more of it."""
        return self.evaluate(state)

    @property
    def zero_sum(self) -> bool:
        """Whether ``returns()`` always sum to zero: by default true for two players (one
        wins, or nobody); a game where both may share a win says False."""
        return self.num_players == 2

    # ---- fixed action spaces (see tablegames.actions) -----------------------------

    def action_space(self) -> ActionSpace:
        """A number for every decision this game can ever offer, for learning environments
        (:mod:`tablegames.adapters`): the declared ``action_space(game)``, built once per
        game; NotImplementedError for a game that declares none."""
        cached: ActionSpace | None = self.__dict__.get("_action_space")
        if cached is None:
            build = _declared(self, "action_space", "Game.action_space")
            cached = self.__dict__["_action_space"] = build(self)
        return cached

    # ---- pictures (see tablegames.scene) ------------------------------------------

    def scene(self, state: State, viewer: int | None = None, **settings: Any) -> Scene:
        """The picture of ``state`` as seat ``viewer`` may see it (None: everything, for a
        hotseat or the author's own notebook): a :class:`tablegames.scene.Scene`. Pages
        draw it for a seat with ``viewer`` set, so it must show nothing that seat may
        not see (the conformance check compares it across every redeal of what the seat
        cannot see). ``settings`` are the board's (``square``, ``four_colour``, ...):
        take the ones you use as keyword parameters.

        The default draws the declared ``scene`` (``parts.scene``), or the text board; for
        a game with hidden cards whose picture takes no ``viewer``, a seat gets its
        observation as text instead.
        """
        from .scene import declared_scene

        return declared_scene(state, viewer, settings)

    # ---- hidden information (see tablegames.determinize) --------------------------

    def hidden_cards(self, state: State, player: int) -> list[str]:
        """The cards ``player`` may not see in ``state`` (each once per copy): the truth
        behind the masked places of its observation, as many as ``hidden_places`` finds
        there. By default the other players' hands and the draw pile of
        ``state.to_json()``; a game that turns cards face up (a showdown) or hides cards
        elsewhere overrides it. The conformance check compares the observation with it."""
        d = state.to_json()
        out = [c for q, h in enumerate(d.get("hands", [])) if q != player for c in h]
        return out + list(d.get("draw_pile", []))

    def card_deck(self) -> tuple[str, ...]:
        """Every card in play, for sampling hidden cards; empty for a game without cards."""
        deck: tuple[str, ...] = getattr(self, "deck", ())
        return deck

    def hidden_places(self, d: dict[str, Any]) -> list[tuple[list[Any], int]]:
        """The places of observation ``d`` where a hidden card lies (as list and index):
        by default the masked cards of the hands and of the draw pile."""
        places = [(h, i) for h in d.get("hands", []) for i, c in enumerate(h) if c is None]
        pile = d.get("draw_pile", [])
        return places + [(pile, i) for i, c in enumerate(pile) if c is None]

    def redeal_slot(self, d: dict[str, Any], values: list[Any], index: int) -> tuple[str, int]:
        """Where the hidden place ``values[index]`` of observation ``d`` (outside the hands
        and the draw pile) lies in a state: a tuple field of the state and the index in it
        (see :attr:`samples_by_redeal`)."""
        raise NotImplementedError(f"{self.name} has hidden places outside hands and draw pile")

    def settle_redealt(  # noqa: B027
        self, template: Mapping[str, Any], fields: dict[str, Any], gen: random.Random
    ) -> None:
        """A redealt sample's :meth:`settle_hidden`: given the observation ``template`` and
        the sample's new ``fields`` (hands as tuples, by default), add whatever else the
        deal decides, drawing from ``gen`` exactly as ``settle_hidden`` does (default:
        nothing, for games with nothing else hidden)."""

    def settle_hidden(self, d: dict[str, Any], gen: random.Random) -> None:  # noqa: B027
        """Fill in what else an observation hides once its cards are dealt (default: nothing)."""

    def determinize(self, observation: Mapping[str, Any], seed: int = 0) -> State:
        """One full state consistent with ``observation``: hidden cards dealt at random.

        Searches that sample many states should build a
        :class:`tablegames.determinize.InformationSet` once instead.
        """
        from .determinize import InformationSet

        return InformationSet(self, observation).sample(random.Random(seed))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and (self.name, self._key) == (other.name, other._key)

    def __hash__(self) -> int:
        return hash((self.name, self._key))

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self._options.items())
        return f"tablegames.make({self.name!r}, {args})"


def relative(raw: list[float] | tuple[float, ...], scale: float = 0.5) -> tuple[float, ...]:
    """Each player's ``raw`` figure (0 to 1, higher is better) minus the others' mean,
    times ``scale``: the shape of every game's ``evaluate``, kept below a real win.

    >>> relative([1.0, 0.0])
    (0.5, -0.5)
    """
    n = len(raw)
    total = sum(raw)
    return tuple([scale * (r - (total - r) / (n - 1)) for r in raw])  # a list: faster


def _plain(v: Any) -> Any:
    if isinstance(v, (tuple, list)):
        return [_plain(x) for x in v]
    return v


#: The entry-point group through which a package declares its games
#: (``name = "package.module:GameClass"``); see README, "Writing a game".
ENTRY_POINT_GROUP = "tablegames.games"


class Registry(Mapping[str, type["Game"]]):
    """The games by name, all found through entry points of the group
    ``tablegames.games``: first this package's five, in the order of the rule texts, then
    every game another installed package declares.

    This package declares its own games in ``tablegames/entry_points.txt`` (the format of
    an installed package's ``entry_points.txt``, read the same way), so a source checkout
    that was never pip-installed knows them too. Nothing is read at import, so ``import
    tablegames`` stays fast: that file on the first look, the installed packages' entry
    points (a scan of every distribution, about 0.1 s) only when a name is not among this
    package's games or the whole list is asked for. A declaration that fails to load (or
    names no Game class of that name) is skipped with a warning instead of breaking the
    lookup.
    """

    def __init__(self) -> None:
        self._games: dict[str, type[Game]] | None = None
        self._installed_read = False

    def _loaded(self, name: object = None) -> dict[str, type[Game]]:
        """The games loaded so far, with the installed packages' too unless ``name`` is
        one of this package's."""
        if self._games is None:
            self._games = _load_games(_own_declarations(), {})
        if not self._installed_read and (name is None or name not in self._games):
            self._installed_read = True
            self._games = _load_games(_installed_declarations(), self._games)
        return self._games

    def __getitem__(self, name: str) -> type[Game]:
        return self._loaded(name)[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._loaded())

    def __len__(self) -> int:
        return len(self._loaded())

    def __repr__(self) -> str:
        return repr(self._loaded())


def _own_declarations() -> list[EntryPoint]:
    """This package's games (``tablegames/entry_points.txt``), in their order."""
    from importlib.metadata import PathDistribution
    from pathlib import Path

    own = PathDistribution(Path(__file__).parent).entry_points
    return list(own.select(group=ENTRY_POINT_GROUP))


def _installed_declarations() -> list[EntryPoint]:
    """The games the installed packages declare (this package's again, when installed)."""
    import warnings
    from importlib.metadata import entry_points

    try:
        return list(entry_points(group=ENTRY_POINT_GROUP))
    except Exception as exc:  # a broken distribution must not break the registry
        warnings.warn(f"tablegames: cannot read the game entry points: {exc}", stacklevel=4)
        return []


def _load_games(declared: list[EntryPoint], games: dict[str, type[Game]]) -> dict[str, type[Game]]:
    """``games`` and then each game ``declared`` under a name not taken yet (so a stale
    install cannot reorder this package's games)."""
    import warnings

    games = dict(games)
    for ep in declared:
        if ep.name in games:
            continue
        try:
            cls = ep.load()
            ok = isinstance(cls, type) and issubclass(cls, Game)
            if not ok or getattr(cls, "name", None) != ep.name:
                raise TypeError(f"{ep.value} is not a Game class named {ep.name!r}")
        except Exception as exc:  # a broken plugin: warn and skip it
            warnings.warn(
                f"tablegames: skipping the game {ep.name!r} ({ep.value}): "
                f"{type(exc).__name__}: {exc}",
                stacklevel=4,
            )
            continue
        games[ep.name] = cls
    return games


#: Every registered game by name (see :class:`Registry`).
GAMES: Registry = Registry()


def make(name: str, **options: Any) -> Game:
    """The game ``name`` with ``options``; ValueError for an unknown game or a bad option.

    >>> import tablegames as tg
    >>> tg.make("currents", players=2).num_players
    2
    """
    try:
        cls = GAMES[name]
    except (KeyError, TypeError):
        raise ValueError(
            f"unknown game {name!r}; the games are: {', '.join(sorted(GAMES))}"
        ) from None
    return cls(**options)


def expect_move(move: object, cls: type, title: str) -> None:
    """Raise IllegalMove unless ``move`` is one of this game's move objects (a common slip
    is passing the notation text: the message says how to parse it)."""
    if isinstance(move, cls):
        return
    if isinstance(move, str):
        raise IllegalMove(
            f"apply takes a move object, not the text {move!r}: use "
            f"state.apply(state.parse_move({move!r}))"
        )
    raise IllegalMove(f"{move!r} is not a {title} move; take one from legal_moves()")


def check_player(game: Game, player: object) -> int:
    """Validate a player index for ``game``."""
    if (
        isinstance(player, bool)
        or not isinstance(player, int)
        or not 0 <= player < game.num_players
    ):
        raise ValueError(
            f"player must be an index from 0 to {game.num_players - 1}, not {player!r}"
        )
    return player
