"""Poohsticks' game object: options, metadata, the river's geometry and the initial state.

The river is a grid of ``length`` rows (row 1 is where boats enter, the last row where
they exit) and ``width`` columns (A, B, ...). A cell is named column letter then row
number (``B1``) and numbered ``row * width + col`` inside the engine. A ``shape`` mask
leaves some cells without a card (bends, narrowings).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable
from typing import Any

from .. import rng
from ..cards import deal, shuffled, sort_cards, standard_deck
from ..core import Game, GameInfo, State, relative
from ..options import Option, boolean, choice, optional_positive_int
from ..parts import GameParts
from .builder import PoohsticksBuilder  # noqa: F401  (the state's builder: see tablegames.builder)
from .heuristic import guided_value
from .state import HAND_SIZE, PoohsticksState, river_layout

#: Boat suits by player: player 0 sails the ace of spades, then diamonds, hearts, clubs.
BOAT_SUITS = "SDHC"
BOATS = tuple("A" + s for s in BOAT_SUITS)
MAX_WIDTH = 8
MAX_LENGTH = 20
COLUMNS = "ABCDEFGH"


def _optional_int(lo: int, hi: int) -> Any:
    def convert(v: Any) -> int | None:
        if v is None:
            return None
        if isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi:
            return v
        raise ValueError(v)

    return convert


def _count(v: Any) -> int:
    if isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 40:
        return v
    raise ValueError(v)


def _bridge_row(v: Any) -> int | None:
    """None (the middle row) or a river row number 2 to MAX_LENGTH: never row 1."""
    if v is None:
        return None
    if isinstance(v, int) and not isinstance(v, bool) and 2 <= v <= MAX_LENGTH:
        return v
    raise ValueError(v)


_bridge_row.values = (None, *range(2, MAX_LENGTH + 1))  # type: ignore[attr-defined]


def _shape(v: Any) -> tuple[str, ...] | None:
    """None, or a list of equally long strings of '#' (a card) and '.' (no card)."""
    if v is None:
        return None
    if isinstance(v, (str, bytes)) or not isinstance(v, (list, tuple)) or not v:
        raise ValueError(v)
    rows = tuple(v)
    if not all(isinstance(r, str) and r and set(r) <= {"#", "."} for r in rows):
        raise ValueError(v)
    if len({len(r) for r in rows}) != 1 or len(rows[0]) > MAX_WIDTH or len(rows) > MAX_LENGTH:
        raise ValueError(v)
    return rows


OPTIONS = (
    Option(
        "players",
        2,
        "2, 3 or 4",
        choice(2, 3, 4),
        "how many players race, one boat each: spades, diamonds, hearts and clubs, in seat order",
    ),
    Option(
        "width",
        None,
        f"None (one column per player, or the shape's width) or an integer 2 to {MAX_WIDTH}",
        _optional_int(2, MAX_WIDTH),
        "how many columns of cards lie side by side in the river, lettered from A",
    ),
    Option(
        "length",
        None,
        f"None (6 rows, or the shape's rows) or an integer 2 to {MAX_LENGTH}",
        _optional_int(2, MAX_LENGTH),
        "how many rows the river has, from the entry row down to the row boats leave from",
    ),
    Option(
        "bridge",
        False,
        "True or False",
        boolean,
        "the Under the Bridge variant: one row is dealt face down, and a boat arriving "
        "just in front of a face-down card turns it face up, which ends its turn",
    ),
    Option(
        "bridge_row",
        None,
        f"None (the middle row: row 4 of 6) or a row number 2 to {MAX_LENGTH} within the "
        "river (any row but the first, where boats enter), only with the bridge variant on",
        _bridge_row,
        "which row lies face down in the Under the Bridge variant, counted from the entry row",
    ),
    Option(
        "rocks",
        0,
        "an integer 0 to 40",
        _count,
        "the Rocks in the Rapids variant: how many river cards are dealt face down as rocks, "
        "which no boat may move onto, so boats go around them",
    ),
    Option(
        "boat_powers",
        False,
        "True or False",
        boolean,
        "the boat powers variant: once per game, each boat may take one step onto a face-up "
        "card of its own suit without paying",
    ),
    Option(
        "discard_when_stuck",
        "no move",
        "'no move' (the rules' reading) or 'any turn'",
        choice("no move", "any turn"),
        "when a player may discard 1-3 cards and redraw, ending the turn: 'no move', only when "
        "no boat move, exit or boat power is possible (as the rules say); 'any turn', at the "
        "start of any turn instead of moving (a remedy for races where both boats could still "
        "step sideways but neither could go on, so neither could discard)",
    ),
    Option(
        "shape",
        None,
        f"None (a full rectangle) or a list of equally long strings (at most {MAX_WIDTH} "
        f"wide and {MAX_LENGTH} long) of '#' (a card) and '.' (no card), first row first",
        _shape,
        "which places of the river hold a card, for a river that bends or narrows",
    ),
    # Not the shared max_turns_option: its "with no winner" is untrue here, where a boat
    # that left the river in the round the cap interrupts has already won.
    Option(
        "max_turns",
        None,
        "None or a positive integer",
        optional_positive_int,
        "for simulations and bounded play: once this many turns (each player's turn counts "
        "one) have been played, the game stops at once; the players whose boats left the "
        "river in the round it cuts short win, and if no boat has left, nobody wins",
        counts="each player's turn",
    ),
)


class PoohsticksGame(Game):
    """Poohsticks (card game): race your ace boat down a river of cards by arithmetic.

    >>> import tablegames as tg
    >>> game = tg.make("poohsticks", players=2)
    >>> state = game.initial_state(seed=3)
    >>> state.current_player, len(state.river), len(state.hands[0])
    (0, 12, 3)
    """

    name = "poohsticks"
    info = GameInfo(
        name="poohsticks",
        title="Poohsticks",
        min_players=2,
        max_players=4,
        chance=True,
        hidden_information=True,
        rules="fellowship-and-poohsticks.txt",
        length_bound="none in the rules; the max_turns option caps the turns of a game",
    )
    option_table = OPTIONS
    ladder_rungs = ("random", "greedy", "guided:300")
    parts = GameParts.of(
        serialize="tablegames.poohsticks.serialize",
        text="tablegames.poohsticks.text",
        scene="tablegames.poohsticks.scene",
        action_space="tablegames.poohsticks.actions",
        puzzles="tablegames.poohsticks.puzzle",
        board="tablegames_widgets.poohsticks.board:PoohsticksBoard",
    )
    # the options, set as attributes by Game.__init__
    players: int
    bridge: bool
    rocks: int
    boat_powers: bool
    discard_when_stuck: str
    max_turns: int | None

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        o = self._options
        width, length = _dimensions(o["shape"], o["width"], o["length"])
        self.width: int = width if width is not None else self.players
        self.length: int = length if length is not None else 6
        self._lay_out_river(o["shape"])
        self._place_bridge(o["bridge_row"])
        shortest = _shortest(self, ())
        assert shortest is not None
        room = len(self.cells) - len(shortest)
        if self.rocks > room:
            raise ValueError(
                f"option rocks={self.rocks} is too many for this river: at most {room} "
                "rocks leave a path from the first row to the last"
            )
        self.boats: tuple[str, ...] = BOATS[: self.players]
        self.deck: tuple[str, ...] = tuple(c for c in standard_deck() if c not in self.boats)
        need = len(self.cells) + HAND_SIZE * self.players
        if need > len(self.deck):
            raise ValueError(
                f"this river has {len(self.cells)} cards and {self.players} hands take "
                f"{HAND_SIZE * self.players}, more than the {len(self.deck)} cards left "
                "beside the boats: choose a smaller width or length"
            )

    def _lay_out_river(self, shape: tuple[str, ...] | None) -> None:
        """The cells with a card (all, or the ``shape``'s), their names and neighbours, and
        the first and last rows; a shape must leave a path from the first row to the last."""
        w, n_cells = self.width, self.width * self.length
        present = [shape is None or shape[i // w][i % w] == "#" for i in range(n_cells)]
        #: cell indices holding a card, in reading order (row 1 first)
        self.cells: tuple[int, ...] = tuple(i for i in range(n_cells) if present[i])
        self.cell_set = frozenset(self.cells)
        self.names: tuple[str, ...] = tuple(f"{COLUMNS[i % w]}{i // w + 1}" for i in range(n_cells))
        self.index: dict[str, int] = {name: i for i, name in enumerate(self.names)}
        self.first_row = tuple(i for i in self.cells if i < w)
        self.last_row = tuple(i for i in self.cells if i >= n_cells - w)
        self.last_row_set = frozenset(self.last_row)
        #: orthogonal neighbours with a card, in cell order
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(j for j in _around(i, w, n_cells) if present[j])) for i in range(n_cells)
        )
        if not self.first_row or not self.last_row or _shortest(self, ()) is None:
            raise ValueError(
                "option shape must leave a path of cards from the first row to the last"
            )

    def _place_bridge(self, row: int | None) -> None:
        """The Under the Bridge row (0-based) and its cells: ``row`` counts from 1."""
        w = self.width
        if row is not None and not self.bridge:
            raise ValueError(
                f"option bridge_row={row} places the Under the Bridge row: it needs bridge=True"
            )
        if row is not None and row > self.length:
            raise ValueError(
                f"option bridge_row={row} lies beyond the river, which has {self.length} rows: "
                f"choose a row 2 to {self.length}"
            )
        #: the Under the Bridge row, 0-based (the option counts from 1): by default the
        #: middle row ``length // 2`` (row 4 of 6), never the first
        self.bridge_row: int | None = (
            (self.length // 2 if row is None else row - 1) if self.bridge else None
        )
        self.bridge_cells: tuple[int, ...] = (
            tuple(i for i in self.cells if i // w == self.bridge_row) if self.bridge else ()
        )
        #: the above, as the compiled moves and builder read them (see RiverLayout)
        self.layout = river_layout(self)

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def zero_sum(self) -> bool:
        """False: boats that exit in the same round share the win (each scores 1)."""
        return False

    def initial_state(self, seed: int = 0) -> PoohsticksState:  # type: ignore[override]
        """The river laid out face up (bridge row and rocks face down), three cards each."""
        gen = rng.generator(rng.check_seed(seed))
        pile = shuffled(self.deck, gen)
        n_cells = self.width * self.length
        river: list[str | None] = [None] * n_cells
        for k, i in enumerate(self.cells):
            river[i] = pile[k]
        rest = pile[len(self.cells) :]
        rocks = self.lay_rocks(gen)
        hands, rest = deal(rest, self.players, HAND_SIZE)
        rock_set = set(rocks)
        return PoohsticksState(
            game=self,
            phase="play",
            player=0,
            turn=0,
            river=tuple(river),
            face_down=tuple(c for c in self.bridge_cells if c not in rock_set),
            rocks=rocks,
            boats=(None,) * self.players,
            exited=(),
            hands=tuple(sort_cards(h) for h in hands),
            draw_pile=rest,
            discard_pile=(),
            moved=False,
            powers_used=(False,) * self.players,
            seed=rng.next_seed(gen),
        )

    def lay_rocks(self, gen: random.Random) -> tuple[int, ...]:
        """``rocks`` cells chosen by ``gen`` off one random shortest path, so a path from
        the first row to the last always remains. Rocks may lie on the bridge row (a rock
        there is a rock, not a bridge card); the path keeps one bridge card free."""
        if not self.rocks:
            return ()
        path = _shortest(self, (), gen)
        assert path is not None
        free = [i for i in self.cells if i not in path]
        return tuple(sorted(gen.sample(free, self.rocks)))

    def has_path(self, blocked: Iterable[int]) -> bool:
        """Is there a path of cards from the first row to the last avoiding ``blocked``?"""
        return _shortest(self, tuple(blocked)) is not None

    #: The guided search (:class:`tablegames.bots.GuidedMCTSBot`) scores its playouts
    #: with the hands' promise too: progress alone ties a boat that can leave the river
    #: with one that cannot (docs/bots.md).
    def guided_evaluation(self, state: State) -> tuple[float, ...]:
        return guided_value(state)

    def evaluate(self, state: State) -> tuple[float, ...]:
        """How far down the river each player's boat has come (exited: all the way)."""
        if state.is_terminal:
            return state.returns()
        assert isinstance(state, PoohsticksState)
        w, n = self.width, self.length
        progress = [
            1.0 if p in state.exited else 0.0 if b is None else (b // w + 1) / (n + 1)
            for p, b in enumerate(state.boats)
        ]
        return relative(progress)

    def hidden_cards(self, state: State, player: int) -> list[str]:
        """The other hands, the draw pile, and the face-down bridge and rock cards."""
        d = state.to_json()
        out = super().hidden_cards(state, player)
        w = self.width
        for cell in (*d["face_down"], *d["rocks"]):
            i = self.index[cell]
            out.append(d["river"][i // w][i % w])
        return out

    def hidden_places(self, d: dict[str, Any]) -> list[tuple[list[Any], int]]:
        """Hands, draw pile, and the face-down bridge and rock cards of the river."""
        places = super().hidden_places(d)
        river, w = d.get("river", []), self.width
        for i in sorted({self.index[n] for n in (*d.get("face_down", []), *d.get("rocks", []))}):
            if river[i // w][i % w] is None:
                places.append((river[i // w], i % w))
        return places

    #: Hidden cards lie in the hands, the draw pile and the river (face-down bridge cards
    #: and rocks), whose places :meth:`redeal_slot` finds in the state's ``river``.
    samples_by_redeal = True

    def redeal_slot(self, d: dict[str, Any], values: list[Any], index: int) -> tuple[str, int]:
        """A hidden river card: its cell in the state's ``river`` (row by row)."""
        row = next(r for r, cells in enumerate(d["river"]) if cells is values)
        return "river", row * self.width + index


def _dimensions(
    shape: tuple[str, ...] | None, width: int | None, length: int | None
) -> tuple[int | None, int | None]:
    """The river's width and length as the options give them, taken from the ``shape``
    when there is one (which the two options, if given, must agree with)."""
    if shape is not None:
        if width is not None and width != len(shape[0]):
            raise ValueError(
                f"option width={width} disagrees with the shape, whose rows are "
                f"{len(shape[0])} wide (leave width out)"
            )
        if length is not None and length != len(shape):
            raise ValueError(
                f"option length={length} disagrees with the shape, which has "
                f"{len(shape)} rows (leave length out)"
            )
        width, length = len(shape[0]), len(shape)
        if length < 2 or width < 2:
            raise ValueError("option shape must be at least 2 wide and 2 long")
    return width, length


def _around(i: int, w: int, n: int) -> list[int]:
    out = []
    if i >= w:
        out.append(i - w)
    if i % w:
        out.append(i - 1)
    if i % w < w - 1:
        out.append(i + 1)
    if i + w < n:
        out.append(i + w)
    return out


def _shortest(
    game: PoohsticksGame, blocked: tuple[int, ...], gen: random.Random | None = None
) -> set[int] | None:
    """The cells of a shortest path from the first row to the last avoiding ``blocked``
    (random among shortest ones when ``gen`` is given), or None when there is none."""
    bad = set(blocked)
    starts = [i for i in game.first_row if i not in bad]
    if gen is not None:
        gen.shuffle(starts)
    came: dict[int, int] = {i: -1 for i in starts}
    queue = deque(starts)
    while queue:
        i = queue.popleft()
        if i in game.last_row_set:
            path = set()
            while i != -1:
                path.add(i)
                i = came[i]
            return path
        nxt = [j for j in game.neighbours[i] if j not in bad and j not in came]
        if gen is not None:
            gen.shuffle(nxt)
        for j in nxt:
            came[j] = i
            queue.append(j)
    return None
