"""Currents' rule tables and small rule functions, shared by move generation, ``apply`` and
inspection. Everything rank- or suit-based is precomputed once per card.
"""

from __future__ import annotations

from typing import NamedTuple

from ..cards import ALL_CARDS, JOKERS, RANK, SUIT

PLACEABLE = frozenset(c for c in ALL_CARDS if c not in JOKERS)


def _accepts(on_compass: bool, easier: bool) -> dict[str | None, frozenset[str]]:
    """For each occupant, the cards that may replace it (None: an empty place takes any card)."""
    table: dict[str | None, frozenset[str]] = {None: PLACEABLE}
    for old in PLACEABLE:
        ok = set()
        for new in PLACEABLE:
            if new == old:
                continue
            r_new, r_old = RANK[new], RANK[old]
            beats = r_new < r_old if on_compass else r_new > r_old
            if beats or SUIT[new] == SUIT[old] or (easier and r_new == r_old):
                ok.add(new)
        table[old] = frozenset(ok)
    return table


#: ``COMPASS_ACCEPTS[easier][occupant]``: cards that may be played on a compass point.
COMPASS_ACCEPTS = {e: _accepts(True, e) for e in (False, True)}
#: ``CURRENT_ACCEPTS[easier][occupant]``: cards that may be played on a current slot.
CURRENT_ACCEPTS = {e: _accepts(False, e) for e in (False, True)}


def beats_by_rank(new: str, old: str, on_compass: bool, easier: bool) -> bool:
    """The normal usurping rule without the same-suit clause (used for combination attacks)."""
    r_new, r_old = RANK[new], RANK[old]
    if easier and r_new == r_old:
        return True
    return r_new < r_old if on_compass else r_new > r_old


def is_demotion(new: str, old: str | None, on_compass: bool) -> bool:
    """A same-suit replacement by a weaker card: lower rank on a slot, higher on the compass."""
    if old is None or SUIT[new] != SUIT[old]:
        return False
    return RANK[new] > RANK[old] if on_compass else RANK[new] < RANK[old]


class CurrentsRules(NamedTuple):
    """The game's switches that ``apply`` reads, copied off the game once
    (``CurrentsGame.rules``). Compiled, a field is read as a tuple item; read off the
    interpreted game object, each cost about 190 instructions, several times a turn."""

    players: int
    max_turns: int | None
    easier_usurping: bool
    combination_attacks: bool
    wild_jokers: str
    obstacle_set: frozenset[tuple[int, int]]
    riptides: dict[tuple[int, int], str]
    owner: dict[str, int]  #: edge -> the player who wins by pushing the pawn over it
    goaltender: dict[str, int]  #: edge -> the player asked to defend it
    setup_order: tuple[int, ...]


def advantage_order(
    edges: list[str], owner: dict[str, int], turn_player: int, players: int
) -> list[str]:
    """Corner crossings: the edge whose owner comes first going backwards through turn order
    from the turn player (the current player, then the previous one, ...) is resolved first."""
    if len(edges) < 2:
        return edges

    def distance(edge: str) -> int:
        return (turn_player - owner[edge]) % players

    return sorted(edges, key=distance)


#: The direction opposite each compass direction.
_AGAINST = {"N": "S", "S": "N", "E": "W", "W": "E"}


def stopped_by(
    obstacles: frozenset[tuple[int, int]],
    riptides: dict[tuple[int, int], str],
    start: tuple[int, int],
    dest: tuple[int, int],
) -> str:
    """Why a pawn moving from ``start`` to ``dest`` stays where it is ("" when it lands).

    Only the landing point counts (the pawn jumps over everything on the way). A blocking
    obstacle stops every move onto it; a riptide stops a move whose step has a component
    against the riptide's direction (a riptide pointing S stops a pawn moving north, or
    north-east, onto it; moving south, east or west it enters).

    >>> stopped_by(frozenset(), {(4, 7): "S"}, (4, 5), (4, 7))
    'riptide at (4, 7) pointing S: the pawn may not enter it moving N'
    >>> stopped_by(frozenset(), {(4, 7): "S"}, (3, 7), (4, 7))
    ''
    """
    if dest == start:
        return ""
    if dest in obstacles:
        return f"obstacle at ({dest[0]}, {dest[1]})"
    d = riptides.get(dest)
    if d is None:
        return ""
    dx, dy = dest[0] - start[0], dest[1] - start[1]
    moving = {"N": dy > 0, "S": dy < 0, "E": dx > 0, "W": dx < 0}
    against = _AGAINST[d]
    if moving[against]:
        return (
            f"riptide at ({dest[0]}, {dest[1]}) pointing {d}: the pawn may not enter it "
            f"moving {against}"
        )
    return ""
