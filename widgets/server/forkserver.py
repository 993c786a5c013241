"""Kernels forked from a warm process, so a play page's kernel starts in milliseconds.

A Voila play page costs its kernel about 1.1 CPU-seconds before the first draw, nearly
all of it starting Python and importing ipykernel, ipywidgets, ipycanvas and this
package (measured: 0.46 s to start, 0.55 s to import the page, 0.09 s to draw). When a
class arrives at once, those seconds queue on the server's cores. Here one *fork server*
process imports all of that once; every kernel is then a ``fork()`` of it that goes
straight to running ipykernel with its connection file, its environment and its working
directory, exactly as ``python -m ipykernel_launcher -f FILE`` would. The children
share the server's memory pages until they write to them (``gc.freeze`` keeps the
garbage collector from touching the shared objects), so a kernel also costs less memory.

:class:`ForkProvisioner` is a jupyter_client kernel provisioner (entry point
``tablegames-fork``; ``notebooks/voila.json`` makes it Voila's default). It starts the
fork server on first use and falls back to an ordinary launch whenever it cannot fork:
another kernel command than this Python's ipykernel, or a fork server that failed. A
forked kernel is its own session leader (signals go to its process group as usual) and
watches the fork server as its parent; the fork server exits when the process that
started it closes its socket, so nothing outlives the Voila server.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from typing import Any

from jupyter_client.provisioning.local_provisioner import LocalProvisioner

#: What a play page imports; the fork server imports it before forking.
WARM_MODULES = (
    "ipykernel.kernelapp",
    "ipykernel.ipkernel",
    "ipykernel.zmqshell",
    "ipykernel.comm",
    "IPython.core.interactiveshell",
    "ipywidgets",
    "ipycanvas",
    "tablegames",
    "tablegames_widgets",
    "tablegames_widgets.pages",
)
#: Longest wait for the fork server to import everything and say it is ready.
START_TIMEOUT = 60.0
#: Largest request (the kernel's environment and command line) in bytes.
MAX_REQUEST = 1 << 20


# ---- the fork server (its own process) --------------------------------------------------


def _fork_kernel(request: dict[str, Any], server: socket.socket) -> int:
    """Fork a kernel for ``request``; return its pid once it leads its own session."""
    ready_r, ready_w = os.pipe()
    pid = os.fork()
    if pid:
        os.close(ready_w)
        os.read(ready_r, 1)  # the child has called setsid(): its pgid is its pid
        os.close(ready_r)
        return pid
    try:  # the child: become the kernel
        os.setsid()
        os.close(ready_r)
        os.write(ready_w, b"1")
        os.close(ready_w)
        server.close()
        _become_kernel(request)
    except SystemExit as e:  # a child must never return to the server's loop
        os._exit(e.code if isinstance(e.code, int) else 0)
    except BaseException as e:
        with contextlib.suppress(Exception):
            sys.stderr.write(f"tablegames fork server: kernel failed: {e!r}\n")
        os._exit(1)
    os._exit(0)


def _become_kernel(request: dict[str, Any]) -> None:
    """Run ipykernel in this (forked) process as ``python -m ipykernel_launcher`` would."""
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.close(devnull)
    cwd = request.get("cwd") or os.getcwd()
    os.chdir(cwd)
    env = dict(request["env"])
    env["JPY_PARENT_PID"] = str(os.getppid())  # the kernel watches the fork server
    os.environ.clear()
    os.environ.update(env)
    sys.path[0] = os.getcwd()  # as `python -m` puts the working directory first
    # ipykernel read JPY_PARENT_PID when the server imported it: say it again
    parent = f"--IPKernelApp.parent_handle={os.getppid()}"
    sys.argv = [sys.argv[0], *request["argv"], parent]
    if "numpy" in sys.modules:  # numpy's global generator was seeded once, in the server
        sys.modules["numpy"].random.seed()
    gc.unfreeze()
    gc.enable()
    from ipykernel.kernelapp import IPKernelApp

    app = IPKernelApp.instance()
    app.initialize()
    _attach_widgets()
    app.start()


def _attach_widgets() -> None:
    """Give ipywidgets the kernel it did not have when the server imported it: register
    its comm targets (done at import only when a kernel runs), and open a real comm for
    every widget made at import without one (ipycanvas' canvas manager, which carries
    every drawing: left on its kernel-less comm, no board would ever draw)."""
    import ipywidgets
    from ipywidgets.widgets.widget import _instances

    ipywidgets.register_comm_target()
    for widget in list(_instances.values()):
        if getattr(widget.comm, "kernel", None) is None:
            widget.comm = None
            widget.open()


def _reap(_signum: int, _frame: object) -> None:
    """Collect the kernels that have exited (so their CPU time counts as this
    process's children's, as it would in the server that started an ordinary kernel)."""
    with contextlib.suppress(ChildProcessError):
        while os.waitpid(-1, os.WNOHANG)[0]:
            pass


def serve(fd: int) -> None:
    """The fork server's loop: import the page's modules once, then fork a kernel for
    every request on the socket ``fd`` until the socket closes."""
    gc.disable()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for Voila, which stops us
    signal.signal(signal.SIGCHLD, _reap)
    sock = socket.socket(fileno=fd)
    import importlib

    for name in WARM_MODULES:
        importlib.import_module(name)
    len(sys.modules["tablegames"].GAMES)  # the games' entry points, read once for every kernel
    gc.freeze()
    why = ""
    if threading.active_count() != 1:
        why = "an import started a thread (forking a threaded process is unsafe)"
    elif sys.modules["ipykernel.ipkernel"]._comm_manager is not None:
        why = "an import opened a comm, which belongs to one kernel"
    if why:
        sock.send(json.dumps({"ready": False, "why": why}).encode())
        return
    sock.send(json.dumps({"ready": True}).encode())
    while True:
        data = sock.recv(MAX_REQUEST)
        if not data:
            return  # the server that started us has gone
        request = json.loads(data)
        try:
            pid = _fork_kernel(request, sock)
            pidfd = os.pidfd_open(pid)
        except OSError as e:
            sock.send(json.dumps({"error": repr(e)}).encode())
            continue
        socket.send_fds(sock, [json.dumps({"pid": pid}).encode()], [pidfd])
        os.close(pidfd)


# ---- the client side (in the Voila server) ----------------------------------------------


class ForkServer:
    """The Voila process's handle on its fork server (started on first use)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._sock: socket.socket | None = None
        self._process: subprocess.Popen[bytes] | None = None
        self.failed = ""

    def _start(self) -> socket.socket:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self._process = subprocess.Popen(
            [
                sys.executable,
                "-c",
                f"from tablegames_widgets.server.forkserver import serve; serve({theirs.fileno()})",
            ],
            pass_fds=[theirs.fileno()],
            stdin=subprocess.DEVNULL,
        )
        theirs.close()
        ours.settimeout(START_TIMEOUT)
        answer = json.loads(ours.recv(MAX_REQUEST) or b'{"ready": false, "why": "it exited"}')
        if not answer.get("ready"):
            raise OSError(f"the fork server is not ready: {answer.get('why')}")
        ours.settimeout(None)
        return ours

    def launch(self, argv: list[str], env: dict[str, str], cwd: str | None) -> ForkedKernel:
        """Fork a kernel running ipykernel with ``argv`` (what follows ``-m
        ipykernel_launcher``); raise OSError when the fork server cannot."""
        with self._lock:
            if self.failed:
                raise OSError(self.failed)
            try:
                if self._sock is None:
                    self._sock = self._start()
                request = json.dumps({"argv": argv, "env": env, "cwd": cwd}).encode()
                self._sock.send(request)
                data, fds, _flags, _addr = socket.recv_fds(self._sock, MAX_REQUEST, 1)
            except (OSError, ValueError) as e:
                self.failed = f"the fork server failed: {e!r}"
                raise OSError(self.failed) from e
            answer = json.loads(data or b'{"error": "the fork server exited"}')
            if "error" in answer or not fds:
                for fd in fds:
                    os.close(fd)
                raise OSError(answer.get("error", "no process handle"))
            return ForkedKernel(answer["pid"], fds[0])


#: One fork server per Voila process.
FORK_SERVER = ForkServer()


class ForkedKernel:
    """What the provisioner needs of a ``subprocess.Popen``, for a process that is not
    our child: its exit is seen, and signals are sent, through a pidfd (so a reused
    process id is never signalled). Its exit status is not known: 0 is reported."""

    stdin = stdout = stderr = None

    def __init__(self, pid: int, pidfd: int) -> None:
        self.pid = pid
        self._pidfd = pidfd
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None and select.select([self._pidfd], [], [], 0)[0]:
            self.returncode = 0
            os.close(self._pidfd)
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            if deadline is not None and time.monotonic() > deadline:
                raise subprocess.TimeoutExpired([str(self.pid)], timeout or 0)
            select.select([self._pidfd], [], [], 0.1)
        return 0

    def send_signal(self, signum: int) -> None:
        if self.poll() is None:
            signal.pidfd_send_signal(self._pidfd, signum)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


class ForkProvisioner(LocalProvisioner):
    """The local provisioner, launching this Python's ipykernel by a fork of the warm
    fork server (falling back to an ordinary launch when it cannot)."""

    async def launch_kernel(self, cmd: list[str], **kwargs: Any) -> Any:
        if cmd[:1] != [sys.executable] or cmd[1:3] != ["-m", "ipykernel_launcher"]:
            return await super().launch_kernel(cmd, **kwargs)
        env = kwargs.get("env") or dict(os.environ)
        cwd = kwargs.get("cwd")
        try:
            process = await asyncio.to_thread(FORK_SERVER.launch, cmd[3:], env, cwd and str(cwd))
        except OSError as e:
            self.log.warning("Starting the kernel without the fork server: %s", e)
            return await super().launch_kernel(cmd, **kwargs)
        self.process = process  # type: ignore[assignment]  # what it uses of a Popen
        self.pid = self.pgid = process.pid  # a session leader: its group is its pid
        self.cwd = cwd
        return self.connection_info
