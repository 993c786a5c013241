"""Adapters that expose every tablegames game to learning libraries.

- :mod:`tablegames.adapters.pettingzoo`: PettingZoo AEC environments
  (``pip install tablegames[pettingzoo]``).
- :mod:`tablegames.adapters.openspiel`: OpenSpiel Python games
  (``pip install tablegames[openspiel]``).

Both are written against the engine contract only (``tablegames.core``), with the
fixed action space of :meth:`tablegames.Game.action_space`, so a newly registered game
is adapted without code of its own. Importing this package imports neither library;
the engine itself never depends on them.
"""
