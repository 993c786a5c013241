"""One test per rule of Fellowship of the Ring (rules text plus shared rulings), named after it.

Positions come from ``support.fellowship``: a circle of clubs (no capture possible among
them) with the joker buried at position 12, and the stacks a test needs put in place.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from support.fellowship import buried, data, kinds, legal, play, position

import tablegames as tg
from tablegames.cards import standard_deck
from tablegames.determinize import InformationSet
from tablegames.fellowship.state import beats


def game(players: int = 2) -> tg.Game:
    return tg.make("fellowship", players=players)


# ---- set-up --------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
def test_circle_of_thirteen_with_one_joker(players: int) -> None:
    for seed in range(40):
        s = game(players).initial_state(seed)
        assert len(s.circle) == 13 and all(len(stack) == 1 for stack in s.circle)
        tops = [stack[0] for stack in s.circle]
        assert tops.count("RJ") == 1
        everywhere = [*tops, *(c for h in s.hands for c in h), *s.draw_pile]
        assert "BJ" not in everywhere  # the second joker is set aside


def test_joker_at_a_random_place() -> None:
    places = {game().initial_state(seed).joker_position for seed in range(200)}
    assert places == set(range(13))


def test_three_players_play_without_joker() -> None:
    for seed in range(20):
        s = game(3).initial_state(seed)
        assert len(s.circle) == 13
        assert not any(c in ("RJ", "BJ") for stack in s.circle for c in stack)


def test_jack_of_spades_kept_out_of_the_two_player_circle() -> None:
    reshuffled = 0
    for seed in range(300):
        s = game().initial_state(seed)
        assert all("JS" not in stack for stack in s.circle)
        reshuffled += "reshuffle" in kinds(s)
    assert reshuffled > 0  # it does get dealt into the circle and sent back


@pytest.mark.parametrize(("players", "pile"), [(2, 30), (3, 24), (4, 20)])
def test_five_cards_each_and_the_rest_is_the_draw_pile(players: int, pile: int) -> None:
    s = game(players).initial_state(9)
    assert [len(h) for h in s.hands] == [5] * players
    assert len(s.draw_pile) == pile
    cards = [*(c for st in s.circle for c in st), *(c for h in s.hands for c in h), *s.draw_pile]
    assert sorted(cards) == sorted(standard_deck(0 if players == 3 else 1))


@pytest.mark.parametrize("players", [3, 4])
def test_secret_suits_dealt_by_jacks(players: int) -> None:
    seen = Counter()
    for seed in range(100):
        roles = game(players).initial_state(seed).roles
        assert len(set(roles)) == players and set(roles) <= set("CDHS")
        seen.update(roles)
    assert set(seen) == set("CDHS")


def test_first_player_moves_first() -> None:
    assert game().initial_state(1).current_player == 0


# ---- strength and captures ------------------------------------------------------------


def test_ace_beats_faces_and_loses_to_numbers() -> None:
    for face in ("JH", "QH", "KH"):
        assert beats("AS", face) and not beats(face, "AS")
    for number in ("2H", "5H", "TH"):
        assert beats(number, "AS") and not beats("AS", number)


def test_otherwise_higher_rank_wins_and_equal_never_captures() -> None:
    assert beats("9S", "8H") and not beats("8H", "9S")
    assert beats("KS", "QH") and beats("JS", "TH")
    assert not beats("7S", "7H") and not beats("AS", "AH")


def test_a_stack_shows_its_top_card() -> None:
    # position 4 shows 9D (on top of the ace of spades, which 5C and 4C would beat): only
    # its top counts
    s = position({4: "AS 9D"}, ["2H"])
    assert "5>4 2H" not in legal(s) and "3>4 2H" not in legal(s)  # 5C, 4C are weaker than 9D
    assert "4>3 2H" in legal(s) and "4>5 2H" in legal(s)  # 9D beats the black 4C and 5C


def test_capture_needs_opposite_colours_with_two_players() -> None:
    s = position({4: "3H"}, ["2H"])
    assert "3>4 2H" in legal(s) and "5>4 2H" in legal(s)  # black beats red
    s = position({4: "3D", 5: "9H"}, ["2H"])
    assert "5>4 2H" not in legal(s)  # both red


def test_capture_needs_a_different_suit_with_three_or_four() -> None:
    for players in (3, 4):
        s = position({4: "3D", 5: "9H", 3: "8D"}, ["2S"], players=players)
        assert "5>4 2S" in legal(s)  # hearts on diamonds: different suit, same colour
        assert "3>4 2S" not in legal(s)  # diamonds on diamonds


def test_capture_needs_strictly_greater_strength() -> None:
    s = position({4: "3H", 5: "3S"}, ["2H"])
    assert "5>4 2H" not in legal(s)  # equal
    assert "3>4 2H" in legal(s)  # 4C beats 3H


def test_capture_only_neighbours_and_the_circle_wraps() -> None:
    s = position({0: "2H", 11: "AH"}, ["5H"])  # 2H at 0 next to 12 (KS) and 1 (3C)
    assert "12>0 5H" in legal(s) and "1>0 5H" in legal(s)
    assert all(m.dst in {(m.src - 1) % 13, (m.src + 1) % 13} for m in s.legal_moves())
    with pytest.raises(tg.IllegalMove, match="not next to"):
        s.parse_move("2>0 5H")


def test_capture_moves_the_stack_onto_the_target_and_fills_the_gap() -> None:
    s = position({3: "2D 4S", 4: "3H"}, ["5H JD"])
    after = play(s, "3>4 5H")
    assert after.circle[4] == ("3H", "2D", "4S")  # the whole stack, on top
    assert after.circle[3] == ("5H",)
    assert kinds(after)[:2] == ["capture", "fill"]


def test_redraw_up_to_five() -> None:
    s = position({4: "3H"}, ["5H JD 2D"])
    after = play(s, "3>4 5H")
    assert len(after.hands[0]) == 5
    assert after.draw_pile == s.draw_pile[3:]
    assert set(s.draw_pile[:3]) <= set(after.hands[0])


def test_either_colour_may_be_moved() -> None:
    s = position({4: "3H", 5: "9H"}, ["2D"])
    assert "5>4 2D" not in legal(s)  # red on red: no
    assert "5>6 2D" in legal(s)  # 9H onto 8C: a red stack captures a black one
    assert "3>4 2D" in legal(s)  # and a black stack a red one


# ---- the joker --------------------------------------------------------------------------


def test_joker_captured_by_any_neighbour() -> None:
    # joker alone at 5, neighbours 4C (weak, black) and 2H (weakest, red)
    s = position({5: "RJ", 6: "2H", 12: "KS"}, ["9D"])
    assert {"4>5 9D", "6>5 9D"} <= legal(s)
    after = play(s, "6>5 9D")
    assert after.circle[5] == ("RJ", "2H")


def test_joker_never_moves() -> None:
    s = position({5: "RJ", 6: "2H", 12: "KS"}, ["9D"])
    assert not any(m.kind == "capture" and m.src == 5 for m in s.legal_moves())
    with pytest.raises(tg.IllegalMove, match="joker never moves"):
        s.apply(s.parse_move("5>6 9D"))


def test_joker_may_be_covered_from_hand_instead() -> None:
    s = position({5: "RJ", 12: "KS"}, ["9D 3S"])
    assert {"cover 5 9D", "cover 5 3S"} <= legal(s)
    after = play(s, "cover 5 3S")
    assert after.circle[5] == ("RJ", "3S")
    assert after.circle[4] == ("6C",) and after.circle[6] == ("8C",)  # no gap
    assert kinds(after)[0] == "cover" and "fill" not in kinds(after)
    assert len(after.hands[0]) == 5


def test_only_the_uncovered_joker_may_be_covered() -> None:
    s = position({4: "3H"}, ["9D"])
    with pytest.raises(tg.IllegalMove, match="only the uncovered joker"):
        s.apply(s.parse_move("cover 4 9D"))


# ---- a move must be made ----------------------------------------------------------------


def test_a_move_must_be_made() -> None:
    s = game().initial_state(2)
    assert all(m.kind in ("capture", "cover") for m in s.legal_moves())
    with pytest.raises(tg.IllegalMove):
        s.parse_move("pass")


# ---- hidden roles -------------------------------------------------------------------------


def test_whoever_draws_the_jack_of_spades_is_black() -> None:
    pile = ["JS", "2D", "3D", "4D", "5D"]
    d = data({4: "3H"}, ["5H 6H", "7H"])
    d["hands"] = [["5H", "6H", "7D", "8D", "9D"], ["7H", "8H", "9H", "TH", "JH"]]
    rest = [c for c in standard_deck(1) if c not in {*pile, *d["hands"][0], *d["hands"][1]}
            and c not in [x for st in d["circle"] for x in st]]  # fmt: skip
    d["draw_pile"] = pile + rest
    s = game().state_from_json(d)
    assert s.roles == (None, None)
    after = play(s, "3>4 5H")
    assert "JS" in after.hands[0]
    assert after.roles == ("black", "red")


def test_jack_of_spades_played_as_a_regular_card() -> None:
    s = position({4: "3H"}, ["JS 5H"])
    after = play(s, "3>4 JS")
    assert after.circle[3] == ("JS",)
    assert after.roles == ("black", "red")


def test_roles_hidden_from_the_other_player() -> None:
    s = position({4: "3H"}, ["5H", "JS 2D"])
    assert s.roles == ("red", "black")
    assert s.observation(1)["roles"] == [None, "black"]
    assert s.observation(0)["roles"] == [None, None]
    assert s.observation(0)["hands"][1] == [None, None]


@pytest.mark.parametrize("players", [3, 4])
def test_secret_suits_hidden_from_the_others(players: int) -> None:
    s = game(players).initial_state(4)
    for p in range(players):
        view = s.observation(p)["roles"]
        assert view[p] == s.roles[p]
        assert all(r is None for q, r in enumerate(view) if q != p)


# ---- the end and the score -----------------------------------------------------------------


def test_game_ends_when_the_player_to_move_has_no_capture() -> None:
    # 4C captures 3H; the fill 9S leaves every top black: player 1 has no capture
    s = position({4: "3H"}, ["9S JS", "2D"])
    after = play(s, "3>4 9S")
    assert after.is_terminal and kinds(after)[-4:-3] == ["no_move"]
    assert after.winners == {0}  # black holds every stack


def test_cards_run_out() -> None:
    # the draw pile is empty: player 1 holds no card, so the game ends after player 0's turn
    extra = {"draw_pile": []}
    d = data({4: "3H", 8: "2D"}, ["9H JS"], **extra)
    # every card not in the circle or player 0's hand is buried under position 11
    used = {c for st in d["circle"] for c in st} | {"9H", "JS"}
    rest = [c for c in standard_deck(1) if c not in used]
    d["circle"][11] = buried(rest, "AC")
    s = game().state_from_json(d)
    after = play(s, "3>4 9H")
    assert after.is_terminal and "no_cards" in kinds(after)
    assert after.counts()["black"] == 11 and after.counts()["red"] == 2
    assert after.winners == {0}


def test_all_one_colour_with_the_jack_drawn_the_dominant_colour_wins() -> None:
    s = position({4: "3H"}, ["9S", "JS 2D"])  # player 1 is black
    after = play(s, "3>4 9S")
    assert after.is_terminal and after.winners == {1}
    assert after.returns() == (-1.0, 1.0)


def test_all_one_colour_with_the_jack_never_drawn_is_a_stalemate() -> None:
    s = position({4: "3H"}, ["9S", "2D"])  # JS still in the draw pile
    after = play(s, "3>4 9S")
    assert after.is_terminal and after.winners == frozenset()
    assert "stalemate" in kinds(after) and after.returns() == (0.0, 0.0)


def test_stacks_counted_by_top_colour_and_the_joker_counts_for_nobody() -> None:
    s = position({5: "RJ", 12: "KS", 4: "KH AS", 6: "3S 4H"}, ["9D"])
    assert s.counts() == {"black": 11, "red": 1}


def test_three_players_leftover_suit_scores_for_nobody() -> None:
    s = position({4: "3H", 5: "4H", 6: "5H"}, ["2D", "2S"], players=3, roles=["H", "D", "S"])
    assert s.counts() == {"C": 9, "D": 0, "H": 3, "S": 1}
    assert s.score() == {0}  # clubs (9 stacks) belong to nobody


def test_four_players_most_stacks_of_your_suit_wins() -> None:
    s = position({4: "3H", 5: "4H"}, ["2D"], players=4, roles=["H", "C", "D", "S"])
    assert s.score() == {1}


def test_option_jack_in_top_half() -> None:
    """The variant seeds a Jack of Spades left in the pile into its top half (the first 15
    of 30 draws), only with two players, and the searches' guesses follow it."""
    plain = [tg.make("fellowship").initial_state(seed) for seed in range(200)]
    assert any("JS" in s.draw_pile[15:] for s in plain)
    for seed in range(200):
        s = tg.make("fellowship", jack_in_top_half=True).initial_state(seed)
        assert "JS" not in s.draw_pile[15:]
    with pytest.raises(ValueError):
        tg.make("fellowship", players=3, jack_in_top_half=True)
    # past the fifteenth draw, a player without the jack: every guess gives it to the other
    found = 0
    for seed in range(40):
        s = tg.make("fellowship", jack_in_top_half=True).initial_state(seed)
        gen = random.Random(seed)
        while not s.is_terminal and len(s.draw_pile) > 14:
            s = s.apply(gen.choice(s.legal_moves()))
        if s.is_terminal:
            continue
        me = s.current_player
        if s.observation(me)["roles"][me] is not None:  # it holds the jack, or it was shown
            continue
        found += 1
        other = 1 - me
        for _ in range(20):
            sample = InformationSet(s.game, s.observation(me)).sample(gen)
            assert "JS" in sample.hands[other]
        while not s.is_terminal and s.draw_pile:  # an empty pile: guesses still work
            s = s.apply(gen.choice(s.legal_moves()))
        if not s.is_terminal:
            InformationSet(s.game, s.observation(s.current_player)).sample(gen)
    assert found
