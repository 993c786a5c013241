"""The Fellowship walkthrough's helpers (tablegames_widgets.teach.fellowship): they say
the engine's answers in words with suit symbols and draw what the text points at."""

from __future__ import annotations

import re

import pytest
from tablegames_widgets.teach import fellowship as teach

import tablegames as tg
from tablegames.fellowship.state import beats

RING = "4C 9H 2S,5C,KD 7S AH RJ 5D QC 8H 3S TD 6C JH"
HANDS = ["2C 9S 7D 4S QD", "3D KS 4D 6H QH"]
CODE = re.compile(r"\b[2-9TJQKA][CDHS]\b")


@pytest.fixture
def ring() -> tg.State:
    return teach.position(tg.make("fellowship"), RING, HANDS, turn=2)


def test_position_reads_the_short_ring(ring: tg.State) -> None:
    assert ring.circle[2] == ("2S", "5C", "KD") and ring.circle[5] == ("RJ",)
    assert len(ring.draw_pile) == 53 - 15 - 10 == 28  # two turns in: a reachable count


def test_position_pile_top_comes_first() -> None:
    s = teach.position(tg.make("fellowship"), RING, HANDS, pile_top="JS 2H")
    assert s.draw_pile[:2] == ("JS", "2H") and len(s.draw_pile) == 28


def test_moves_tell_and_count_speak_in_symbols(
    ring: tg.State, capsys: pytest.CaptureFixture[str]
) -> None:
    teach.moves(ring)
    after = ring.apply(ring.parse_move("2>3 2C"))
    teach.tell(after)
    teach.count(after)
    out = capsys.readouterr().out
    assert "65 moves in all" in out and "cover the joker at place 5" in out
    assert "the stack of 3 (K♦ on top) from place 2 onto the 7♠ at place 3" in out
    assert not CODE.search(out), out


def test_picture_draws_the_arrow_and_the_rings(ring: tg.State) -> None:
    plain = teach.picture(ring).svg
    marked = teach.picture(ring, arrow=(2, 3), places=[2], hand=["2C"], note="look").svg
    assert marked.count("<polygon") == plain.count("<polygon") + 1  # the arrow's head
    assert marked.count("stroke-width='3'") == plain.count("stroke-width='3'") + 2
    assert "look" in marked


def test_strength_chart_marks_every_capture() -> None:
    svg = teach.strength_chart().svg
    wins = sum(beats(a + "S", b + "H") for a in teach.RANKS for b in teach.RANKS)
    assert (
        svg.count("✓") == wins == 66 + 3 + 9
    )  # 2 to K among themselves; the ace over J, Q, K; 2-10 over the ace


def test_jack_of_spades_says_dealt_or_drawn() -> None:
    # a jack in a first hand was dealt, not drawn (the walkthrough's section 11 said "drew")
    game = tg.make("fellowship")
    assert teach.jack_of_spades(tg.Record("fellowship", seed=3)) == (
        "player 1 was dealt the Jack of Spades"
    )
    record = tg.play_game(game, seed=4).record
    said = teach.jack_of_spades(record)
    turn = int(said.rsplit(" ", 1)[1])
    states = record.states()
    assert said == f"player {(turn - 1) % 2} drew the Jack of Spades on turn {turn}"
    assert not any("JS" in hand for hand in states[turn - 1].hands)  # type: ignore[attr-defined]
    assert "JS" in states[turn].hands[(turn - 1) % 2]  # type: ignore[attr-defined]


def test_meetings_says_why_no_neighbours_capture(capsys: pytest.CaptureFixture[str]) -> None:
    # the walkthrough's three-player ring stuck at the deal
    stuck = "2C 5C 9C 9D 3D KD KH 4H 7H 7S 2S QS QC"
    hands = ["6C JC AD 8H TS", "4D 8D JH 3S KS", "AC 4C 6D 5H 9S"]
    s = teach.position(tg.make("fellowship", players=3), stuck, hands, phase="over", winners=[0])
    teach.meetings(s)
    out = capsys.readouterr().out
    assert "the same suit (9)" in out and "equal ranks (4)" in out and "capture" not in out
    teach.meetings(teach.position(tg.make("fellowship"), RING, HANDS, turn=2))
    out = capsys.readouterr().out
    assert "5-6 (the joker 5♦)" in out and "2-3 (K♦ 7♠)" in out  # the joker is always taken


def test_pick_clicks_stacks_so_the_stored_picture_shows_them() -> None:
    from tablegames_widgets import PlayWidget

    play = PlayWidget(tg.make("fellowship"), seed=4)
    plain = play.static_svg()
    assert teach.pick(play, 3, 2) is play
    assert play.board.selected == (("stack", 3), ("stack", 2))
    assert {key[0] for key in play.board.targets} == {"card"}  # then the filling card
    assert play.static_svg() != plain


@pytest.mark.parametrize("players", [2, 4])
def test_a_deal_with_the_joker_is_never_stuck(players: int) -> None:
    # the walkthrough's section 9: covering the uncovered joker is always a move
    game = tg.make("fellowship", players=players)
    for seed in range(100):
        s = game.initial_state(seed=seed)
        assert not s.is_terminal
        assert any(m.kind == "cover" for m in s.legal_moves())
