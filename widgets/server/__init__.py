"""The play server's plumbing (Voila and jupyter_server classes that
``notebooks/voila.json`` selects), installed with the ``voila`` extra: nothing here is
imported by the engine, the widgets or a kernel.

- :mod:`.kernels`: the kernel manager (preheated kernels handed over, templates compiled
  once, activity watched cheaply).
- :mod:`.websocket`: the page's kernel websocket connection.
- :mod:`.identity`: who a request comes from.
- :mod:`.forkserver`: kernels forked from a warm process.

See ``docs/security.md`` for what the server promises a public audience.
"""
