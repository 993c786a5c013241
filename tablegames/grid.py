"""Rectangular grids shared by the grid games (Card Chess, Resistor): cells, directions, rays.

A cell is a ``(row, col)`` pair, row 0 at the top (north) and column 0 at the left
(west). Games that keep their board in a flat tuple number the cells row by row
(``index = row * cols + col``); :class:`Grid` precomputes, for one size, every
in-bounds neighbour and every ray in both forms, so move generation builds nothing.

>>> DIRECTIONS["NE"]
(-1, 1)
>>> ray((2, 2), "NE", 6, 6)
((1, 3), (0, 4))
>>> in_bounds((6, 0), 6, 6)
False
>>> g = Grid(6, 6)
>>> g.index((1, 2)), g.cell(8)
(8, (1, 2))
>>> g.rays[g.index((0, 0))][DIRECTION_NAMES.index("SE")][:2]
(7, 14)
"""

from __future__ import annotations

from dataclasses import dataclass, field

Cell = tuple[int, int]

#: The eight directions by name, as (row step, column step); north is up (row - 1).
DIRECTIONS: dict[str, Cell] = {
    "N": (-1, 0),
    "NE": (-1, 1),
    "E": (0, 1),
    "SE": (1, 1),
    "S": (1, 0),
    "SW": (1, -1),
    "W": (0, -1),
    "NW": (-1, -1),
}
#: The direction names in compass order, clockwise from north.
DIRECTION_NAMES: tuple[str, ...] = tuple(DIRECTIONS)
#: Horizontal and vertical directions (a rook's), and the diagonal ones (a bishop's).
ORTHOGONAL: tuple[str, ...] = ("N", "E", "S", "W")
DIAGONAL: tuple[str, ...] = ("NE", "SE", "SW", "NW")


def in_bounds(cell: Cell, rows: int, cols: int) -> bool:
    """Whether ``cell`` lies on a ``rows`` x ``cols`` grid.

    >>> in_bounds((0, 5), 6, 6), in_bounds((0, -1), 6, 6)
    (True, False)
    """
    r, c = cell
    return 0 <= r < rows and 0 <= c < cols


def step(cell: Cell, direction: str) -> Cell:
    """The cell one step from ``cell`` towards ``direction`` (possibly off the grid).

    >>> step((0, 0), "S")
    (1, 0)
    """
    dr, dc = DIRECTIONS[direction]
    return (cell[0] + dr, cell[1] + dc)


def ray(cell: Cell, direction: str, rows: int, cols: int) -> tuple[Cell, ...]:
    """The cells from ``cell`` (excluded) towards ``direction`` up to the edge, nearest first.

    >>> ray((0, 0), "E", 1, 4)
    ((0, 1), (0, 2), (0, 3))
    >>> ray((0, 0), "N", 6, 6)
    ()
    """
    out: list[Cell] = []
    nxt = step(cell, direction)
    while in_bounds(nxt, rows, cols):
        out.append(nxt)
        nxt = step(nxt, direction)
    return tuple(out)


def neighbours(
    cell: Cell, rows: int, cols: int, directions: tuple[str, ...] = DIRECTION_NAMES
) -> tuple[Cell, ...]:
    """The in-bounds cells one step away in ``directions`` (all eight by default).

    >>> neighbours((0, 0), 6, 6)
    ((0, 1), (1, 1), (1, 0))
    >>> neighbours((1, 1), 3, 3, ORTHOGONAL)
    ((0, 1), (1, 2), (2, 1), (1, 0))
    """
    return tuple(n for n in (step(cell, d) for d in directions) if in_bounds(n, rows, cols))


@dataclass(frozen=True)
class Grid:
    """Precomputed tables for one grid size, cells numbered row by row.

    ``rays[i][k]`` are the cell indices from cell ``i`` towards ``DIRECTION_NAMES[k]``
    (nearest first); ``neighbours[i]`` the indices of its in-bounds neighbours;
    ``steps[i][k]`` the one cell a step towards ``DIRECTION_NAMES[k]`` reaches, or -1
    off the grid (the first cell of the ray, without the test for an empty ray).

    >>> g = Grid(2, 3)
    >>> g.size, g.neighbours[0]
    (6, (1, 4, 3))
    >>> g.steps[0][DIRECTION_NAMES.index("E")], g.steps[0][DIRECTION_NAMES.index("N")]
    (1, -1)
    """

    rows: int
    cols: int
    rays: tuple[tuple[tuple[int, ...], ...], ...] = field(init=False, repr=False)
    neighbours: tuple[tuple[int, ...], ...] = field(init=False, repr=False)
    steps: tuple[tuple[int, ...], ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1:
            raise ValueError(f"a grid needs at least one row and column, not {self}")
        cells = [divmod(i, self.cols) for i in range(self.rows * self.cols)]
        rays = tuple(
            tuple(
                tuple(self.index(c) for c in ray(cell, d, self.rows, self.cols))
                for d in DIRECTION_NAMES
            )
            for cell in cells
        )
        near = tuple(
            tuple(self.index(c) for c in neighbours(cell, self.rows, self.cols)) for cell in cells
        )
        steps = tuple(tuple(r[0] if r else -1 for r in cell_rays) for cell_rays in rays)
        object.__setattr__(self, "rays", rays)
        object.__setattr__(self, "neighbours", near)
        object.__setattr__(self, "steps", steps)

    @property
    def size(self) -> int:
        """The number of cells."""
        return self.rows * self.cols

    def index(self, cell: Cell) -> int:
        """The flat index of ``cell``; ValueError when it is off the grid."""
        if not in_bounds(cell, self.rows, self.cols):
            raise ValueError(f"cell {cell} is off the {self.rows} x {self.cols} grid")
        return cell[0] * self.cols + cell[1]

    def cell(self, index: int) -> Cell:
        """The ``(row, col)`` of flat ``index``."""
        if not 0 <= index < self.size:
            raise ValueError(f"cell index {index} is off the {self.rows} x {self.cols} grid")
        r, c = divmod(index, self.cols)
        return (r, c)
