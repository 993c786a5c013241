"""The property tests' games split into shares (``TABLEGAMES_PROPERTY_PART``): ``make
test`` plays share 1/2 on the compiled engine and 2/2 on pure Python, which is only sound
if the two shares are different games that together are as many as the whole."""

from __future__ import annotations

import pytest
from support.properties import per_config, run_seeds


def seeds(monkeypatch: pytest.MonkeyPatch, part: str, top: int = 2**32) -> list[int]:
    monkeypatch.setenv("TABLEGAMES_PROPERTY_PART", part)
    monkeypatch.delenv("TABLEGAMES_PROPERTY_SCALE", raising=False)
    got: list[int] = []
    run_seeds(got.append, per_config(600, 2), top)
    return got


def test_two_shares_play_different_games_as_many_as_the_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    whole = seeds(monkeypatch, "1/1")
    first, second = seeds(monkeypatch, "1/2"), seeds(monkeypatch, "2/2")
    assert len(set(whole)) >= 295  # per_config(600, 2) == 300; Hypothesis may repeat a few
    assert not set(first) & set(second), "the two shares replayed the same seeds"
    assert abs(len(set(first)) + len(set(second)) - len(set(whole))) <= 10
    assert all(0 <= s <= 2**32 for s in first + second)


@pytest.mark.parametrize("bad", ["0/2", "3/2", "half", "1/0", "-1/2", ""])
def test_a_malformed_part_is_refused_with_the_form_it_takes(
    monkeypatch: pytest.MonkeyPatch, bad: str
) -> None:
    monkeypatch.setenv("TABLEGAMES_PROPERTY_PART", bad)
    with pytest.raises(ValueError, match="k/n with 1 <= k <= n"):
        per_config(600, 2)
