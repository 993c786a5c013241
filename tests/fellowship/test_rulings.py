"""One test per Fellowship ruling of docs/rulings.md, named ``test_ruling_<id>``."""

from __future__ import annotations

import dataclasses
import random

import pytest
from support.fellowship import buried, data, kinds, legal, play, position

import tablegames as tg
from tablegames.cards import standard_deck
from tablegames.fellowship.builder import started


def game(players: int = 2, **options: object) -> tg.Game:
    return tg.make("fellowship", players=players, **options)


def test_ruling_joker_is_the_red_joker() -> None:
    for players in (2, 4):
        s = game(players).initial_state(3)
        assert any(stack == ("RJ",) for stack in s.circle)
        assert "BJ" not in s.game.deck  # type: ignore[attr-defined]
    s = position({4: "3H"}, ["2D"])
    assert s.counts() == {"black": 12, "red": 1}  # the buried RJ counts for nothing


def _replay_setup(seed: int) -> tuple[list[str], bool]:
    gen = random.Random(seed)
    pile = list(standard_deck(0))
    gen.shuffle(pile)
    ring, pile = pile[:12], pile[12:]
    again = False
    while "JS" in ring:
        again = True
        k = ring.index("JS")
        pile.append("JS")
        gen.shuffle(pile)
        ring[k] = pile.pop(0)
    ring.insert(gen.randrange(13), "RJ")
    return ring, again


def test_ruling_joker_placed_at_random() -> None:
    for seed in range(30):
        ring, _ = _replay_setup(seed)
        assert [st[0] for st in game().initial_state(seed).circle] == ring


def test_ruling_jack_of_spades_replaced_until_gone() -> None:
    seeds = [seed for seed in range(200) if _replay_setup(seed)[1]]
    assert seeds
    for seed in seeds:
        s = game().initial_state(seed)
        assert [st[0] for st in s.circle] == _replay_setup(seed)[0]
        assert "reshuffle" in kinds(s) and s.events[0].cards == ("JS",)


def test_ruling_jack_of_spades_rule_two_players_only() -> None:
    found = [
        seed for seed in range(200) if any("JS" in st for st in game(4).initial_state(seed).circle)
    ]
    assert found  # the JS may stay in a multiplayer circle
    assert "reshuffle" not in kinds(game(4).initial_state(found[0]))


def test_ruling_secret_suit_jacks() -> None:
    for players in (3, 4):
        for seed in range(10):
            gen = random.Random(seed)
            jacks = ["JC", "JD", "JH", "JS"]
            gen.shuffle(jacks)
            s = game(players).initial_state(seed)
            assert s.roles == tuple(j[1] for j in jacks[:players])


def test_ruling_first_player_is_player_0() -> None:
    s = game(3).initial_state(1)
    order = []
    for _ in range(4):
        order.append(s.current_player)
        s = s.apply(s.legal_moves()[0])
    assert order == [0, 1, 2, 0]


def test_ruling_capture_and_fill_one_decision() -> None:
    s = position({4: "3H", 8: "2H"}, ["5H", "2D"])
    m = s.parse_move("3>4 5h")
    assert str(m) == "3>4 5H" and m.kind == "capture" and m.card == "5H"
    after = s.apply(m)
    assert after.current_player == 1 and after.circle[3] == ("5H",)


def test_ruling_cover_instead_of_capture() -> None:
    s = position({5: "RJ", 12: "KS", 8: "2H"}, ["AD", "2D"])
    after = play(s, "cover 5 AD")
    assert after.circle[5] == ("RJ", "AD") and kinds(after)[:2] == ["cover", "draw"]
    assert after.current_player == 1


def test_ruling_joker_target_ignores_colour_and_rank() -> None:
    s = position({5: "RJ", 6: "2H", 12: "KS"}, ["9D"])  # 2H: the weakest card, red
    assert "6>5 9D" in legal(s) and "4>5 9D" in legal(s)


def test_ruling_only_the_mover_draws() -> None:
    s = position({4: "3H"}, ["5H", "2D"])
    after = play(s, "3>4 5H")
    assert len(after.hands[0]) == 5 and after.hands[1] == ("2D",)


def test_ruling_game_ends_when_no_move() -> None:
    s = position({4: "3H"}, ["9S JS", "2D 3D"])
    after = play(s, "3>4 9S")
    assert after.is_terminal and after.current_player == -1
    assert "no_move" in kinds(after) and after.legal_moves() == []


def test_ruling_cards_run_out_is_an_empty_hand() -> None:
    d = data({4: "3H", 7: "2D", 9: "3D"}, ["9H JS", "5H"], draw_pile=[])
    used = {c for st in d["circle"] for c in st} | {"9H", "JS", "5H"}
    d["circle"][11] = buried([c for c in standard_deck(1) if c not in used], "AC")
    s = game().state_from_json(d)
    after = play(s, "3>4 9H")  # the pile is empty, player 1 still holds a card: play on
    assert not after.is_terminal and after.current_player == 1
    after = after.apply(after.legal_moves()[0])
    assert not after.is_terminal  # player 0 still holds JS
    after = after.apply(after.legal_moves()[0])
    assert after.is_terminal and "no_cards" in kinds(after)


def test_ruling_one_colour_is_no_capture() -> None:
    # every top black except the uncovered joker: the game goes on
    s = position({5: "RJ", 12: "KS", 4: "3H"}, ["9S JS", "2S"])
    after = play(s, "3>4 9S")
    assert not after.is_terminal and "cover 5 2S" in legal(after)


def test_ruling_unknown_roles_stalemate() -> None:
    # player 1 is to move with an empty hand while the JS is still in the draw pile:
    # the game ends by "no card", not by one colour, and nobody has a colour
    d = data({4: "3H", 7: "2D"}, ["9H TH JH QH KH", ""], current_player=1)
    used = {c for st in d["circle"] for c in st} | {"9H", "TH", "JH", "QH", "KH", "JS"}
    d["circle"][11] = buried([c for c in standard_deck(1) if c not in used], "AC")
    d["draw_pile"] = ["JS"]
    s = dataclasses.replace(game().state_from_json({**d, "current_player": 0}), player=1)
    over = started(s)
    assert over.is_terminal and over.roles == (None, None) and over.winners == frozenset()
    assert "stalemate" in kinds(over) and over.returns() == (0.0, 0.0)


def test_ruling_equal_counts_draw() -> None:
    from tablegames.fellowship.state import score

    assert score(2, {"black": 6, "red": 6}, ("black", "red")) == frozenset()
    counts = {"C": 4, "D": 4, "H": 2, "S": 3}
    assert score(4, counts, ("C", "D", "H", "S")) == {0, 1}
    assert score(3, {"C": 9, "D": 2, "H": 2, "S": 0}, ("D", "H", "S")) == {0, 1}
    assert score(3, {"C": 13, "D": 0, "H": 0, "S": 0}, ("D", "H", "S")) == frozenset()


def test_ruling_js_holder_stays_black() -> None:
    s = position({4: "3H"}, ["JS 5H", "2D"])
    after = play(s, "3>4 JS")
    assert "JS" not in after.hands[0] and after.roles == ("black", "red")


def test_ruling_js_played_reveals() -> None:
    s = position({4: "3H"}, ["JS 5H", "2D"])
    assert s.observation(1)["roles"] == [None, None]
    assert s.observation(0)["roles"] == ["black", None]
    after = play(s, "3>4 JS")
    assert after.events[2].kind == "reveal" and after.events[2].where == "black"
    assert after.observation(1)["roles"] == ["black", "red"]


def test_ruling_roles_revealed_at_end() -> None:
    s = position({4: "3H"}, ["9S", "JS 2D"])
    after = play(s, "3>4 9S")
    assert after.is_terminal
    reveals = [(e.player, e.where) for e in after.events if e.kind == "reveal"]
    assert reveals == [(0, "red"), (1, "black")]
    assert after.observation(0)["roles"] == ["red", "black"]


def test_ruling_max_turns_no_winner() -> None:
    g = game(2, max_turns=3)
    s = g.initial_state(5)
    for _ in range(3):
        s = s.apply(s.legal_moves()[0])
    assert s.is_terminal and s.turn == 3 and s.winners == frozenset()
    assert "max_turns" in kinds(s)


def test_ruling_hand_limit_five() -> None:
    import pytest

    with pytest.raises(tg.InvalidState, match="at most 5"):
        position({4: "3H"}, ["2D 3D 4D 5D 6D 7D"])


def test_ruling_hand_built_defaults() -> None:
    s = position({4: "3H"}, ["2D", "JS"])
    assert s.roles == ("red", "black") and s.current_player == 0 and s.turn == 0
    assert position({4: "3H"}, ["2D"], players=4).roles == ("C", "D", "H", "S")
    import pytest

    with pytest.raises(tg.InvalidState, match="give roles"):
        position({4: "3H", 5: "JS"}, ["2D"])


def test_ruling_no_move_at_start() -> None:
    s = position({4: "3H"}, ["9S JS", "2D"])
    stuck = play(s, "3>4 9S")  # the finished position, restarted with player 1 to move
    fresh = dataclasses.replace(stuck, phase="play", player=1, winners=frozenset(), events=())
    over = started(fresh)
    assert over.is_terminal and over.winners == {0} and "no_move" in kinds(over)


def test_ruling_covered_joker_moves_with_its_stack() -> None:
    s = position({5: "RJ 9H", 12: "KS"}, ["2D", "3D"])  # the covered joker under 9H
    after = play(s, "5>6 2D")  # 9H beats 8C and takes the joker along
    assert after.circle[6] == ("8C", "RJ", "9H") and after.circle[5] == ("2D",)
    import pytest

    with pytest.raises(tg.InvalidState, match="uncovered joker never moves"):
        position({5: "9H RJ", 12: "KS"}, ["2D"])


def test_ruling_stacks_grow_by_captures() -> None:
    from tablegames.fellowship.serialize import can_arise

    # one stack onto another whose top its top captures: opposite colour, stronger
    assert can_arise(("3H", "5S"), False) and not can_arise(("5S", "3H"), False)
    assert not can_arise(("KH", "5S"), False) and not can_arise(("5H", "9D"), False)
    # a stack keeps capturing: one strong card may top several weaker ones of the other colour
    assert can_arise(("2H", "3D", "4H", "9S"), False)
    # the upper part may itself be a stack: [4S, 6D] (6D over 4S) captured the black 5C
    assert can_arise(("5C", "4S", "6D"), False) and not can_arise(("5C", "6D", "4S"), False)
    # the uncovered joker takes any stack, and is covered by any card
    assert can_arise(("RJ", "4S"), False) and can_arise(("RJ", "2H", "9S"), False)
    # three and four players: another suit, whatever the colour
    assert can_arise(("4S", "9C"), True) and not can_arise(("4S", "9S"), True)
    assert not can_arise(("4S", "9S"), False)
    with pytest.raises(tg.InvalidState, match="cannot arise in play"):
        position({4: "KH 5S", 5: "RJ", 12: "KS"}, ["2D"])
    assert position({4: "7S 4S 8D", 5: "RJ", 12: "KS"}, ["2D"]).circle[4][-1] == "8D"


def test_ruling_count_stacks_not_cards() -> None:
    # seven red tops over black cards, six black tops over taller stacks: black has more
    # cards in the ring (18 to 12) but red has more stacks, and stacks decide
    red = "2S,3H 3S,4H 4S,5H 5S,6H 6S,7H 7S,8H 8S,9H"
    black = "2C,3D,4C 5C,6D,7C 8C,9D,TC 3C,4D,6C 9C,TD,JC RJ,KS"
    stacks = [st.split(",") for st in f"{red} {black}".split()]
    s = game().state_from_json({"circle": stacks, "hands": [["JS", "QH"], ["QD"]]})
    ring = [c for st in s.circle for c in st if c != "RJ"]
    assert sum(c[1] in "CS" for c in ring) == 18 and sum(c[1] in "DH" for c in ring) == 12
    assert s.counts() == {"black": 6, "red": 7}
    assert s.roles == ("black", "red") and s.score() == frozenset({1})


def test_ruling_larger_means_rank() -> None:
    s = position({4: "2S 3H 4S 5H", 5: "9S"}, ["2D"])  # a stack of four shows 5H
    assert "5>4 2D" in legal(s)  # one card takes the taller stack: 9 beats 5
    assert "4>5 2D" not in legal(s)  # four cards high, but 5 does not beat 9


def test_ruling_three_players_no_joker() -> None:
    for seed in range(20):
        s = game(3).initial_state(seed)
        everything = [c for st in s.circle for c in st] + [c for h in s.hands for c in h]
        everything += list(s.draw_pile)
        assert len(s.circle) == 13 and len(everything) == 52
        assert not {"RJ", "BJ"} & set(everything)
