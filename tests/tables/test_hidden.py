"""Hidden information stays hidden: a seat's view holds none of another seat's hidden
cards, a spectator's none of anyone's, and no view holds any token."""

from __future__ import annotations

import json
from typing import Any

import pytest
from support.moves import first_moves

import tablegames as tg
from tablegames.fellowship.serialize import known_roles
from tablegames.tables import TableStore, View, public_view


def shown(view: View) -> str:
    """The view as the page receives it (JSON), without the set-up's reshuffle events: the
    jack of spades dealt into the ring goes back into the pile face up, in front of
    everyone (Fellowship's set-up), so it is public even when it is later in a hand."""
    d = view.to_json()
    events = d["observation"]["events"]
    d["observation"]["events"] = [e for e in events if e["kind"] != "reshuffle"]
    return json.dumps(d)


def test_fellowship_seat_0_never_sees_seat_1s_hand_or_unknown_role(sqlite_url: str) -> None:
    with TableStore(sqlite_url) as store:
        t = store.create("fellowship", ["human", "human"], seed=9)
        state = tg.make("fellowship").initial_state(9)
        secrets = {*t.tokens.values(), t.spectator, t.creator}
        while not state.is_terminal:
            view0 = store.view(t.table, t.tokens[0])
            seat0, spectator = shown(view0), shown(store.view(t.table, t.spectator))
            for card in state.hands[1]:
                assert f'"{card}"' not in seat0
            for card in state.hands[0]:
                assert f'"{card}"' in seat0  # its own hand it does see
                assert f'"{card}"' not in spectator
            if not known_roles(state, 0)[1]:
                assert view0.observation["roles"][1] is None
            assert not any(s in seat0 or s in spectator for s in secrets)
            mover = state.current_player
            view = store.view(t.table, t.tokens[mover])
            store.play(t.table, t.tokens[mover], view.legal_moves[-1], view.ply)
            state = state.apply(state.parse_move(view.legal_moves[-1]))


def test_the_board_state_of_a_view_deals_made_up_cards_for_the_hidden_ones(
    sqlite_url: str,
) -> None:
    with TableStore(sqlite_url) as store:
        t = store.create("fellowship", ["human", "human"], seed=9)
        view = store.view(t.table, t.tokens[0])
    real = tg.make("fellowship").initial_state(9)
    drawn = view.board_state(seed=1)
    assert drawn.hands[0] == real.hands[0]
    assert {**drawn.observation(0), "events": []} == {**view.observation, "events": []}
    assert drawn.hands[1] != real.hands[1]  # dealt from the cards seat 0 has not seen


def within(public: Any, seen: Any) -> bool:
    """Whether everything ``public`` shows (its values other than None) ``seen`` shows too."""
    if public is None:
        return True
    if isinstance(public, dict):
        return isinstance(seen, dict) and all(within(v, seen.get(k)) for k, v in public.items())
    if isinstance(public, list):
        same = isinstance(seen, list) and len(seen) == len(public)
        return same and all(within(a, b) for a, b in zip(public, seen))
    return bool(public == seen)


@pytest.mark.parametrize("name", ["currents", "fellowship", "poohsticks", "cardchess", "resistor"])
def test_the_public_view_hides_what_any_player_cannot_see(name: str) -> None:
    game = tg.make(name)
    state = first_moves(game.initial_state(5), 6)
    public = public_view(state)
    for p in range(game.num_players):
        mine = state.observation(p)
        for key in public:
            if key != "viewer" and not within(public[key], mine[key]):
                pytest.fail(f"{name}: the public {key} shows what player {p} cannot see")
    assert public["viewer"] is None and public["seed"] is None
    hands = public.get("hands")
    if hands is not None:
        assert all(c is None for hand in hands for c in hand)
    json.dumps(public)
