"""Simulation and analysis: many seeded games between bots, and what they show.

- :func:`simulate` plays games (in parallel through any ``concurrent.futures``
  executor) into a tidy table, one row per game; :func:`compare` does it per variant.
- :func:`metrics` turns a table into balance (win share per seat and per bot, with
  confidence intervals), length, draw and decisiveness figures and event rates;
  :func:`compare_table` prints variants side by side.
- :func:`game_rows` and :func:`summarise` are the older per-game rows with Currents'
  named counts, used by the first exploration notebook.

Standard library only, like the rest of the engine (tqdm, when installed, draws the
progress bar); a notebook may put the rows into pandas or matplotlib.
"""

from ..bots.specs import BOTS, make_bot  # kept here for older callers; tablegames.bots holds them
from .metrics import Share, compare_table, metrics, metrics_lines, quantile, wilson
from .rows import (
    NAMED_COUNTS,
    NAMED_STATE_COUNTS,
    AvoidingBot,
    format_summaries,
    game_rows,
    game_seeds,
    random_bots,
    summarise,
)
from .simulate import compare, play_row, simulate

__all__ = [
    "BOTS",
    "NAMED_COUNTS",
    "NAMED_STATE_COUNTS",
    "AvoidingBot",
    "Share",
    "compare",
    "compare_table",
    "format_summaries",
    "game_rows",
    "game_seeds",
    "make_bot",
    "metrics",
    "metrics_lines",
    "play_row",
    "quantile",
    "random_bots",
    "simulate",
    "summarise",
    "wilson",
]
