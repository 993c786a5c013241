"""Currents' board geometry: intersections, the 16 current slots, compass points and edges.

The pawn stands on intersections ``(x, y)`` with ``0 <= x, y <= 8``, x growing east and
y growing north. Slot ``k`` of a side (west to east on N and S, south to north on E
and W) lies beside two squares and influences the three lines ``2k, 2k+1, 2k+2``:
columns (x) for N and S slots, rows (y) for E and W slots. Everything here is a
precomputed table, so rules and inspection only look things up.
"""

from __future__ import annotations

from typing import Final

SIZE: Final = 8  #: squares per side; lines run 0..SIZE
POINTS = "NESW"  #: compass points and board sides, index 0..3
POINT_INDEX = {p: i for i, p in enumerate(POINTS)}
VECTOR = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}
CLOCKWISE = {"N": "E", "E": "S", "S": "W", "W": "N"}

#: Slot names by index: side * 4 + k.
SLOTS: tuple[str, ...] = tuple(f"{side}{k}" for side in POINTS for k in range(4))
SLOT_INDEX = {s: i for i, s in enumerate(SLOTS)}


def slot_lines(slot: str) -> tuple[int, int, int]:
    """The three lines a slot influences (x values for N/S slots, y values for E/W slots)."""
    k = int(slot[1])
    return (2 * k, 2 * k + 1, 2 * k + 2)


def slot_axis(slot: str) -> str:
    """``'x'`` when the slot influences columns (N and S sides), ``'y'`` for rows (E, W)."""
    return "x" if slot[0] in "NS" else "y"


#: Slots in the order of a walk clockwise round the board from the north-west corner:
#: the order the scout visits currents.
SCOUT_ORDER: tuple[int, ...] = tuple(
    SLOT_INDEX[s]
    for s in (
        ["N0", "N1", "N2", "N3"]
        + ["E3", "E2", "E1", "E0"]
        + ["S3", "S2", "S1", "S0"]
        + ["W0", "W1", "W2", "W3"]
    )
)


def _influencing(x: int, y: int) -> tuple[int, ...]:
    out = []
    for i in SCOUT_ORDER:
        slot = SLOTS[i]
        coord = x if slot_axis(slot) == "x" else y
        if coord in slot_lines(slot):
            out.append(i)
    return tuple(out)


#: Slot indices influencing each intersection, in scout order.
INFLUENCING: Final[dict[tuple[int, int], tuple[int, ...]]] = {
    (x, y): _influencing(x, y) for x in range(SIZE + 1) for y in range(SIZE + 1)
}


def on_board(x: int, y: int) -> bool:
    return 0 <= x <= SIZE and 0 <= y <= SIZE


def crossings(x: int, y: int) -> dict[str, int]:
    """Edges a destination ``(x, y)`` lies beyond, with how far past the edge line."""
    out: dict[str, int] = {}
    if y > SIZE:
        out["N"] = y - SIZE
    elif y < 0:
        out["S"] = -y
    if x > SIZE:
        out["E"] = x - SIZE
    elif x < 0:
        out["W"] = -x
    return out


def clamp_axis(x: int, y: int, edge: str) -> tuple[int, int]:
    """``(x, y)`` stopped on the edge line of ``edge`` (the other axis unchanged)."""
    if edge == "N":
        return (x, SIZE)
    if edge == "S":
        return (x, 0)
    if edge == "E":
        return (SIZE, y)
    return (0, y)


# Seats. Four players: P0 south, P1 west, P2 north, P3 east; a player's goal is the
# edge opposite their seat and the goaltender of an edge is the player sitting at it.
SEATS_4 = ("S", "W", "N", "E")
OWNER_4 = {OPPOSITE[seat]: p for p, seat in enumerate(SEATS_4)}  # edge -> who wins there
GOALTENDER_4 = {seat: p for p, seat in enumerate(SEATS_4)}  # edge -> who defends it


def edge_roles(players: int, p0_edges: str) -> tuple[dict[str, int], dict[str, int]]:
    """(owner, goaltender) of each edge for the player count; two players own two edges each."""
    if players == 4:
        return dict(OWNER_4), dict(GOALTENDER_4)
    owner = {e: (0 if e in p0_edges else 1) for e in POINTS}
    return owner, {e: 1 - owner[e] for e in POINTS}
