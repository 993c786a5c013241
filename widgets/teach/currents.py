"""What the Currents walkthrough calls: positions from a few lines of JSON, what a move did
told in words, refusals with cards written as people write them (``10♠``, not ``TS``),
pushes and compasses in sentences, and the pictures of the rules the board alone does
not show (the places a card may go, the draw and discard piles).

Built on the engine's public API (``state_from_json``, ``parse_move``, ``events``,
``inspect``) and the game's scene; nothing here knows a rule.

>>> say("compass point N holds 5C; exactly 2 card(s) are needed, P2")
'compass point N holds 5♣; exactly 2 cards are needed, player 2'
>>> push_words((1, -2))
'two steps south and one step east'
>>> move_words("QD!N1~S2")
'Q♦ as a queen, swapping slots N1 and S2'
>>> reason(tg.InvalidState("invalid Currents state: player 0 holds 5 cards; at most 4"))
'player 0 holds 5 cards; at most 4.'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

import tablegames as tg
from tablegames import style
from tablegames.cards import SUIT_NAMES, name, pretty
from tablegames.currents import CurrentsGame, CurrentsState
from tablegames.currents.geometry import SLOTS
from tablegames.currents.layout import Layout
from tablegames.currents.scene import layout, state_scene
from tablegames.events import Event
from tablegames.puzzles import load_set
from tablegames.scene import Card, Rect, Scene, Text, to_svg
from tablegames.svg import Picture, document, svg_size, text_svg, with_caption
from tablegames.svg import place as nested

NUMBER = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
DIRECTION = {"N": "north", "E": "east", "S": "south", "W": "west"}
ALLOWED = "#2e7d32"  #: the frame round a place a card may go

_CODE = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][CDHS]|RJ|BJ)(?![A-Za-z0-9])")
_PLURAL = re.compile(r"\b(\d+) (\w+)\(s\)")
_PLAYER = re.compile(r"\bP(\d)\b")
_POINT = re.compile(r"\b(pointing|moving|the) ([NESW])\b(?! *[0-3])")


def counted(n: int, word: str) -> str:
    """``counted(1, "card") == "1 card"``, ``counted(2, "card") == "2 cards"``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def cards(codes: Iterable[str | None]) -> str:
    """Cards as written on them, ``7♣ 10♦`` (a joker as ``red joker``)."""
    return " ".join(say(c) if c else "?" for c in codes)


def say(text: str) -> str:
    """``text`` with card codes written as on the card (``TH`` -> ``10♥``, ``RJ`` -> red
    joker), ``P2`` as ``player 2``, ``card(s)`` as the number asks and a direction letter
    after "the", "pointing" or "moving" as its word (``the N edge`` -> ``the north edge``)."""
    text = _CODE.sub(lambda m: name(m[1]) if m[1] in ("RJ", "BJ") else pretty(m[1]), text)
    text = _PLURAL.sub(lambda m: counted(int(m[1]), m[2]), text)
    text = _POINT.sub(lambda m: f"{m[1]} {DIRECTION[m[2]]}", text)
    return _PLAYER.sub(lambda m: f"player {m[1]}", text)


def reason(refusal: Exception) -> str:
    """The reason an engine refusal gives, as a sentence of the walkthrough: without the
    engine's "invalid Currents state:" prefix, written by :func:`say`, ending with a full
    stop."""
    text = say(str(refusal).removeprefix("invalid Currents state: ")).rstrip(".")
    return text + "."


def steps(n: int, way: str) -> str:
    """``steps(2, "north") == "two steps north"``."""
    return f"{NUMBER[n]} step{'' if n == 1 else 's'} {way}"


def push_words(vector: tuple[int, int]) -> str:
    """A push ``(dx, dy)`` in words: ``'one step south and one step east'``."""
    dx, dy = vector
    parts = [steps(abs(dy), "north" if dy > 0 else "south")] if dy else []
    parts += [steps(abs(dx), "east" if dx > 0 else "west")] if dx else []
    return " and ".join(parts) or "no push at all"


def compass_words(state: CurrentsState) -> str:
    """Which suit blows which way: ``'clubs (A♣) north, hearts (A♥) south; W empty'``."""
    held = [
        f"{SUIT_NAMES[c[1]]} ({pretty(c)}) {DIRECTION[p]}"
        for p, c in zip("NESW", state.compass, strict=True)
        if c
    ]
    empty = [p for p, c in zip("NESW", state.compass, strict=True) if not c]
    return ", ".join(held) + (f"; {', '.join(empty)} empty" if empty else "")


def currents_words(state: CurrentsState) -> str:
    """The occupied current slots: ``'N1 2♥, E2 5♦'`` (``'none'`` on an empty board)."""
    held = [f"{s} {pretty(c)}" for s, c in zip(SLOTS, state.currents, strict=True) if c]
    return ", ".join(held) or "none"


def position(data: dict[str, Any], **options: Any) -> CurrentsState:
    """A hand-built position (``game.state_from_json``) of Currents with ``options``: the
    player to move holds the hand as written, already drawn (`hand_built_position_no_draw`)."""
    state = tg.make("currents", **options).state_from_json(data)
    assert isinstance(state, CurrentsState)
    return state


def _place(target: str) -> str:
    return f"compass point {target}" if len(target) == 1 else f"slot {target}"


def move_words(text: str) -> str:
    """A move's notation in words: ``'3D>N'`` -> ``'3♦ on compass point N'``."""
    if m := re.fullmatch(r"(\w\w)>(\w+)", text):
        return f"{say(m[1])} on {_place(m[2])}"
    if m := re.fullmatch(r"(\w\w)!(.*)", text):
        card, target = say(m[1]), m[2]
        if text[0] == "J":
            return f"{card} as a jack, discarding compass point {target}"
        if text[0] == "Q":
            return f"{card} as a queen, swapping slots " + target.replace("~", " and ")
        if text[0] == "K":
            way = "clockwise" if target == "cw" else "anticlockwise"
            return f"{card} as a king, turning the compass {way}"
        return f"the {card} as an action"
    if m := re.fullmatch(r"(discard|defend) (.*)", text):
        verb = "discarding" if m[1] == "discard" else "goaltending with"
        return f"{verb} {cards(m[2].split())}"
    return {"decline": "declining to goaltend", "stop": "no follow-up"}.get(text, text)


def event_words(e: Event) -> str | None:
    """One event as a sentence, or None for events the walkthrough leaves unsaid."""
    who, k = f"player {e.player}", e.kind
    if k in ("place", "demote", "combination"):
        verb = {"place": "plays", "demote": "demotes with", "combination": "follows up with"}[k]
        return f"{who} {verb} {cards(e.cards)} on {_place(e.where)}"
    if k == "joker":
        return f"{who} plays the {cards(e.cards)}"
    if k in ("jack", "queen", "king"):
        return f"{who} plays " + move_words(f"{e.cards[0]}!{e.where}")
    said = {
        "discard": f"{cards(e.cards)} goes to the discard pile"
        + (f" from {_place(e.where)}" if e.where not in ("", "hand") else ""),
        "stop": f"{who} makes no follow-up",
        "draw": f"{who} draws {cards(e.cards)}",
        "reshuffle": f"the discard pile ({counted(e.value[0] if e.value else 0, 'card')}) "
        "is shuffled into a new draw pile",
        "shuffle": f"the {'currents are' if e.where == 'currents' else 'compass is'} shuffled",
        "cross": f"the pawn would cross the {DIRECTION.get(e.where, e.where)} edge by "
        f"{counted(e.value[0] if e.value else 0, 'step')} ({who}'s goal)",
        "ask": f"{who} may goaltend the {DIRECTION.get(e.where, e.where)} edge",
        "defend": f"{who} goaltends with {cards(e.cards)}: the pawn stops on the edge line",
        "decline": f"{who} lets it through",
        "no_defence": f"{who} cannot goaltend the {DIRECTION.get(e.where, e.where)} edge",
        "win": f"{who} wins over the {DIRECTION.get(e.where, e.where)} edge",
        "max_turns": "the game stops with no winner: the turn limit is reached",
    }
    if k == "move":
        x0, y0, x1, y1 = e.value
        if (x0, y0) == (x1, y1):
            return f"the pawn stays on ({x0}, {y0})"
        return f"the pawn moves from ({x0}, {y0}) to ({x1}, {y1})"
    if k == "blocked":
        if e.text.startswith("riptide"):
            return f"a riptide pointing {DIRECTION[e.text[-1]]} at {_xy(e.value)} stops the pawn"
        return f"an obstacle at {_xy(e.value)} stops the pawn"
    return said.get(k)


def _xy(value: Sequence[int]) -> str:
    return f"({value[0]}, {value[1]})"


def tell(state: CurrentsState) -> CurrentsState:
    """Print what happened since the last decision, one sentence per event; returns
    ``state`` so that a cell can show its picture next."""
    for e in state.events:
        if line := event_words(e):
            print(line[0].upper() + line[1:] + ".")
    return state


def play(state: CurrentsState, *moves: str) -> CurrentsState:
    """The state after the moves (notation), in order."""
    for text in moves:
        state = state.apply(state.parse_move(text))
    return state


def try_move(state: CurrentsState, text: str) -> None:
    """Print whether move ``text`` is legal here and, if not, the engine's reason."""
    try:
        state.parse_move(text)
    except tg.IllegalMove as refusal:
        reason = str(refusal).removeprefix(f"{text}: ").removeprefix(f"'{text}': ")
        reason = reason.split("; write a Currents move as")[0]  # the notation's summary
        print(f"{move_words(text)}: refused, {say(reason)}.".replace("..", "."))
    else:
        print(f"{move_words(text)}: allowed.")


def choices(state: CurrentsState) -> str:
    """The legal moves in words, joined with "or"."""
    return " or ".join(move_words(str(m)) for m in state.legal_moves())


def picture(state: CurrentsState, frames: Iterable[str] = (), **settings: Any) -> Picture:
    """The board picture of ``state`` (settings as ``state_scene``'s: ``inspector``,
    ``influence_lines``, ``selected_slot``), with a green frame round each place named in
    ``frames`` (``"N"`` a compass point, ``"N1"`` a slot)."""
    scene = state_scene(state, **settings)
    lay: Layout = layout(float(settings.get("square", 40.0)), state.game.num_players)
    for place in frames:
        x, y, w, h = (
            lay.compass_rect("NESW".index(place))
            if len(place) == 1
            else (lay.slot_rect(SLOTS.index(place)))
        )
        scene.overlay.append(Rect(x - 4, y - 4, w + 8, h + 8, stroke=ALLOWED, width=3, radius=6))
    return Picture(to_svg(scene))


def side_by_side(
    boards: Sequence[tuple[str, CurrentsState]], caption: str, frames: Iterable[str] = ()
) -> Picture:
    """Boards in a row, each under its heading (``(heading, state)``), with green frames
    round the places named in ``frames`` on every board and ``caption`` written under
    them: two positions compared at a glance, from the engine's own states."""
    places = tuple(frames)
    drawn = [picture(state, places, square=30.0).svg for _, state in boards]
    width, height = svg_size(drawn[0])
    gap, top = 20.0, 26.0
    parts = []
    for k, ((heading, _), board) in enumerate(zip(boards, drawn, strict=True)):
        x = k * (width + gap)
        parts += [text_svg(x + 8, 18, heading, 16, bold=True), nested(board, x, top)]
    doc = document(len(boards) * (width + gap) - gap, height + top, caption, parts)
    return Picture(with_caption(doc, caption, 15.0))


def before_after(
    before: CurrentsState, after: CurrentsState, caption: str, frames: Iterable[str] = ()
) -> Picture:
    """:func:`side_by_side` headed "before" and "after": what one play changed (a
    demotion, an ace played)."""
    return side_by_side([("before", before), ("after", after)], caption, frames)


def aces(state: CurrentsState) -> str:
    """Where each ace is, in words: ``'A♣ in the draw pile, A♥ in player 1's hand, ...'``
    (the draw pile face down to the players, but known to the engine)."""
    where = []
    for ace in ("AC", "AD", "AH", "AS"):
        if ace in state.draw_pile:
            spot = "in the draw pile"
        elif ace in state.discard_pile:
            spot = "in the discard pile"
        elif ace in state.compass:
            spot = f"on compass point {'NESW'[state.compass.index(ace)]}"
        elif ace in state.currents:
            spot = f"on slot {SLOTS[state.currents.index(ace)]}"
        else:
            owner = next(p for p, hand in enumerate(state.hands) if ace in hand)
            spot = f"in player {owner}'s hand"
        where.append(f"{pretty(ace)} {spot}")
    return ", ".join(where)


def where_can(state: CurrentsState, card: str) -> Picture:
    """The board with a green frame round every place where ``card`` (in the hand of the
    player to move) may be played as an ordinary card; prints those places."""
    places = [m.target for m in state.legal_moves() if m.kind == "place" and m.card == card]
    points = ", ".join(p for p in places if len(p) == 1) or "none"
    slots = ", ".join(p for p in places if len(p) > 1) or "none"
    print(f"{pretty(card)} may go on compass points: {points}; on slots: {slots}.")
    return picture(state, frames=places, inspector=False)


def piles(rows: Sequence[tuple[str, CurrentsState]], player: int, caption: str = "") -> Picture:
    """One row per ``(title, state)``: the draw pile (face down, with its count), the
    discard pile (its top card, with its count) and ``player``'s hand: drawing and the
    reshuffle, which the board picture does not show; ``caption`` is written under them."""
    cw, ch, gap, row = 44.0, 62.0, 14.0, 104.0
    scene = Scene(560.0, 16 + row * len(rows), f"the piles and player {player}'s hand")
    scene.background = [Rect(0, 0, scene.width, scene.height, fill=style.PAPER)]
    for i, (title, state) in enumerate(rows):
        y = 30 + i * row
        out = scene.pieces
        out.append(Text(10, y - 8, title, 13, bold=True))
        draw, discard, hand = state.draw_pile, state.discard_pile, state.hands[player]
        out.append(Card(None, 10, y, cw, ch, hidden=bool(draw)))
        out.append(Text(10 + cw / 2, y + ch + 14, f"draw: {len(draw)}", 11, anchor="middle"))
        top = discard[-1] if discard else None
        out.append(Card(top, 30 + cw, y, cw, ch))
        label = f"discard: {len(discard)}"
        out.append(Text(30 + 1.5 * cw, y + ch + 14, label, 11, anchor="middle"))
        x0 = 70 + 2 * cw
        out.append(Text(x0, y + ch + 14, f"player {player}'s hand", 11))
        out += [Card(c, x0 + k * (cw + gap / 2), y, cw, ch) for k, c in enumerate(hand)]
    svg = to_svg(scene)
    return Picture(with_caption(svg, caption, 13.0) if caption else svg)


def pushes(state: CurrentsState) -> None:
    """Print each current on the pawn with its push, the cancelled pairs and what is left."""
    inf = state.inspect()
    for c in inf.currents:
        suit = SUIT_NAMES[c.card[1]] if c.card else ""
        ways = " and ".join(DIRECTION[d] for d in c.directions)
        dead = f"no {suit[:-1]} on the compass, so a dead current"
        print(
            f"{c.slot} {pretty(c.card or '')}: " + (f"{suit} blow {ways}." if ways else dead + ".")
        )
    for a, b in inf.cancelled:
        ua, ub = inf.units[a], inf.units[b]
        print(
            f"Cancelled: {DIRECTION[ua.direction]} from {ua.slot} against "
            f"{DIRECTION[ub.direction]} from {ub.slot}."
        )
    print(f"Left over: {push_words(inf.vector)}; the pawn would land on {inf.destination}.")


def landing_words(state: CurrentsState) -> str:
    """Where the pawn would end this Move phase, or what stops it and why, in words."""
    inf = state.inspect()
    if inf.blocked:
        return "stopped: " + say(inf.blocked_by.split(": ")[-1])
    return f"the pawn enters and lands on {inf.landing}"


def one_heart(compass: dict[str, str]) -> CurrentsState:
    """A position with a single heart (2♥ on slot N2) acting on the pawn, under ``compass``."""
    return position(
        {"compass": compass, "currents": {"N": [None, None, "2H", None]}}
        | {"hands": [["7C", "8C", "9C", "TC"], [], [], []]}
    )


def guards(game: CurrentsGame) -> None:
    """Print, for each edge, whose goal it is and who guards it."""
    seated = " (seated there)" if game.num_players == 4 else ""
    for edge in "NESW":
        print(
            f"The {DIRECTION[edge]} edge: player {game.owner[edge]} wins over it, "
            f"player {game.goaltender[edge]}{seated} guards it."
        )


def crossings(state: CurrentsState) -> None:
    """Print each edge the pawn would cross, in the order it would be defended."""
    for g in state.inspect().goaltending:
        suit = f"{counted(g.overshoot, 'card')} of {SUIT_NAMES[g.suit]}" if g.suit else "nothing"
        print(
            f"The pawn would go {steps(g.overshoot, 'past')} the {DIRECTION[g.edge]} edge "
            f"(player {g.winner}'s goal). Player {g.goaltender} may stop it with {suit}, "
            f"the suit on compass point {g.point}."
        )


def corner(pawn: list[int], **slots: str) -> CurrentsState:
    """A corner position: player 0 to play, every ace on the compass (clubs north, diamonds
    east, hearts south, spades west), the currents named by slot (``N3="2C"``) pushing the
    pawn off the board."""
    currents: dict[str, list[str | None]] = {side: [None] * 4 for side in "NESW"}
    for slot, card in slots.items():
        currents[slot[0]][int(slot[1])] = card
    return position(
        {
            "pawn": pawn,
            "compass": {"N": "AC", "E": "AD", "S": "AH", "W": "AS"},
            "currents": currents,
            "hands": [["9C", "2D", "5D", "7S"], [], [], []],
        }
    )


def defence_order(state: CurrentsState, where: str) -> None:
    """Print who has the advantage at corner ``where`` and the order of the two defences."""
    first, second = state.inspect().goaltending
    print(f"{where}: the advantage is player {first.winner}'s.")
    print(
        f"    First player {first.goaltender} guards the {DIRECTION[first.edge]} edge "
        f"(player {first.winner}'s goal); then player {second.goaltender} the "
        f"{DIRECTION[second.edge]} edge (player {second.winner}'s goal)."
    )


def three_puzzles() -> list[dict[str, Any]]:
    """Three puzzles of the shipped Currents set, easy, medium and hard when the set labels
    its puzzles so, otherwise (or to fill in) the first ones in the set's order: works with
    any regenerated set."""
    puzzles: list[dict[str, Any]] = load_set("currents")["puzzles"]
    chosen = []
    for label in ("easy", "medium", "hard"):
        of_label = [p for p in puzzles if p.get("difficulty", {}).get("label") == label]
        chosen += of_label[:1]
    chosen += [p for p in puzzles if p not in chosen]
    return chosen[:3]


def puzzle_players() -> int:
    """How many players the shipped puzzles are for (the set's game options)."""
    return int(load_set("currents")["options"].get("players", 4))
