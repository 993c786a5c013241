"""The controls bar shared by every game: first / back / forward / last, a play button
with a speed slider, a step slider and a line of text.

Playback is an ``ipywidgets.Play`` linked in the browser to the slider, so it runs
without a round trip per frame; the kernel only hears the slider's new value and
calls ``on_step``. Arrow keys, Home and End step too.

Every control has a visible label or an accessible name. ipywidgets 8.1 renders a
Button's ``tooltip`` as its ``title`` (the accessible name of an icon-only button), but
the Play widget's own play/stop/repeat buttons are bare icons with neither a label nor
a title: :class:`Playback` hides them and shows labelled buttons that drive the Play.
"""

from __future__ import annotations

from collections.abc import Callable

from ipywidgets import HTML, Button, HBox, IntSlider, Layout, Play, ToggleButton, VBox, jslink

from .static import Control

KEYS = {"ArrowLeft": "back", "ArrowRight": "forward", "Home": "first", "End": "last"}


class Playback(HBox):  # type: ignore[misc]
    """Labelled Play/Pause and Repeat buttons for an ``ipywidgets.Play``, whose own icon
    buttons are hidden (they have no accessible name). The animation still runs in the
    browser: a click only sets the Play's ``playing`` (one message)."""

    def __init__(self, play: Play, what: str = "the game", label: str = "Play") -> None:
        self.play = play
        self.label = label  #: the toggle's label while paused ("Replay" beside a Play button)
        play.layout.display = "none"
        self.toggle = Button(description=label, icon="play", layout=Layout(width="96px"),
                             tooltip=f"Play {what} step by step; Pause stops")  # fmt: skip
        self.repeat = ToggleButton(
            value=bool(play.repeat), description="Repeat", icon="retweet",
            tooltip="At the end, start again from the first step", layout=Layout(width="96px"),
        )  # fmt: skip
        self.toggle.on_click(lambda _b: self.set_playing(not self.play.playing))
        self._link = jslink((self.repeat, "value"), (play, "repeat"))
        play.observe(self._playing_changed, names="playing")
        super().__init__([play, self.toggle, self.repeat])
        self.add_class("tablegames-playback")

    def close(self) -> None:
        """Close the row and its link to the Play (a link is held by no widget's tree)."""
        self._link.close()
        super().close()

    def set_playing(self, playing: bool) -> None:
        """Start or pause playback (the browser steps the Play's value)."""
        self.play.playing = playing

    def static_row(self) -> list[Control]:
        """The two buttons as a static picture draws them (see ``static.py``)."""
        return [Control("button", f"▶ {self.toggle.description}"), Control("button", "Repeat")]

    def _playing_changed(self, change: object = None) -> None:
        playing = bool(self.play.playing)
        self.toggle.description = "Pause" if playing else self.label
        self.toggle.icon = "pause" if playing else "play"


class Controls(VBox):  # type: ignore[misc]
    """Steps through ``length`` positions; ``on_step(index)`` is called on every change."""

    def __init__(
        self,
        length: int,
        on_step: Callable[[int], None],
        interval_ms: int = 800,
        play_label: str = "Play",
    ) -> None:
        """``play_label``: the playback button's label ("Replay" where a Play button
        beside it plays a move)."""
        self._on_step = on_step
        small = Layout(width="44px")
        self.first = Button(icon="step-backward", tooltip="First position (Home)", layout=small)
        self.back = Button(icon="chevron-left", tooltip="Back one step (←)", layout=small)
        self.forward = Button(icon="chevron-right", tooltip="Forward one step (→)", layout=small)
        self.last = Button(icon="step-forward", tooltip="Last position (End)", layout=small)
        for button, delta in ((self.first, "first"), (self.back, "back"),
                              (self.forward, "forward"), (self.last, "last")):  # fmt: skip
            button.on_click(lambda _b, d=delta: self.step(d))
        top = max(length - 1, 0)
        self.play = Play(min=0, max=top, step=1, interval=interval_ms, description="Play")
        self.playback = Playback(self.play, label=play_label)
        self.slider = IntSlider(
            min=0, max=top, description="Step", continuous_update=True, layout=Layout(width="320px")
        )
        self.speed = IntSlider(
            value=3, min=1, max=8, description="Speed", layout=Layout(width="220px")
        )
        self.speed.observe(self._speed_changed, names="value")
        self._speed_changed()
        self._link = jslink((self.play, "value"), (self.slider, "value"))
        self.slider.observe(self._slider_changed, names="value")
        self.text = HTML()
        self.text.add_class("tablegames-step-text")
        row = HBox([self.first, self.back, self.forward, self.last, self.slider])
        super().__init__([row, HBox([self.playback, self.speed]), self.text])
        self.add_class("tablegames-controls")

    def close(self) -> None:
        """Close the controls and the link of the Play to the slider."""
        self._link.close()
        super().close()

    @property
    def index(self) -> int:
        return int(self.slider.value)

    def static_rows(self) -> list[list[Control]]:
        """The bar as a static picture draws it (see ``static.py``): the step buttons and
        slider, then playback and speed (the line of text is the picture's caption)."""
        top = max(self.length - 1, 1)
        steps = [Control("button", label) for label in ("|◀", "◀", "▶", "▶|")]
        return [
            [*steps, Control("slider", f"Step {self.index}", self.index / top)],
            [*self.playback.static_row(), Control("slider", "Speed", (self.speed.value - 1) / 7)],
        ]

    @property
    def length(self) -> int:
        return int(self.slider.max) + 1

    def set_length(self, length: int, go_to: int | None = None) -> None:
        """Change how many positions there are (for a game still being played)."""
        top = max(length - 1, 0)
        self.play.max = top
        self.slider.max = top
        if go_to is not None:
            self.go(go_to)

    def go(self, index: int) -> None:
        """Show position ``index`` (clamped to the range)."""
        index = max(0, min(index, self.length - 1))
        # The play button is linked to the slider in the browser only, and the link
        # copies the play button's value when a page connects: keep both in step.
        self.play.value = index
        if index == self.slider.value:
            self._on_step(index)
        else:
            self.slider.value = index  # the observer calls on_step

    def step(self, action: str) -> None:
        """``first``, ``back``, ``forward`` or ``last``."""
        target = {"first": 0, "back": self.index - 1, "forward": self.index + 1,
                  "last": self.length - 1}[action]  # fmt: skip
        self.go(target)

    def handle_key(self, key: str) -> bool:
        """Step for an arrow key, Home or End; True if the key was used."""
        action = KEYS.get(key)
        if action is None:
            return False
        self.step(action)
        return True

    def _slider_changed(self, change: object = None) -> None:
        self._on_step(self.index)

    def _speed_changed(self, change: object = None) -> None:
        self.play.interval = int(2400 / (self.speed.value + 1))
