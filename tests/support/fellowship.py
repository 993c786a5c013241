"""Builders for hand-written Fellowship positions (see docs/fellowship-json.md)."""

from __future__ import annotations

from typing import Any

import tablegames as tg
from support.moves import kinds, legal, play
from tablegames.fellowship import FellowshipState

#: A quiet circle: clubs everywhere (no capture is possible between them), the joker
#: buried under the king of spades at position 12 (two and four players).
FILLER = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "QC", "KC", "AC", "RJ KS"]


def buried(cards: list[str], top: str, players: int = 2) -> list[str]:
    """``cards`` piled under ``top`` into one stack that play can build (bottom to top):
    each card goes under a card above it that captures it, as stacks grow by captures.
    AssertionError when some card finds no place (choose other cards)."""
    from tablegames.fellowship.state import CAN_CAPTURE

    targets = CAN_CAPTURE[players > 2]
    order = "KQJT98765432A"
    pool = sorted(cards, key=lambda c: order.index(c[0]))

    def build(card: str) -> list[str]:
        below: list[str] = []
        for c in list(pool):
            if c in pool and c in targets[card]:
                pool.remove(c)
                below += build(c)
        return [*below, card]

    stack = build(top)
    assert not pool, f"no place under {top} for {pool}"
    return stack


def circle(at: dict[int, str], players: int = 2) -> list[list[str]]:
    """The JSON circle: FILLER with the stacks in ``at`` replaced ("bottom ... top")."""
    stacks = list(FILLER)
    if players == 3:
        stacks[12] = "KS"
    for i, text in at.items():
        stacks[i] = text
    return [s.split() for s in stacks]


def data(at: dict[int, str], hands: list[str], players: int = 2, **extra: Any) -> dict[str, Any]:
    """A hand-built position's JSON; ``hands`` are space-separated codes."""
    hands = hands + [""] * (players - len(hands))
    return {"circle": circle(at, players), "hands": [h.split() for h in hands], **extra}


def position(
    at: dict[int, str],
    hands: list[str],
    players: int = 2,
    max_turns: int | None = None,
    **extra: Any,
) -> FellowshipState:
    """A hand-built position (player 0 to move unless ``current_player`` says otherwise)."""
    game = tg.make("fellowship", players=players, max_turns=max_turns)
    state = game.state_from_json(data(at, hands, players, **extra))
    assert isinstance(state, FellowshipState)
    return state


#: support.moves' helpers are re-exported: a test imports all it needs from its game's module
__all__ = ["FILLER", "buried", "circle", "data", "kinds", "legal", "play", "position"]
