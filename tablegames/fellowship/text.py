"""Plain-text drawing of a Fellowship state, for terminals, logs and ``print(state)``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import SUIT_NAMES, pretty

if TYPE_CHECKING:
    from .state import FellowshipState


def role_text(role: str | None) -> str:
    """A player's side in words: ``black``, ``red``, a suit name, or ``?`` when unknown."""
    if role is None:
        return "?"
    return SUIT_NAMES.get(role, role)


def board_text(s: FellowshipState) -> str:
    """The circle (position, top card, height, the stack bottom to top), hands, roles.

    This shows everything, hidden cards included: use ``observation`` for a player's view.
    """
    lines = ["circle (position: top card, height | bottom to top):"]
    for i, stack in enumerate(s.circle):
        lines.append(
            f"{i:>3}: {pretty(stack[-1]):>4} x{len(stack):<2} | {' '.join(map(pretty, stack))}"
        )
    for p, hand in enumerate(s.hands):
        role = s.roles[p]
        label = "role unknown" if role is None else SUIT_NAMES.get(role, role)
        lines.append(f"P{p} ({label}) hand: {' '.join(pretty(c) for c in hand) or '-'}")
    lines.append(
        f"draw pile {len(s.draw_pile)}, turn {s.turn}, "
        + (f"player {s.player} to move" if s.player >= 0 else "game over")
    )
    return "\n".join(lines)


def describe(s: FellowshipState) -> str:
    """One line with public information only: whose turn, the stack counts, the joker."""
    counts = s.counts()
    tally = ", ".join(f"{v} {SUIT_NAMES.get(k, k)}" for k, v in counts.items())
    joker = s.joker_position
    parts = [
        f"Fellowship of the Ring, {s.game.players} players, turn {s.turn}",
        f"stacks: {tally}" + (f", joker uncovered at {joker}" if joker is not None else ""),
        f"{len(s.draw_pile)} cards in the draw pile",
    ]
    if s.phase == "over":
        parts.append(
            "won by player " + " and ".join(map(str, sorted(s.winners)))
            if s.winners
            else "over without a winner"
        )
    else:
        parts.append(f"player {s.player} to move")
    return "; ".join(parts) + "."
