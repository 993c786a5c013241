"""The terminal demo: a seeded Currents game between random bots, told turn by turn."""

from __future__ import annotations

from collections.abc import Iterator

from .bots import RandomBot
from .cards import pretty
from .currents.game import CurrentsGame
from .currents.state import CurrentsState
from .currents.text import board_text
from .events import Event


def _cards(cards: tuple[str | None, ...]) -> str:
    return " ".join(pretty(c) if c else "??" for c in cards)


def describe_event(e: Event) -> str | None:
    """One line for an event, or None for those the demo leaves out."""
    p = f"P{e.player}"
    k = e.kind
    if k in ("place", "demote", "combination"):
        verb = {"place": "plays", "demote": "demotes with", "combination": "follows up with"}[k]
        return f"{p} {verb} {_cards(e.cards)} on {e.where}"
    if k == "discard":
        src = "from hand" if e.where == "hand" else f"from {e.where}"
        return f"  {_cards(e.cards)} to the discard pile {src}"
    if k in ("jack", "queen", "king", "joker"):
        what = {
            "jack": f"to discard the compass card on {e.where}",
            "queen": "to swap slots " + e.where.replace("~", " and "),
            "king": "to rotate the compass "
            + ("clockwise" if e.where == "cw" else "anticlockwise"),
            "joker": "to shuffle",
        }[k]
        return f"{p} plays {_cards(e.cards)} {what}"
    if k == "stop":
        return f"{p} makes no combination attack on {e.where}"
    if k == "draw":
        return f"{p} draws {_cards(e.cards)}"
    if k == "reshuffle":
        return f"  the discard pile ({e.value[0]} cards) is shuffled into a new draw pile"
    if k == "shuffle":
        return (
            f"  the {e.where} are shuffled"
            if e.where == "currents"
            else "  the compass is shuffled"
        )
    if k == "move":
        x0, y0, x1, y1 = e.value
        if (x0, y0) == (x1, y1):
            return f"  the pawn stays on ({x0}, {y0})"
        return f"  the pawn moves ({x0}, {y0}) -> ({x1}, {y1})"
    if k == "cross":
        return f"  the pawn would cross the {e.where} edge by {e.value[0]} (P{e.player}'s goal)"
    if k == "ask":
        return f"  P{e.player} may goaltend the {e.where} edge"
    if k == "defend":
        return f"  P{e.player} goaltends with {_cards(e.cards)}: the pawn stops on the edge"
    if k == "decline":
        return f"  P{e.player} lets it through"
    if k == "no_defence":
        return f"  P{e.player} cannot goaltend the {e.where} edge"
    if k == "blocked":
        return f"  an obstacle at {e.value} blocks the pawn"
    if k == "win":
        return f"*** P{e.player} wins over the {e.where} edge ***"
    if k == "max_turns":
        return f"*** no winner after {e.value[0]} turns ***"
    return None


def describe_events(events: tuple[Event, ...]) -> list[str]:
    return [line for e in events if (line := describe_event(e)) is not None]


def _vector_line(s: CurrentsState) -> str:
    inf = s.inspect()
    parts = [
        f"{c.slot} {pretty(c.card)}->{''.join(c.directions) or 'dead'}"
        for c in inf.currents
        if c.card
    ]
    dx, dy = inf.vector
    return (
        f"  currents on the pawn at {inf.at}: {', '.join(parts) or 'none'}; "
        f"net vector ({dx:+d}, {dy:+d})"
    )


def run_demo(
    seed: int = 2001, players: int = 4, jokers: int = 0, max_turns: int = 200
) -> Iterator[str]:
    """Yield the demo's text: the set-up, then one chunk per turn."""
    game = CurrentsGame(players=players, jokers=jokers, max_turns=max_turns)
    state = game.initial_state(seed)
    assert isinstance(state, CurrentsState)
    bots = [RandomBot(f"{seed}:{p}") for p in range(players)]
    yield (
        f"Currents, {players} players, seed {seed}. Random bots play; @ is the pawn.\n"
        + "; ".join(
            f"P{p} wins over the {' or '.join(e for e in 'NESW' if game.owner[e] == p)} edge"
            for p in range(players)
        )
        + "\n\n== Set-up: the aces go on the compass =="
    )
    lines: list[str] = []
    while not state.is_terminal:
        before = state
        state = state.apply(bots[state.current_player].choose(state))
        told = describe_events(state.events)
        if before.phase in ("play", "combo") and state.phase != "combo":
            # The vector is told after the play and before the pawn moves.
            at = next(
                (i for i, e in enumerate(state.events) if e.kind in ("cross", "blocked", "move")),
                len(state.events),
            )
            cut = len(describe_events(state.events[:at]))
            told.insert(cut, _vector_line(_after_play(before, state)))
        lines += told
        if state.phase in ("play", "over"):
            yield "\n".join([*lines, "", board_text(state), ""])
            header = f"== Turn {state.turn + 1}: P{state.turn_player} =="
            lines = [] if state.is_terminal else [header]


def _after_play(before: CurrentsState, after: CurrentsState) -> CurrentsState:
    """The board as the Move phase saw it: the new compass and currents, the old pawn."""
    from dataclasses import replace

    return replace(after, pawn=before.pawn, turn_player=before.turn_player)
