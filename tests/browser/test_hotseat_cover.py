"""The hotseat's "pass the device" cover on a real play page (issue 17 item 2): two
human seats at Fellowship on one screen; the page starts covered, the button lifts the
cover for the seat to move, and a move covers the board again for the other seat. The
covered canvas is one plain plate (the cards are not drawn under it)."""

from __future__ import annotations

from support.browser import message, shoot, wait_painted

#: JavaScript: the distinct colours of the board canvas' pixels (a covered board is one
#: plate of one colour, plus its lettering).
COLOURS = """() => {
  const c = document.querySelector('canvas.tablegames-canvas');
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  const seen = new Map();
  for (let i = 0; i < d.length; i += 4) {
    const k = d[i] + ',' + d[i + 1] + ',' + d[i + 2];
    seen.set(k, (seen.get(k) || 0) + 1);
  }
  return [...seen.values()].sort((a, b) => b - a).map(n => n / (d.length / 4));
}"""


def test_two_humans_at_fellowship_pass_the_device(page, voila_url: str) -> None:
    page.goto(f"{voila_url}/voila/render/fellowship.ipynb", timeout=90_000)
    assert wait_painted(page) > 1000
    seats = page.locator(".tablegames-page select:has(option:has-text('Human'))")
    seats.nth(1).select_option(label="Human")
    page.locator("button:has-text('New game')").click()
    reveal = page.locator("button:has-text('I am Player 0: show my cards')")
    reveal.wait_for(timeout=30_000)
    assert "Pass the device to Player 0" in message(page)
    page.wait_for_function(f"({COLOURS})()[0] > 0.9", timeout=30_000)  # the plate
    shoot(page, "hotseat-covered")
    reveal.click()
    page.wait_for_function(f"({COLOURS})()[0] < 0.9", timeout=30_000)  # the board shows
    assert "Player 0 (human)" in message(page)
    shoot(page, "hotseat-player-0")
    page.locator(".tablegames-play button[title='Play the move chosen in the list']").click()
    page.locator("button:has-text('I am Player 1: show my cards')").wait_for(timeout=30_000)
    page.wait_for_function(f"({COLOURS})()[0] > 0.9", timeout=30_000)
    assert "Pass the device to Player 1" in message(page)
    assert not page.errors, page.errors
