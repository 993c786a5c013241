"""Resistor's game object: options, metadata and the initial state."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

from .. import rng
from ..core import Game, GameInfo, State
from ..options import Option, choice, int_range, max_turns_option
from ..parts import GameParts
from . import dice
from .board import COLS, RESISTOR_START, ROWS, SOURCE
from .builder import ResistorBuilder
from .state import EMPTY_BOARD, ResistorState

OPTIONS = (
    Option(
        "rounds",
        2,
        "a positive even integer",
        int_range(2, even=True),
        "rounds of the match before a tie is broken; even, so that each player plays "
        "both roles equally often",
    ),
    max_turns_option(
        "every turn of the match, both players', in all its rounds",
        "an ampere turn (its one or two steps, with any drain or overload in it) is one turn "
        "and the resistor player's turn another, a forfeited turn and the one cut short by "
        "the drain that ends a round count too (so every round has a turn); the role choice "
        "and the set-up placements are not turns",
    ),
    Option(
        "round_turns",
        None,
        "None or a positive integer",
        int_range(1, optional=True),
        "a variant, not in the rules: a round also ends once this many of its turns are "
        "played (both players' turns, counted as max_turns counts them), the ampere "
        "player's points standing; None (the rules) leaves rounds unlimited",
    ),
    Option(
        "first_amperes",
        "roll",
        "'roll', 0 or 1",
        choice("roll", 0, 1),
        "who plays the amperes in the first round: 'roll' (each player rolls a die and the "
        "higher roller chooses a role) or that player",
    ),
    Option(
        "amperes",
        8,
        f"an integer 1 to {len(SOURCE)}",
        int_range(1, len(SOURCE)),
        "ampere pieces (placed on the current source's twelve points)",
    ),
    Option("resistors", 4, "an integer 1 to 8", int_range(1, 8), "resistor pieces"),
    Option("dead_spaces", 4, "an integer 0 to 8", int_range(0, 8), "dead spaces rolled per round"),
    Option(
        "duty_cycle",
        3,
        f"an integer 0 to {len(SOURCE)}",
        int_range(0, len(SOURCE)),
        "the duty-cycle limit: with at most this many amperes on the board an ampere turn "
        "has two moves, otherwise one",
    ),
    Option(
        "slingshot",
        "jump",
        "'jump' or 'extra_step'",
        choice("jump", "extra_step"),
        "how the text's 'one extra space' of a slingshot reads: 'jump' (a move two spaces "
        "in a straight line over an adjacent piece of the same kind, as many as the turn's "
        "moves) or 'extra_step' (once a turn, after the allotted moves, a piece beside a "
        "usable piece of its kind makes one more ordinary step)",
    ),
)


#: The pieces :meth:`ResistorGame.evaluate` counts (amperes, chargers, drained amperes).
_PIECES = re.compile("[ACD]")
#: :func:`_progress` by board: a search meets the same board again and again (more than
#: half of its evaluations), since pieces placed in another order give the same board.
_PROGRESS: dict[str, float] = {}


def _progress(board: str) -> float:
    """The ampere player's progress on ``board`` (see ``ResistorGame.evaluate``), kept in
    :data:`_PROGRESS`."""
    top = ROWS - 1
    progress = 0.0
    for found in _PIECES.finditer(board):  # the pieces, in board order
        i, code = found.start(), found[0]
        if code == "A":  # squared, so that one ampere running ahead beats many crawling
            progress += 0.3 * ((i // COLS) / top) ** 2
        elif code == "C":
            progress += 0.3 + 0.6 * (top - i // COLS) / top
        elif code == "D":
            progress -= 0.3
    if len(_PROGRESS) >= 200_000:  # bound the memory: forget and refill
        _PROGRESS.clear()
    _PROGRESS[board] = progress
    return progress


class ResistorGame(Game):
    """Resistor: amperes race to the charge zone and back as chargers past the resistors.

    >>> state = ResistorGame(first_amperes=0).initial_state(seed=3)
    >>> state.phase, state.current_player, len(state.legal_moves()), len(state.dead)
    ('setup', 0, 12, 4)
    """

    name = "resistor"
    info = GameInfo(
        name="resistor",
        title="Resistor",
        min_players=2,
        max_players=2,
        chance=True,
        hidden_information=False,
        rules="resistor.txt",
        length_bound="none in the rules (pieces may wander and ties add pairs of rounds): "
        "max_turns caps the turns of the whole match",
    )
    option_table = OPTIONS
    ladder_rungs = ("random", "greedy", "mcts:100", "mcts:1000")
    parts = GameParts.of(
        serialize="tablegames.resistor.serialize",
        text="tablegames.resistor.text",
        scene="tablegames.resistor.scene",
        action_space="tablegames.resistor.actions",
        puzzles="tablegames.resistor.puzzle",
        board="tablegames_widgets.resistor.board:ResistorBoard",
    )
    # the options, set as attributes by Game.__init__
    rounds: int
    max_turns: int | None
    #: a per-round turn limit (a variant; None: the rules), see docs/rulings.md
    round_turns: int | None
    first_amperes: str | int
    amperes: int
    resistors: int
    dead_spaces: int
    duty_cycle: int
    #: "jump" (the default reading) or "extra_step" (see docs/rulings.md)
    slingshot: str

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        assert self.resistors <= len(RESISTOR_START) - self.dead_spaces

    @property
    def num_players(self) -> int:
        return 2

    def initial_state(self, seed: int = 0) -> ResistorState:  # type: ignore[override]
        """Either the role roll (the higher roller to choose a role) or, with a fixed
        ``first_amperes``, round 1's set-up with its dead spaces rolled."""
        seed = rng.check_seed(seed)
        if self.first_amperes == "roll":
            gen = rng.generator(seed)
            winner, events = dice.role_roll(gen)
            return ResistorState(
                self, "roles", winner, 1, -1, (0, 0), 0, 0, 0, EMPTY_BOARD, (), "", 0, 0, "", -1,
                rng.next_seed(gen), events=tuple(events),
            )  # fmt: skip
        first = int(self.first_amperes)
        start = ResistorState(
            self, "setup", first, 1, first, (0, 0), 0, 0, 0, EMPTY_BOARD, (), "", 0, 0, "", -1,
            seed,
        )  # fmt: skip
        b = ResistorBuilder(start)
        b.begin_round()
        return b.freeze()

    #: Random playouts forfeit rounds and wander; the evaluation alone searches better.
    playout_depth = 0

    def evaluate(self, state: State) -> tuple[float, ...]:
        """The match score, then the ampere player's progress this round: amperes count
        by how far up they stand, chargers by how far down they have come (a point is
        near), drained amperes against. Squashed below a real win."""
        if state.is_terminal:
            return state.returns()
        assert isinstance(state, ResistorState)
        amp, res = state.ampere_player, state.resistor_player
        if amp < 0:
            return (0.0, 0.0)
        progress = _PROGRESS.get(state.board)
        if progress is None:
            progress = _progress(state.board)
        lead = state.scores[amp] - state.scores[res] + progress
        value = 0.9 * math.tanh(lead / 2)
        out = [0.0, 0.0]
        out[amp], out[res] = value, -value
        return tuple(out)


def round_keen_value(state: ResistorState) -> tuple[float, float]:
    """A variant of :meth:`ResistorGame.evaluate` that keeps a gradient when the match is
    lopsided (the ``mcts-keen`` bots of the explore runs; no engine bot uses it).

    ``evaluate`` squashes the match lead (the match score plus this round's progress)
    through ``0.9 tanh(lead / 2)``: five points down or up, a point more moves the value by
    about 0.02, too little for a search to tell moves apart. Here half of the value is that
    squashed lead and half the same squash of this round's own gain (the ampere player's
    points this round plus the progress on the board), which a point always moves by 0.2
    or more near zero. In round 1 the two are the same number (the match score is this
    round's points), so the value equals ``evaluate``'s exactly; it differs only once an
    earlier round has scored.

    >>> import tablegames as tg
    >>> state = tg.make("resistor", first_amperes=0).initial_state(seed=3)
    >>> round_keen_value(state) == state.game.evaluate(state)
    True
    """
    return _round_scored(
        state, lambda lead, gain: 0.45 * (math.tanh(lead / 2) + math.tanh(gain / 2))
    )


def round_value(state: ResistorState) -> tuple[float, float]:
    """A variant of :meth:`ResistorGame.evaluate` that plays each round for its own points
    (the ``mcts-round`` bots of the explore runs; no engine bot uses it): ``0.9 tanh(gain /
    2)`` of this round's gain (the ampere player's points this round plus the progress on
    the board), the match score left out. Equal to ``evaluate`` in round 1 and in any round
    begun level; in a lopsided match it keeps the full gradient of a level round, where
    :func:`round_keen_value` keeps half of it and ``evaluate`` almost none.

    >>> import tablegames as tg
    >>> state = tg.make("resistor", first_amperes=0).initial_state(seed=3)
    >>> round_value(state) == state.game.evaluate(state)
    True
    """
    return _round_scored(state, lambda lead, gain: 0.9 * math.tanh(gain / 2))


def _round_scored(
    state: ResistorState, value_of: Callable[[float, float], float]
) -> tuple[float, float]:
    """The pair of values (the ampere player's, the resistor player's) that ``value_of(lead,
    gain)`` gives the ampere player: ``lead`` the match score's difference plus this round's
    progress, ``gain`` this round's points plus that progress; a finished match's returns."""
    if state.is_terminal:
        r = state.returns()
        return (r[0], r[1])
    amp, res = state.ampere_player, state.resistor_player
    if amp < 0:
        return (0.0, 0.0)
    progress = _PROGRESS.get(state.board)
    if progress is None:
        progress = _progress(state.board)
    lead = state.scores[amp] - state.scores[res] + progress
    value = value_of(lead, state.points + progress)
    out = [0.0, 0.0]
    out[amp], out[res] = value, -value
    return (out[0], out[1])
