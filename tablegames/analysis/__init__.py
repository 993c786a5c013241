"""Simulation and analysis: many seeded games between bots, and what they show.

- :func:`simulate` plays games (in parallel through any ``concurrent.futures``
  executor) into a tidy table, one row per game; :func:`compare` does it per variant.
- :func:`metrics` turns a table into balance (win share per seat and per bot, with
  confidence intervals), length, draw and decisiveness figures and event rates;
  :func:`compare_table` prints variants side by side.
- :func:`game_rows` and :func:`summarise` are the older per-game rows with each game's
  named counts, used by the first exploration notebook.

Standard library only, like the rest of the engine (tqdm, when installed, draws the
progress bar); a notebook may put the rows into pandas or matplotlib.
"""

from ..bots.specs import BOTS, make_bot  # kept here for older callers; tablegames.bots holds them
from .metrics import (
    Share,
    compare_table,
    metrics,
    metrics_lines,
    quantile,
    share_gap,
    wilson,
)
from .rows import (
    AvoidingBot,
    format_summaries,
    game_rows,
    game_seeds,
    named_counts,
    named_state_counts,
    random_bots,
    summarise,
)
from .simulate import compare, play_row, simulate

__all__ = [
    "BOTS",
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
    "named_counts",
    "named_state_counts",
    "play_row",
    "quantile",
    "random_bots",
    "share_gap",
    "simulate",
    "summarise",
    "wilson",
]
