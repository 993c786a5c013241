"""Who holds which kernel: :class:`Visitors`, the play server's ownership registry and caps.

A kernel id was the only key to a kernel: whoever knew it could read its widgets, press
its buttons and shut it down, and nothing bounded how many kernels one client made
(issue 27 items 3 and 4). Each page request now claims a kernel for its *visitor* (the
signed anonymous-user cookie jupyter_server gives every browser: random, HttpOnly, not
forgeable without the server's secret) and for its *address* (:func:`client_address`);
the kernel it starts, or the preheated kernel it is handed, belongs to that claim until
the kernel goes. A preheated kernel waiting in the pool belongs to nobody.

Caps (see :class:`Limits`): past the visitor's own cap, their oldest kernel is shut down
to make way (it is theirs alone, and almost surely a tab they left); past the address's
cap or the server's, the request is refused (the "server is full" page), as shutting a
kernel down there would end another visitor's game.
"""

from __future__ import annotations

import ipaddress
import time
from collections.abc import Iterable
from dataclasses import dataclass, field

#: An address or network of trusted proxies.
Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@dataclass(frozen=True)
class Limits:
    """How many kernels visitors may hold (the preheated pool is not counted)."""

    per_visitor: int  #: one browser (one cookie jar)
    per_address: int  #: one client address (a class behind one NAT shares one)
    total: int  #: every visitor together


@dataclass(eq=False)
class Visit:
    """One page request's claim on a kernel: whose it is, and from where."""

    visitor: str
    address: str
    kernel: str | None = None  #: the kernel, once started or handed over
    since: float = field(default_factory=time.monotonic)
    connected: bool = False  #: the page's websocket has connected to the kernel
    sent: bool = False  #: the page has been sent (or its request ended)


#: Seconds after which a page request still without a kernel no longer counts: no page
#: takes that long (Voila gives up on a silent kernel after 120 s), so its end was missed.
STALE = 600.0


class Visitors:
    """The claims of page requests on kernels, and the caps they are held to."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._owned: dict[str, Visit] = {}  # kernel id -> the visit it belongs to
        self._pending: set[Visit] = set()  # requests that have no kernel yet

    def _claims(self) -> list[Visit]:
        return [*self._owned.values(), *self._pending]

    def admit(self, visitor: str, address: str) -> tuple[Visit | None, list[str]]:
        """A claim for a page request, and the kernels to shut down to make way for it
        (the visitor's oldest, past their own cap); ``(None, [])`` when the address or
        the server is full."""
        now = time.monotonic()
        self._pending = {v for v in self._pending if now - v.since < STALE}
        claims = self._claims()
        mine = [v for v in claims if v.visitor == visitor]
        evict: list[Visit] = []
        if len(mine) >= self.limits.per_visitor:
            owned = sorted((v for v in mine if v.kernel is not None), key=lambda v: v.since)
            evict = owned[: len(mine) - self.limits.per_visitor + 1]
            if len(mine) - len(evict) >= self.limits.per_visitor:
                return None, []  # all of them still loading: nothing to make way
        staying = [v for v in claims if v not in evict]
        from_there = sum(1 for v in staying if v.address == address)
        if from_there >= self.limits.per_address or len(staying) >= self.limits.total:
            return None, []
        gone = []
        for old in evict:
            assert old.kernel is not None
            gone.append(old.kernel)
            self.forget(old.kernel)
        visit = Visit(visitor, address)
        self._pending.add(visit)
        return visit, gone

    def bind(self, visit: Visit, kernel: str) -> None:
        """``kernel`` belongs to ``visit`` from now on."""
        self._pending.discard(visit)
        visit.kernel = kernel
        self._owned[kernel] = visit

    def release(self, visit: Visit) -> None:
        """The request ended without a kernel: its claim counts no more."""
        self._pending.discard(visit)

    def forget(self, kernel: str) -> Visit | None:
        """``kernel`` is gone (or going): it counts no more; the visit it belonged to."""
        return self._owned.pop(kernel, None)

    def owner(self, kernel: str) -> Visit | None:
        """The visit ``kernel`` belongs to (None: a pooled kernel, or none at all)."""
        return self._owned.get(kernel)

    def held(self) -> dict[str, int]:
        """How many claims there are: owned kernels and requests still loading."""
        return {"kernels": len(self._owned), "loading": len(self._pending)}


def trusted_networks(proxies: Iterable[str]) -> tuple[Network, ...]:
    """The proxies' addresses (``127.0.0.1``, ``10.0.0.0/8``) as networks; a bad entry
    raises ValueError naming it, so a typo is seen when the server starts."""
    out = []
    for proxy in proxies:
        try:
            out.append(ipaddress.ip_network(proxy.strip(), strict=False))
        except ValueError as exc:
            raise ValueError(f"trusted_proxies: {proxy!r} is not an address or network") from exc
    return tuple(out)


def _is_trusted(address: str, trusted: tuple[Network, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(address.strip())
    except ValueError:
        return False
    return any(ip in network for network in trusted)


def client_address(peer: str, forwarded: list[str], trusted: tuple[Network, ...]) -> str:
    """The address a request counts as coming from.

    ``peer`` is the socket's other end. Only when it is a trusted proxy is
    ``X-Forwarded-For`` (``forwarded``: each header's value) read: from its right end
    (what the nearest proxy wrote), skipping trusted proxies, the first address is the
    client's. What a client writes into the header itself stays on the left, unread. With
    no trusted proxy (the default) the header is ignored: anyone could write it. An IPv6
    client counts as its /64 (:func:`_grouped`)."""
    if not _is_trusted(peer, trusted):
        return _grouped(peer)
    hops = [hop.strip() for line in forwarded for hop in line.split(",") if hop.strip()]
    for hop in reversed(hops):
        if not _is_trusted(hop, trusted):
            return _grouped(hop[:64])
    return _grouped(peer)


def _grouped(address: str) -> str:
    """An IPv6 address counts as its /64 (one home or one machine is given a whole /64
    and may use any address in it); an IPv4 address as itself."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)
