"""Secret tokens: made with :mod:`secrets`, stored only as hashes, checked in constant time.

A table's seat and spectator tokens are derived from its creator's token (an HMAC of the
table id and the seat), so whoever created a table can show its links again
(:meth:`~tablegames.tables.TableStore.tables_of`) while the store keeps nothing but
hashes: a copy of the database lets nobody sit at a table.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets

#: Tokens are URL-safe (letters, digits, ``-`` and ``_``), so they go in a link as they are.
TOKEN_RE = re.compile(r"[A-Za-z0-9_-]{20,128}")
#: The seat name of the spectator token in derivations and in the token table.
SPECTATOR = -1


def new_token() -> str:
    """A fresh unguessable token (256 bits, URL-safe)."""
    return secrets.token_urlsafe(32)


def new_table_id() -> str:
    """A fresh table id: short, URL-safe and not secret (the tokens are)."""
    return secrets.token_urlsafe(9)


def seat_token(creator: str, table: str, seat: int) -> str:
    """The token of ``seat`` (``SPECTATOR`` for the spectators) at ``table``."""
    digest = hmac.new(creator.encode(), f"tablegames:{table}:{seat}".encode(), "sha256")
    return base64.urlsafe_b64encode(digest.digest()).rstrip(b"=").decode()


def token_hash(token: str) -> str:
    """What the store keeps of a token."""
    return hashlib.sha256(token.encode()).hexdigest()


def well_formed(token: object) -> bool:
    """Whether ``token`` looks like a token at all (a string of 20 to 128 URL-safe
    characters); anything else is refused before any look-up."""
    return isinstance(token, str) and TOKEN_RE.fullmatch(token) is not None


def match(token: str, hashes: dict[int, str]) -> int | None:
    """The seat whose hash is ``token``'s, comparing with every hash in constant time."""
    wanted = token_hash(token)
    found = None
    for seat, h in hashes.items():
        if hmac.compare_digest(wanted, h):
            found = seat
    return found
