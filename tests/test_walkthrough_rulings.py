"""The walkthroughs and docs/rulings.md agree (issue 28 §2): every "Our reading" in a
walkthrough names at least one ruling id of its game that exists in docs/rulings.md, and
every ruling of a game is named in its walkthrough (where it is taught, or on the
walkthrough's reference card), so a reader can always find the ruling behind a reading
and no ruling goes untaught."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
RULINGS = ROOT / "docs" / "rulings.md"
WALKTHROUGHS = ROOT / "notebooks" / "walkthroughs"

#: The heading of each game's section in docs/rulings.md.
SECTIONS = {
    "currents": "Currents",
    "fellowship": "Fellowship of the Ring",
    "poohsticks": "Poohsticks",
    "cardchess": "Card Chess",
    "resistor": "Resistor",
}


def ruling_ids(game: str) -> set[str]:
    """The ids in the first column of the game's tables in docs/rulings.md."""
    text = RULINGS.read_text(encoding="utf-8")
    parts = re.split(r"^## +(.+?)\s*$", text, flags=re.MULTILINE)
    sections = dict(zip(parts[1::2], parts[2::2]))
    body = sections[SECTIONS[game]]
    return set(re.findall(r"^\|\s*`([a-z0-9_]+)`\s*\|", body, flags=re.MULTILINE))


def markdown(game: str) -> list[str]:
    nb = nbformat.read(WALKTHROUGHS / f"{game}.ipynb", as_version=4)
    return [cell.source for cell in nb.cells if cell.cell_type == "markdown"]


def readings(game: str) -> list[str]:
    """Each paragraph of the walkthrough that gives "Our reading(s)"."""
    return [
        para
        for source in markdown(game)
        for para in re.split(r"\n\s*\n", source)
        if "Our reading" in para
    ]


def test_rulings_md_has_ids_for_every_game() -> None:
    for game in SECTIONS:
        assert len(ruling_ids(game)) >= 5, f"{game}: too few ruling ids parsed"


@pytest.mark.parametrize("game", sorted(SECTIONS))
def test_every_our_reading_names_a_ruling_of_its_game(game: str) -> None:
    ids = ruling_ids(game)
    paras = readings(game)
    assert paras, f"the {game} walkthrough flags no reading at all"
    unnamed = [p for p in paras if not set(re.findall(r"`([a-z0-9_]+)`", p)) & ids]
    assert not unnamed, (
        f"{len(unnamed)} 'Our reading' paragraph(s) of the {game} walkthrough name no ruling "
        f"id of {SECTIONS[game]} in docs/rulings.md; the first: {unnamed[0][:300]!r}"
    )


@pytest.mark.parametrize("game", sorted(SECTIONS))
def test_every_ruling_is_named_in_its_walkthrough(game: str) -> None:
    text = "\n".join(markdown(game))
    missing = sorted(i for i in ruling_ids(game) if f"`{i}`" not in text)
    assert not missing, f"rulings of {SECTIONS[game]} the {game} walkthrough never names: {missing}"
