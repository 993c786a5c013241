"""The page a visitor gets when the play server holds as many kernels as it may
(:data:`FULL_PAGE`, sent with HTTP 503 and ``Retry-After``): plain words, no traceback,
nothing about the server's inside."""

from __future__ import annotations

#: Seconds the visitor is asked to wait (the ``Retry-After`` header, and the page's words).
RETRY_AFTER = 60

#: The page itself, in the play pages' look (their font, their width).
FULL_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>The server is full</title>
<style>
body { margin: 2em; font-family: 'DejaVu Sans', Arial, sans-serif; color: #222; }
main { max-width: 640px; }
h1 { font-size: 1.6em; margin: 0.2em 0; }
p { color: #444; line-height: 1.4; }
</style>
</head>
<body>
<main>
<h1>The server is full, try again in a minute</h1>
<p>Every game this server can run at once is taken right now. Games free up as players
leave: reload this page in a minute.</p>
<p>If you have other game pages open, closing them frees room too.</p>
</main>
</body>
</html>
"""
