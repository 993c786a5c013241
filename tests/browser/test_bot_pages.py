"""A play page with an MCTS seat in a real headless Chromium: the bot thinks without
freezing the page. After the person's move the message line says the bot is thinking,
the history controls answer meanwhile (a step back is shown before the bot has moved),
and the bot's move arrives within a few seconds, the person's view kept."""

from __future__ import annotations

import time

from support.browser import message, wait_painted

#: JavaScript: log every text the message line shows (with its time in ms), and press the
#: "First position" button the moment the bot is said to be thinking, as a person would.
WATCH = """() => {
  window.seen = [];
  const line = document.querySelector('.tablegames-message');
  const first = document.querySelector(".tablegames-play button[title='First position (Home)']");
  const note = () => {
    const text = line.innerText;
    window.seen.push([performance.now(), text]);
    if (text.includes('is thinking') && !window.steppedBack) {
      window.steppedBack = performance.now();
      first.click();
    }
  };
  new MutationObserver(note).observe(line, {subtree: true, childList: true, characterData: true});
}"""


def test_an_mcts_seat_thinks_while_the_page_steps_back(page, voila_url: str) -> None:
    page.goto(f"{voila_url}/voila/render/poohsticks.ipynb", timeout=90_000)
    assert wait_painted(page) > 1000, "the board canvas stayed empty"
    page.wait_for_function("() => document.querySelector('.tablegames-message')?.innerText")
    seats = page.locator(".tablegames-page select").filter(
        has=page.locator("option", has_text="MCTS bot")
    )
    seats.nth(1).select_option(label="MCTS bot")
    page.locator("button:has-text('New game')").click()
    page.wait_for_function(  # the new game (on the same board) is on the page
        "() => document.querySelector('.tablegames-play .tablegames-message')?.innerText"
        ".startsWith('New game. ')",
        timeout=20_000,
    )
    prompt = message(page)
    assert "MCTS" not in prompt, prompt
    page.evaluate(WATCH)
    start = time.perf_counter()
    page.locator(".tablegames-play button[title='Play the move chosen in the list']").click()
    page.wait_for_function(
        "() => window.seen.some(s => s[1].includes('(human)') && s[1].includes('press End'))",
        timeout=30_000,
    )
    answered = time.perf_counter() - start
    seen = [text for _t, text in page.evaluate("() => window.seen")]
    thinking = next(i for i, t in enumerate(seen) if "(MCTSBot) is thinking…" in t)
    back = next(i for i, t in enumerate(seen) if t.startswith("Position 0 of"))
    done = next(i for i, t in enumerate(seen) if "(human)" in t and "press End" in t)
    # The step back was answered while the bot searched, before its move came back.
    assert thinking < back < done, seen
    assert answered < 10, f"the bot took {answered:.1f} s"
    # The person still looks at the first position; End returns to the game.
    page.locator(".tablegames-play button[title='Last position (End)']").click()
    page.wait_for_function(
        "() => !document.querySelector('.tablegames-message').innerText.includes('Position')",
        timeout=20_000,
    )
    assert "(human)" in message(page) or "(MCTSBot)" in message(page)
