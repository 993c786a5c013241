"""The terminal demo: a seeded game of any registered game between bots, told move by move.

Everything printed comes from the engine's generic contract, so every game (a plug-in's
too) gets the same demo: each move in the game's notation, the events it caused (what
``apply`` did by itself: draws, shuffles, captures, a pawn's push), and the text board
(``str(state)``) each time the turn passes to another player.

>>> chunks = list(run_demo("poohsticks", seed=3, max_decisions=4))
>>> chunks[0].splitlines()[0]
'Poohsticks, 2 players, seed 3: random (P0), random (P1).'
>>> chunks[1].splitlines()[:3]  # the player, the move, what it did
['== P0 ==', 'P0: end', '  P0 pass']
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from .bots import check_specs, make_bot
from .cards import pretty
from .core import GAMES, State, make
from .events import Event


def _card(card: str | None) -> str:
    if card is None:
        return "??"  # a card face down
    try:
        return pretty(card)
    except (KeyError, ValueError, IndexError):
        return card  # not a playing card: the game's own name for the piece


def event_line(e: Event) -> str:
    """One line for an event, from its fields alone: ``'  P0 draw 7♥'``."""
    words = [f"P{e.player}"] if e.player >= 0 else []
    words.append(e.kind.replace("_", " "))
    words += [_card(c) for c in e.cards]
    if e.where:
        words.append(f"at {e.where}")
    if e.value:
        words.append(" ".join(map(str, e.value)))
    if e.text:
        words.append(f"({e.text})")
    return "  " + " ".join(words)


def ending(state: State) -> str:
    """The last line: who won, or that nobody did."""
    if not state.winners:
        return "*** no winner ***"
    return "*** " + " and ".join(f"P{p}" for p in sorted(state.winners)) + " won ***"


def run_demo(
    name: str | None = None,
    seed: int = 2001,
    options: Mapping[str, Any] | None = None,
    bots: Sequence[str] | None = None,
    max_decisions: int = 2_000,
) -> Iterator[str]:
    """Yield the demo's text for the game ``name`` (default: the first registered) with
    ``options``, bots by their specs (default: random in every seat): the set-up, then
    one chunk per turn (the moves a player made in a row, then the board)."""
    game = make(name if name is not None else next(iter(GAMES)), **(options or {}))
    specs = check_specs(game, bots)
    players = [make_bot(spec, f"{seed}:{p}") for p, spec in enumerate(specs)]
    state = game.initial_state(seed)
    seats = ", ".join(f"{spec} (P{p})" for p, spec in enumerate(specs))
    yield (
        f"{game.info.title}, {game.num_players} players, seed {seed}: {seats}.\n"
        f"{game!r}\n\n{state}\n"
    )
    lines: list[str] = []
    for _ in range(max_decisions):
        if state.is_terminal:
            break
        player = state.current_player
        move = players[player].choose(state)
        state = state.apply(move)
        if not lines:
            lines.append(f"== P{player} ==")
        lines.append(f"P{player}: {move}")
        lines += [event_line(e) for e in getattr(state, "events", ())]
        if state.is_terminal or state.current_player != player:
            yield "\n".join([*lines, "", str(state), ""])
            lines = []
    if lines:
        yield "\n".join([*lines, "", str(state), ""])
    if state.is_terminal:
        yield ending(state)
    else:
        yield f"*** stopped after {max_decisions} decisions ***"
