"""What the Poohsticks walkthrough calls: hand-built positions on one small river, the
moves and what happened said in words (cards as ``K♥``, sums as ``13 + 3 − 2 = 14``),
and pictures that show each rule: the cards a boat can reach, the way it went, the
piles, the cards a payment makes.

Built on the engine's public API (``state_from_json``, ``legal_moves``, ``events``, the
solver's ``expression``) and the scene's ``state_scene``; nothing here knows a rule.

>>> cards(["KH", "TS"])
'K♥ 10♠'
>>> from tablegames.poohsticks.moves import parse
>>> say(parse("S>A1 KH 3C")), say(parse("exit QD"))
('move onto A1 paying 3♣ K♥', 'leave the river with Q♦')
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from itertools import pairwise
from typing import Any

import tablegames as tg
from tablegames import style
from tablegames.cards import SUIT_NAMES, pretty
from tablegames.events import Event
from tablegames.poohsticks import PoohsticksMove, PoohsticksState
from tablegames.poohsticks.layout import Layout
from tablegames.poohsticks.scene import boat_point, layout_for, state_scene
from tablegames.poohsticks.solver import card_values, expression, solutions, targets_made
from tablegames.puzzles import load_set
from tablegames.scene import Arrow, Card, Rect, Scene, Text, to_svg
from tablegames.svg import Picture

#: The walkthrough's river for two: column A then B on each row, row 1 (the entry row) first.
RIVER = [
    ["5C", "9D"],
    ["7C", "2D"],
    ["KC", "QD"],
    ["3C", "4D"],
    ["8C", "6D"],
    ["JC", "TD"],
]
LIT = "#2e7d32"  #: the frame round a card the boat can reach
BARRED = style.WARNING  #: the frame round a card it cannot
SUITS = "SDHC"  #: the boats' suits by seat


def cards(codes: Iterable[str | None]) -> str:
    """Cards as a reader writes them: ``['KH', 'TS']`` -> ``'K♥ 10♠'``."""
    return " ".join(pretty(c) if c else "(hidden)" for c in codes) or "nothing"


def counted(n: int, word: str) -> str:
    """``'1 card'``, ``'2 cards'``: no "(s)"."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def position(
    hands: Sequence[str],
    boats: Sequence[str | None] = (None, None),
    game: tg.Game | None = None,
    **extra: Any,
) -> PoohsticksState:
    """A hand-built position on :data:`RIVER` (another with ``river=``): ``hands`` one
    string of card codes per player (``"KH 3S 4H"``), ``boats`` each boat's card or None
    (not yet entered); more JSON keys (``draw_pile``, ``moved``, ``face_down``...) as
    keywords. The rest follows the ruling ``hand_built_defaults``."""
    game = game or tg.make("poohsticks", players=len(hands))
    data = {"river": RIVER, "hands": [h.split() for h in hands], "boats": list(boats), **extra}
    state = game.state_from_json(data)
    assert isinstance(state, PoohsticksState)
    return state


def say(move: PoohsticksMove) -> str:
    """A move in words: ``'move onto A3 paying K♥'``, ``'leave the river with Q♦'``."""
    paid = cards(move.cards)
    return {
        "move": f"move onto {move.cell} paying {paid}",
        "power": f"use the boat's power to move onto {move.cell} for free",
        "exit": f"leave the river with {paid}",
        "discard": f"discard {paid}",
    }.get(move.kind, "end the turn")


def moves(state: PoohsticksState) -> None:
    """Print, in words, every decision the player to move may take."""
    options = [say(m) for m in state.legal_moves()]
    text = "; ".join(options[:-1]) + f"; or {options[-1]}" if len(options) > 1 else options[0]
    print(f"Player {state.current_player} may {text}.")


def _sum(e: Event) -> str:
    """`` (13 − 3 = 10)`` after the cards paid, or nothing when one card is its value."""
    return "" if len(e.cards) == 1 and e.text.startswith(f"{e.value[0]} ") else f" ({e.text})"


def event_words(e: Event) -> str | None:
    """One event as a sentence (None for events the walkthrough does not tell)."""
    who = f"Player {e.player}"
    said = {
        "move": f"{who} pays {cards(e.cards)}{_sum(e) if e.text else ''} and moves onto {e.where}.",
        "power": f"{who} uses the boat's power: a free move onto {cards(e.cards)} on {e.where}.",
        "flip": f"The bridge card on {e.where} turns face up: {cards(e.cards)}. {who}'s turn ends.",
        "exit": f"{who} pays {cards(e.cards)} and leaves the river.",
        "discard": f"{who} discards {cards(e.cards)}.",
        "pass": f"{who} passes.",
        "draw": f"{who} draws {cards(e.cards)}.",
        "turn": f"Now it is player {e.player}'s turn.",
        "win": f"{who} wins.",
    }
    if e.kind == "end":
        return (
            f"{who} can do nothing more, so the turn ends." if e.where else f"{who} ends the turn."
        )
    if e.kind == "reshuffle":
        return (f"The draw pile is empty: the discard pile ({counted(e.value[0], 'card')}) is "
                "shuffled into a new draw pile.")  # fmt: skip
    if e.kind == "tie":
        together = "both" if len(e.value) == 2 else "all"
        return f"A tie: players {' and '.join(map(str, e.value))} {together} win."
    return said.get(e.kind)


def tell(state: PoohsticksState) -> None:
    """Print what happened in the last decision (the state's events), in words; a tie is
    one line (its players' wins are not said again one by one)."""
    tied = any(e.kind == "tie" for e in state.events)
    for e in state.events:
        line = None if tied and e.kind == "win" else event_words(e)
        if line is not None:
            print(line)


def play(state: PoohsticksState, *moves: str) -> PoohsticksState:
    """Apply the moves (in notation, ``"S>A3 KH"``) one after the other, telling each in
    words; the position after the last."""
    for text in moves:
        state = state.apply(state.parse_move(text))
        tell(state)
    return state


def refuse_position(hands: Sequence[str], boats: Sequence[str | None] = (None, None),
                    game: tg.Game | None = None, **extra: Any) -> None:  # fmt: skip
    """Try to build the position :func:`position` would: print why the engine refuses it
    (its reason only, without the ``invalid Poohsticks state:`` a programmer reads)."""
    try:
        position(hands, boats, game, **extra)
        print("Allowed: play can reach this position.")
    except tg.InvalidState as refusal:
        print(f"Refused: {str(refusal).removeprefix('invalid Poohsticks state: ')}.")


def refuse(state: PoohsticksState, text: str) -> None:
    """Try the move written ``text``: print the engine's reason for refusing it."""
    try:
        move = state.parse_move(text)
        print(f"{say(move).capitalize()}: allowed.")
    except tg.IllegalMove as refusal:
        print(f"Refused: {refusal}.")


def reach(state: PoohsticksState) -> list[str]:
    """The cards the boat of the player to move can move onto now (paid or by power)."""
    cells = {m.cell for m in state.legal_moves() if m.kind in ("move", "power")}
    return sorted(cells, key=lambda c: (int(c[1:]), c[0]))


def _frame(scene: Scene, rect: tuple[float, float, float, float], ink: str) -> None:
    x, y, w, h = rect
    scene.overlay.append(Rect(x - 3, y - 3, w + 6, h + 6, stroke=ink, width=3, radius=5))


def _scene(state: PoohsticksState, note: str) -> tuple[Scene, Layout]:
    """The board's scene with ``note`` written under it."""
    scene = state_scene(state)
    lay = layout_for(state)
    if note:
        scene.height += lay.text * 2.5
        scene.overlay.append(Text(lay.x0, scene.height - lay.text, note, lay.text * 1.1))
    return scene, lay


def picture(
    state: PoohsticksState,
    lit: Iterable[str] = (),
    barred: Iterable[str] = (),
    note: str = "",
) -> Picture:
    """The board with a green frame round each card named in ``lit``, a red one round
    each in ``barred``, and ``note`` written under it."""
    scene, lay = _scene(state, note)
    _frames(scene, lay, state, lit, barred)
    return Picture(to_svg(scene))


def _frames(
    scene: Scene, lay: Layout, state: PoohsticksState, lit: Iterable[str], barred: Iterable[str]
) -> None:
    for names, ink in ((lit, LIT), (barred, BARRED)):
        for name in names:
            _frame(scene, lay.cell_rect(state.game.index[name]), ink)


def journey(
    *states: PoohsticksState,
    note: str = "",
    lit: Iterable[str] = (),
    barred: Iterable[str] = (),
) -> Picture:
    """The last position, with an arrow for every step a boat took from each position to
    the next (from the waiting place, card to card, or into the exit), and frames round
    the cards in ``lit`` (green) and ``barred`` (red) as :func:`picture` draws them."""
    last = states[-1]
    scene, lay = _scene(last, note)
    _frames(scene, lay, last, lit, barred)
    for before, after in pairwise(states):
        for p in range(last.game.num_players):
            (x1, y1), (x2, y2) = boat_point(before, lay, p), boat_point(after, lay, p)
            length = math.hypot(x2 - x1, y2 - y1)
            if length > lay.boat_radius * 2:  # the head stops at the boat's rim
                k = 1 - (lay.boat_radius + 2) / length
                scene.overlay.append(Arrow(x1, y1, x1 + (x2 - x1) * k, y1 + (y2 - y1) * k))
    return Picture(to_svg(scene))


def values(codes: Sequence[str]) -> Picture:
    """The cards in a row, each with what it is worth written under it."""
    cw, ch, gap = 44.0, 62.0, 22.0
    scene = Scene(gap + len(codes) * (cw + gap), ch + 48, "what the cards are worth")
    for k, card in enumerate(codes):
        x = gap + k * (cw + gap)
        scene.pieces.append(Card(card, x, 8, cw, ch))
        worth = " or ".join(map(str, card_values(card)))
        scene.pieces.append(Text(x + cw / 2, ch + 32, worth, 15, anchor="middle", bold=True))
    return Picture(to_svg(scene))


def paid(hand: Sequence[str], target: str, value: int | None = None) -> Picture:
    """The cards paid, an arrow to the river card they pay for, and the sum that does it
    (or "no way" when those cards cannot make the card's value)."""
    cw, ch, gap = 44.0, 62.0, 10.0
    xt = gap + len(hand) * (cw + gap) + 50
    scene = Scene(max(xt + cw + gap, 330), ch + 50, "cards paid for a river card")
    scene.pieces += [Card(c, gap + k * (cw + gap), 6, cw, ch) for k, c in enumerate(hand)]
    scene.pieces.append(Arrow(xt - 44, 6 + ch / 2, xt - 8, 6 + ch / 2, colour=style.ARROW))
    scene.pieces.append(Card(target, xt, 6, cw, ch))
    wanted = (value,) if value is not None else card_values(target)
    made = next((e for v in wanted if (e := expression(hand, v)) is not None), None)
    text = made or f"no way to make {' or '.join(map(str, card_values(target)))}"
    ink = style.TEXT if made else style.WARNING
    scene.pieces.append(Text(gap, ch + 36, text, 17, ink, bold=True))
    return Picture(to_svg(scene))


def sums(codes: Sequence[str]) -> None:
    """Print every river value (1 to 14) the cards make all together, with the sum."""
    print(f"{cards(codes)} together make:")
    for text in targets_made(codes).values():
        print(f"    {text}")


def ways(hand: Sequence[str], target: int) -> None:
    """Print every set of cards from ``hand`` that makes ``target``, with its sum."""
    found = [f"{cards(used)} as {text}" for used, text in solutions(hand, target)]
    print(f"To make {target}: {'; '.join(found) or 'no way'}.")


def power_reach(state: PoohsticksState) -> list[str]:
    """The cards the boat to move can reach with its free move (its power) now."""
    return [m.cell for m in state.legal_moves() if m.kind == "power"]


def piles(rows: Sequence[tuple[str, PoohsticksState]], player: int) -> Picture:
    """One row per ``(caption, state)``: the draw pile (face down, its count), the
    discard pile (its top card, its count) and ``player``'s hand: what the board does
    not show of drawing and the reshuffle."""
    cw, ch, gap, row = 44.0, 62.0, 14.0, 104.0
    scene = Scene(470.0, 16 + row * len(rows), f"the piles and player {player}'s hand")
    out = scene.pieces
    for i, (caption, state) in enumerate(rows):
        y = 30 + i * row
        draw, discard, hand = state.draw_pile, state.discard_pile, state.hands[player]
        out.append(Text(10, y - 8, caption, 13, bold=True))
        out.append(Card(None, 10, y, cw, ch, hidden=bool(draw)))
        out.append(Text(10 + cw / 2, y + ch + 14, f"draw: {len(draw)}", 11, anchor="middle"))
        out.append(Card(discard[-1] if discard else None, 30 + cw, y, cw, ch))
        out.append(Text(30 + 1.5 * cw, y + ch + 14, f"discard: {len(discard)}", 11,
                        anchor="middle"))  # fmt: skip
        x0 = 70 + 2 * cw
        out.append(Text(x0, y + ch + 14, f"player {player}'s hand", 11))
        out += [Card(c, x0 + k * (cw + gap / 2), y, cw, ch) for k, c in enumerate(hand)]
    return Picture(to_svg(scene))


def powers(state: PoohsticksState) -> None:
    """Print, for each player, whether the boat's free move is still there."""
    for p, used in enumerate(state.powers_used):
        suit = SUIT_NAMES[SUITS[p]]
        print(f"Player {p}'s {suit} boat: power {'spent' if used else 'still there'}.")


def three_puzzles() -> list[dict[str, Any]]:
    """Three puzzles of the shipped Poohsticks set: an easy one, a medium one and a hard
    one by the set's difficulty labels, filled in with more of the harder ones, then from
    the set's order when labels are missing (any regenerated set works); easier first."""
    puzzles: list[dict[str, Any]] = load_set("poohsticks")["puzzles"]

    def of(label: str) -> list[dict[str, Any]]:
        return [p for p in puzzles if p.get("difficulty", {}).get("label") == label]

    chosen = of("easy")[:1] + of("medium")[:1] + of("hard")[:1]
    chosen += [p for p in of("medium") + of("hard") if p not in chosen]
    chosen += [p for p in puzzles if p not in chosen]
    rank = {"easy": 0, "medium": 1, "hard": 2}
    return sorted(chosen[:3], key=lambda p: rank.get(p.get("difficulty", {}).get("label"), 0))
