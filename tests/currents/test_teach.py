"""The Currents walkthrough's helpers (tablegames_widgets.teach.currents) and the claims
its examples rest on: what it prints is in words, and the combination-attack example
wins only through the combination."""

from __future__ import annotations

import json
from pathlib import Path

from tablegames_widgets.teach import currents as teach

import tablegames as tg
from tablegames.currents import CurrentsState
from tablegames.events import Event

WALKTHROUGH = Path(__file__).resolve().parents[2] / "notebooks" / "walkthroughs" / "currents.ipynb"


def combo_position() -> dict[str, object]:
    """The position of the walkthrough's section 15.4, read from the notebook itself."""
    cells = json.loads(WALKTHROUGH.read_text(encoding="utf-8"))["cells"]
    source = next(
        "".join(c["source"]) for c in cells if "combo_position = {" in "".join(c["source"])
    )
    namespace: dict[str, object] = {}
    exec(source.split("combo =")[0], namespace)  # the literal only
    return namespace["combo_position"]  # type: ignore[return-value]


def test_say_writes_cards_players_and_plurals_as_people_do() -> None:
    assert teach.say("TS on N1, 2 card(s), 1 card(s), P3, RJ") == (
        "10♠ on N1, 2 cards, 1 card, player 3, red joker"
    )


def test_a_refused_position_reads_as_a_sentence_without_the_engine_prefix() -> None:
    try:
        tg.make("currents").state_from_json({"hands": [["7C", "8C", "9C", "TC", "JC"], [], [], []]})
    except tg.InvalidState as refusal:
        said = teach.reason(refusal)
    assert said == "player 0 holds 5 cards; a hand holds at most 4."


def test_events_are_sentences_without_codes() -> None:
    assert teach.event_words(Event("place", 0, ("TH",), "N2")) == "player 0 plays 10♥ on slot N2"
    assert teach.event_words(Event("queen", 1, ("QD",), "N1~S2")) == (
        "player 1 plays Q♦ as a queen, swapping slots N1 and S2"
    )
    assert teach.event_words(Event("move", -1, (), "", (4, 4, 5, 3))) == (
        "the pawn moves from (4, 4) to (5, 3)"
    )


def test_refusals_are_in_words(capsys: object) -> None:
    state = teach.position(
        {"compass": {"N": "5C"}, "hands": [["KH", "2C", "3C", "4C"], [], [], []]}
    )
    teach.try_move(state, "KH>N")
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    assert out.startswith("K♥ on compass point N: refused, ")
    assert "5♣" in out and "5C" not in out and "KH" not in out


def test_the_combination_example_wins_only_by_the_combination() -> None:
    data = combo_position()
    plain = tg.make("currents").state_from_json(data)
    assert not any(plain.apply(m).winners == {0} for m in plain.legal_moves())
    assert "5C>N1" not in {str(m) for m in plain.legal_moves()}
    combo = tg.make("currents", combination_attacks=True).state_from_json(data)
    won = teach.play(combo, "3S>N1", "5C>N1")
    assert won.winners == {0}


def test_three_puzzles_come_from_the_shipped_set() -> None:
    chosen = teach.three_puzzles()
    assert len(chosen) == 3
    assert len({p["id"] for p in chosen}) == 3
    assert teach.puzzle_players() == 2


def walkthrough_state(name: str) -> CurrentsState:
    """The position the walkthrough cell starting ``name = game.state_from_json(`` builds."""
    cells = json.loads(WALKTHROUGH.read_text(encoding="utf-8"))["cells"]
    start = f"{name} = game.state_from_json("
    source = next("".join(c["source"]) for c in cells if "".join(c["source"]).startswith(start))
    namespace: dict[str, object] = {"game": tg.make("currents"), "teach": teach, "tg": tg}
    exec(source, namespace)
    state = namespace[name]
    assert isinstance(state, CurrentsState)
    return state


def test_before_after_heads_two_boards_and_writes_the_caption() -> None:
    weak = teach.position(
        {
            "compass": {"N": "5C", "E": "AD", "S": "AH", "W": "AS"},
            "currents": {"N": [None, "9S", None, None]},
            "hands": [["8S", "9C", "KH", "2D"], [], [], []],
        }
    )
    svg = teach.before_after(weak, teach.play(weak, "8S>N1"), "A demotion.", ["N1"]).svg
    assert ">before<" in svg and ">after<" in svg and ">A demotion.<" in svg
    assert svg.count(f"stroke='{teach.ALLOWED}'") == 2  # the slot framed on both boards


def test_aces_says_where_each_ace_is() -> None:
    state = teach.position(
        {
            "compass": {"N": "AC", "E": None, "S": None, "W": None},
            "currents": {"N": [None, "AD", None, None]},
            "hands": [["AH", "8C", "9C", "TC"], [], [], []],
            "draw_pile": ["AS"],
        }
    )
    assert teach.aces(state) == (
        "A♣ on compass point N, A♦ on slot N1, A♥ in player 0's hand, A♠ in the draw pile"
    )


def test_the_demotion_example_keeps_the_push_and_discards_the_higher_card() -> None:
    weak = walkthrough_state("weak")
    after = teach.play(weak, "8S>N1")
    assert after.inspect().currents[0].card == "8S"
    assert after.discard_pile[-1] == "9S"
    assert after.pawn == weak.inspect().destination == (3, 4)


def test_the_reshuffle_example_brings_the_aces_back_as_currents() -> None:
    last = walkthrough_state("last_card")
    assert all(ace in last.discard_pile for ace in ("AC", "AD", "AH", "AS"))
    after = teach.play(last, "7C>N0")
    assert [e.kind for e in after.events].count("reshuffle") == 1
    assert {"AH", "AS"} <= set(after.hands[1])
    played = teach.play(after, "AH>N1")
    assert played.pawn == (5, 4)
    assert played.currents[1] == "AH"


def test_side_by_side_heads_each_board() -> None:
    diagonal = teach.one_heart({"N": "AH", "E": "KH"})
    cancelled = teach.one_heart({"N": "AH", "S": "KH"})
    svg = teach.side_by_side([("left one", diagonal), ("right one", cancelled)], "Two.").svg
    assert ">left one<" in svg and ">right one<" in svg and ">Two.<" in svg
    assert cancelled.inspect().vector == (0, 0) != diagonal.inspect().vector
