"""The processes behind a Voila server: its kernels (ordinary children, or forked by
its fork server: see ``tablegames_widgets.server.forkserver``), their CPU time and memory.
Used by the serving tests and by ``benchmarks/load.py``; Linux /proc only."""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")


def _stat(pid: int | str) -> list[str]:
    """The fields of /proc/PID/stat after the command name (index 1 is the parent)."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def descendants(parent: int) -> list[int]:
    """The live processes under ``parent`` (its kernels, and the fork server's)."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            children.setdefault(int(_stat(stat.parent.name)[1]), []).append(int(stat.parent.name))
    out, todo = [], [parent]
    while todo:
        for child in children.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


def kernels(parent: int) -> dict[str, int]:
    """Kernel id -> process id, for the kernels under ``parent``: from the command line's
    connection file ``kernel-<id>.json`` for an ordinary kernel, from the unix sockets
    it listens on (``kernel-<id>-ipc-N``, the ipc transport) for a forked one."""
    paths = {}
    with contextlib.suppress(OSError):
        for line in Path("/proc/net/unix").read_text().splitlines()[1:]:
            part = line.split()
            if len(part) == 8 and (m := re.search(r"kernel-([0-9a-f-]{36})-ipc", part[7])):
                paths[part[6]] = m.group(1)
    out = {}
    for pid in descendants(parent):
        try:
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
            if m := re.search(r"kernel-([0-9a-f-]{36})\.json", cmd):
                out[m.group(1)] = pid
                continue
            for fd in Path(f"/proc/{pid}/fd").iterdir():
                link = os.readlink(fd)
                if link.startswith("socket:[") and link[8:-1] in paths:
                    out[paths[link[8:-1]]] = pid
                    break
        except OSError:
            continue
    return out


def cpu_seconds(pid: int) -> float:
    """CPU time of a server and its kernels: each live process's own and its reaped
    children's (the fork server collects its kernels as they exit)."""
    total = 0
    for p in [pid, *descendants(pid)]:
        with contextlib.suppress(OSError):
            total += sum(int(_stat(p)[i]) for i in (11, 12, 13, 14))  # utime stime cu cs
    return total / TICK


def own_cpu_seconds(pid: int) -> float:
    """CPU time of one process alone (user and system), without its children."""
    return sum(int(_stat(pid)[i]) for i in (11, 12)) / TICK


def memory_mb(pid: int) -> tuple[float, float]:
    """(RSS, PSS) of a process in MB."""
    rss = pss = 0
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith("Rss:"):
            rss = int(line.split()[1])
        elif line.startswith("Pss:"):
            pss = int(line.split()[1])
    return rss / 1024, pss / 1024
