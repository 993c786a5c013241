"""The terminal demo (issue 30, item 3): one generic text demo over any registered game,
told from the engine's contract alone (notation, events, text board)."""

from __future__ import annotations

import pytest

import tablegames as tg
from tablegames.__main__ import main
from tablegames.demo import run_demo


@pytest.mark.parametrize("name", list(tg.GAMES))
def test_the_demo_tells_every_game_to_its_end(name: str) -> None:
    capped = (
        {"max_turns": 60} if any(o.name == "max_turns" for o in tg.GAMES[name].option_table) else {}
    )
    chunks = list(run_demo(name, seed=5, options=capped, max_decisions=5_000))
    assert chunks[0].startswith(f"{tg.GAMES[name].info.title}, ")
    assert chunks[-1].endswith(" won ***") or chunks[-1] == "*** no winner ***"
    moves = [line for c in chunks[1:-1] for line in c.splitlines() if line[:1] == "P"]
    assert moves and all(": " in line for line in moves)


def test_the_demo_is_the_same_for_the_same_seed() -> None:
    first = list(run_demo("currents", seed=9, max_decisions=10))
    assert first == list(run_demo("currents", seed=9, max_decisions=10))
    assert first[-1] == "*** stopped after 10 decisions ***"


def test_the_demo_command_takes_a_game_its_options_and_bots(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["demo", "poohsticks", "--players", "3", "--bots", "greedy", "--delay", "0"]
    assert main([*argv, "--max-decisions", "5"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Poohsticks, 3 players, seed 2001: greedy (P0), greedy (P1)")


def test_the_demo_command_defaults_to_the_first_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--delay", "0", "--max-decisions", "2"]) == 0
    assert capsys.readouterr().out.startswith(tg.GAMES[next(iter(tg.GAMES))].info.title)


def test_an_option_before_the_game_name_is_refused_with_the_order_to_use() -> None:
    with pytest.raises(SystemExit, match="comes before its options"):
        main(["demo", "--players", "4"])
