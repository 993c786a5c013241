"""How good a progressive set-up is before the first move: the evaluation's term while
units are placed, so that a bot that looks one decision ahead places with a purpose.

During the set-up nothing is covered yet, so the play evaluation (covered units) scores
every placement alike and a greedy bot would place at random. This term reads the
position as it will stand when moving starts, from the rays the placed units already
have (a ray runs up to and including the first card of the other colour, so the terrain
dealt face up decides which lanes are open):

- **exposure**: each of a side's units that an opposing unit can reach, and so could
  cover on its first move, counts what the play evaluation would count once it is
  covered (a king 3, any other unit 1), halved when a friendly unit can reach the same
  cell and cover the attacker back;
- **guarded kings**: each friendly unit (at most two) that can reach a king's cell,
  ready to uncover it, counts a quarter;
- **mobility**: each cell a side's units can move to counts a fiftieth (a unit on an open
  lane of its own colour's terrain reaches further).

A side's figure is a half plus its guards and mobility less its exposure, out of 24
(twice the most the play evaluation can lose, 2 kings x 3 + 6 units): a threatened unit
weighs half of a covered one in play. The term ignores whose move comes first.

>>> import tablegames as tg
>>> s = tg.make("cardchess", setup="progressive").initial_state(seed=1)
>>> placement_value(s)
(0.0, 0.0)
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ..core import relative
from .state import BLACK, OWNER, RAY_MOVES, RED

if TYPE_CHECKING:
    from .state import CardChessState

#: What a covered unit costs in the play evaluation: a king 3, any other unit 1.
COVER_VALUE = {"K": 3.0, "Q": 1.0, "J": 1.0, "T": 1.0}
#: Weights of the set-up's terms, in covered-unit units (see the module's docstring).
DEFENDED = 0.5  #: an exposed unit that a friendly unit can cover back counts half
GUARD = 0.25  #: per friendly unit (at most two) that reaches a king's cell
MOBILITY = 0.02  #: per cell a side's units can move to
#: The play evaluation's scale: the most a side can lose, 2 kings x 3 + 6 units.
LOSS_SCALE = 12.0


def reach(state: CardChessState, player: int) -> Counter[int]:
    """Per cell, how many of ``player``'s uncovered units could move there now (whatever
    whose turn it is): along each ray up to and including the first card of the other
    colour."""
    colours = state.colours()
    opp = 1 - player
    out: Counter[int] = Counter()
    for i, stack in enumerate(state.stacks):
        if not stack or OWNER[stack[-1]] != player:
            continue
        for ray in RAY_MOVES[stack[-1][0]][i]:
            for j, _ in ray:
                out[j] += 1
                if colours[j] == opp:
                    break
    return out


def placement_value(state: CardChessState) -> tuple[float, ...]:
    """Each side's set-up figure (exposure, guarded kings, mobility) as the play
    evaluation's relative values: red's and black's, summing to zero."""
    reaches = (reach(state, RED), reach(state, BLACK))
    figure = [0.0, 0.0]
    for p in (RED, BLACK):
        mine, theirs = reaches[p], reaches[1 - p]
        exposure = guard = 0.0
        for i, stack in enumerate(state.stacks):
            if not stack or OWNER[stack[-1]] != p:
                continue
            unit = stack[-1]
            if theirs[i]:
                exposure += COVER_VALUE[unit[0]] * (DEFENDED if mine[i] else 1.0)
            if unit[0] == "K":
                guard += GUARD * min(mine[i], 2)
        mobility = MOBILITY * sum(mine.values())
        figure[p] = min(1.0, max(0.0, 0.5 + (guard + mobility - exposure) / (2 * LOSS_SCALE)))
    return relative(figure)
