"""Card Chess's game object: options, metadata and the initial state."""

from __future__ import annotations

from typing import Any

from .. import rng
from ..cards import standard_deck
from ..core import Game, GameInfo, State, relative
from ..options import Option, boolean, choice, max_turns_option
from ..parts import GameParts
from .builder import CardChessBuilder  # noqa: F401  (the state's builder: see tablegames.builder)
from .moves import CELL_INDEX, SIZE
from .placement import COVER_VALUE, LOSS_SCALE, placement_value
from .state import (
    ARMY,
    BLACK,
    OWNER,
    RED,
    CardChessState,
    deal_surface,
)

OPTIONS = (
    Option(
        "setup",
        "fixed",
        "'fixed' or 'progressive'",
        choice("fixed", "progressive"),
        "fixed: both armies start in the text's formation; progressive: the players place "
        "their units one at a time in their own start area",
    ),
    Option("first", "red", "'red' or 'black'", choice("red", "black"), "the side that moves first"),
    Option(
        "terrain",
        True,
        "True or False",
        boolean,
        "on: the middle ranks, 3 and 4, are the terrain, the twelve 2s, 3s and 5s face up, "
        "and a move stops at the latest on the first of them in the other side's colour; "
        "off: they are dealt face down like the start areas, so only units stop a move, "
        "as in the text's training game.",
    ),
    max_turns_option(
        "moves (each side's move is one; placements excluded)",
        "a win on the last allowed move ends the game before the cap stops it",
    ),
)

#: The fixed formation: cell name -> unit (black's back row is rank 6, red's rank 1).
#: The left half of each army is one suit, the right half the other.
FORMATION: dict[str, str] = {
    "a6": "TC", "b6": "JC", "c6": "KC", "d6": "KS", "e6": "JS", "f6": "TS",
    "c5": "QC", "d5": "QS",
    "c2": "QD", "d2": "QH",
    "a1": "TD", "b1": "JD", "c1": "KD", "d1": "KH", "e1": "JH", "f1": "TH",
}  # fmt: skip


class CardChessGame(Game):
    """Card Chess: two armies of court cards and tens on a 6 x 6 surface of cards.

    >>> state = CardChessGame().initial_state(seed=3)
    >>> state.phase, state.current_player, len(state.legal_moves())
    ('play', 0, 60)
    """

    name = "cardchess"
    info = GameInfo(
        name="cardchess",
        title="Card Chess",
        min_players=2,
        max_players=2,
        chance=True,
        hidden_information=False,
        rules="card-chess.txt",
        length_bound="none in the rules (units may move back and forth for ever): "
        "max_turns caps the moves of a game",
    )
    option_table = OPTIONS
    ladder_rungs = ("random", "greedy", "mcts:300", "mcts:3000")
    parts = GameParts.of(
        serialize="tablegames.cardchess.serialize",
        text="tablegames.cardchess.text",
        scene="tablegames.cardchess.scene",
        action_space="tablegames.cardchess.actions",
        puzzles="tablegames.cardchess.puzzle",
        board="tablegames_widgets.cardchess.board:CardChessBoard",
    )
    # the options, set as attributes by Game.__init__
    setup: str
    first: str
    terrain: bool
    max_turns: int | None

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        #: the index of the player who moves (and, progressive, places) first
        self.first_player: int = RED if self.first == "red" else BLACK

    @property
    def num_players(self) -> int:
        return 2

    def initial_state(self, seed: int = 0) -> CardChessState:  # type: ignore[override]
        """The dealt surface and either the fixed formation (the first mover to move) or
        full hands (the first mover to place)."""
        gen = rng.generator(rng.check_seed(seed))
        surface = deal_surface(gen)
        stacks: list[tuple[str, ...]] = [()] * SIZE
        hands: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
        if self.setup == "fixed":
            for cell, unit in FORMATION.items():
                stacks[CELL_INDEX[cell]] = (unit,)
            phase = "play"
        else:
            hands = ARMY
            phase = "setup"
        return CardChessState(
            game=self,
            phase=phase,
            player=self.first_player,
            ply=0,
            surface=surface,
            stacks=tuple(stacks),
            hands=hands,
            seed=rng.next_seed(gen),
        )

    #: Random moves cover and uncover units at random, so a playout mostly adds noise to
    #: the evaluation: MCTS searches with the evaluation alone (beats greedy 18-2 that
    #: way at 600 iterations, against 3-37 with 50-move playouts at 200).
    playout_depth = 0

    def card_deck(self) -> tuple[str, ...]:
        """All 52 cards: the 36 of the surface and the 16 units."""
        return standard_deck(0)

    def hidden_cards(self, state: State, player: int) -> list[str]:
        """The face-down surface cards (nobody holds a hand: every unit is on the board)."""
        s: CardChessState = state  # type: ignore[assignment]
        return [card for cell, card in enumerate(s.surface) if not s.face_up(cell)]

    def hidden_places(self, d: dict[str, Any]) -> list[tuple[list[Any], int]]:
        """The face-down surface cards. Nobody ever sees them and they have no colour, so
        they never change what is legal (hence ``hidden_information`` is False); sampling
        them only lets a search start from an observation like any other game."""
        return [(row, i) for row in d.get("surface", []) for i, c in enumerate(row) if c is None]

    def evaluate(self, state: State) -> tuple[float, ...]:
        """Covered opposing kings count most, then covered opposing units. Before the
        first move of a progressive set-up nothing is covered, so the set-up's own term
        scores the placements (:mod:`tablegames.cardchess.placement`); the fixed set-up
        never meets it (every state it evaluates follows a move)."""
        if state.is_terminal:
            return state.returns()
        assert isinstance(state, CardChessState)
        if state.ply == 0 and self.setup == "progressive":
            return placement_value(state)
        covered = [0.0, 0.0]  # sums of whole numbers: exact in any order
        for stack in state.stacks:
            if len(stack) > 1:  # most cells hold one unit or none
                top = OWNER[stack[-1]]
                for u in stack[:-1]:
                    if OWNER[u] != top:
                        covered[OWNER[u]] += COVER_VALUE[u[0]]
        # Each side's own losses, out of the most it could lose.
        return relative([1.0 - covered[RED] / LOSS_SCALE, 1.0 - covered[BLACK] / LOSS_SCALE])
