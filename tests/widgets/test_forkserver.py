"""Kernels forked from the warm fork server (tablegames_widgets.server.forkserver) behave as
ordinarily started ones: their working directory, environment, session, comm targets,
interrupts and shutdown; and nothing outlives the server that started them."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("ipykernel")
from jupyter_client.manager import AsyncKernelManager
from jupyter_client.provisioning import KernelProvisionerFactory
from tablegames_widgets.server.forkserver import ForkedKernel, ForkProvisioner

PROBE = """
import json, os, sys, threading
import comm, numpy, ipywidgets
from tablegames_widgets.pages import PlayPage
page = PlayPage("currents")
from ipycanvas import Canvas
from ipycanvas.canvas import _CANVAS_MANAGER
Canvas(width=10, height=10).fill_rect(0, 0, 5, 5)  # sent by the canvas manager's comm
targets = sorted(comm.get_comm_manager().targets)
print(json.dumps({"pid": os.getpid(), "ppid": os.getppid(), "pgid": os.getpgid(0),
    "cwd": os.getcwd(), "path0": sys.path[0], "probe": os.environ.get("TABLEGAMES_PROBE"),
    "targets": targets, "random": numpy.random.random(), "page": type(page).__name__,
    "manager": _CANVAS_MANAGER.comm.comm_id}))
"""


def run(coro: Any) -> Any:
    """Run ``coro`` on an event loop of its own, in a thread of its own (a browser test
    earlier in the same pytest worker may leave Playwright's loop running here)."""
    out: list[Any] = []

    def target() -> None:
        out.append(asyncio.run(coro))

    thread = threading.Thread(target=target)
    thread.start()
    thread.join(120)
    return out[0]


@pytest.fixture
def forking() -> Iterator[None]:
    """Make the fork provisioner the default for this test (as notebooks/voila.json does
    for Voila), and put the default back afterwards."""
    factory = KernelProvisionerFactory.instance()
    before = factory.default_provisioner_name
    factory.default_provisioner_name = "tablegames-fork"
    try:
        yield
    finally:
        factory.default_provisioner_name = before


async def execute(km: AsyncKernelManager, code: str, timeout: float = 60) -> list[dict]:
    """Run ``code`` in the kernel; return its iopub messages up to idle."""
    kc = km.client()
    kc.start_channels()
    try:
        await kc.wait_for_ready(timeout=timeout)
        messages: list[dict] = []
        await kc.execute_interactive(code, timeout=timeout, output_hook=messages.append)
        return messages
    finally:
        kc.stop_channels()


def gone(pid: int) -> bool:
    """Whether a process has ended (a zombie waiting to be collected counts as ended)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def printed(messages: list[dict]) -> dict:
    """The JSON the probe printed."""
    text = "".join(m["content"]["text"] for m in messages if m["msg_type"] == "stream")
    return dict(json.loads(text))


def test_a_forked_kernel_runs_a_play_page_as_an_ordinary_kernel_would(forking, tmp_path) -> None:
    async def main() -> list[dict]:
        seen = []
        for _ in range(2):
            km = AsyncKernelManager(kernel_name="python3")
            await km.start_kernel(cwd=str(tmp_path), env={**os.environ, "TABLEGAMES_PROBE": "7"})
            try:
                assert isinstance(km.provisioner, ForkProvisioner)
                assert isinstance(km.provisioner.process, ForkedKernel), "not forked"
                messages = await execute(km, PROBE)
                seen.append(printed(messages))
                sent = {
                    m["content"].get("comm_id") for m in messages if m["msg_type"] == "comm_msg"
                }
                seen[-1]["drew"] = seen[-1]["manager"] in sent
            finally:
                await km.shutdown_kernel()
        return seen

    first, second = run(main())
    for k in (first, second):
        assert k["ppid"] != os.getpid(), "the kernel is not the fork server's child"
        assert k["pgid"] == k["pid"], "a kernel leads its own process group (for signals)"
        assert k["cwd"] == k["path0"] == str(tmp_path)
        assert k["probe"] == "7", "the kernel did not get the environment it was given"
        assert {"jupyter.widget", "jupyter.widget.control"} <= set(k["targets"])
        assert k["page"] == "PlayPage"
        # ipycanvas' canvas manager, made when the fork server imported ipycanvas, carries
        # every drawing: it must reach the frontend through this kernel
        assert k["drew"], "a drawing never left the kernel"
    assert first["ppid"] == second["ppid"], "both kernels come from one fork server"
    assert first["random"] != second["random"], "the kernels share numpy's random state"


def test_an_interrupt_reaches_a_forked_kernel(forking) -> None:
    async def main() -> list[dict]:
        km = AsyncKernelManager(kernel_name="python3")
        await km.start_kernel()
        try:
            kc = km.client()
            kc.start_channels()
            await kc.wait_for_ready(timeout=60)
            messages: list[dict] = []
            running = asyncio.ensure_future(
                kc.execute_interactive(
                    "import time; time.sleep(60)", timeout=30, output_hook=messages.append
                )
            )
            await asyncio.sleep(1.0)
            await km.interrupt_kernel()
            reply = await running
            kc.stop_channels()
            return [reply["content"]]
        finally:
            await km.shutdown_kernel()

    (reply,) = run(main())
    assert reply["status"] == "error" and reply["ename"] == "KeyboardInterrupt"


def test_shutting_a_forked_kernel_down_ends_its_process(forking) -> None:
    async def main() -> int:
        km = AsyncKernelManager(kernel_name="python3")
        await km.start_kernel()
        pid = int(km.provisioner.pid)
        await execute(km, "1")
        await km.shutdown_kernel()
        return pid

    pid = run(main())
    deadline = time.time() + 10
    while not gone(pid) and time.time() < deadline:
        time.sleep(0.1)
    assert gone(pid), "the kernel's process outlived its shutdown"


STARTER = textwrap.dedent(
    """
    import os, sys, json
    from jupyter_client.connect import write_connection_file
    from tablegames_widgets.server.forkserver import FORK_SERVER
    path, _ = write_connection_file(sys.argv[1], transport="ipc", ip=sys.argv[1] + "-ipc")
    kernel = FORK_SERVER.launch(["-f", path], dict(os.environ), None)
    print(json.dumps({"kernel": kernel.pid, "server": FORK_SERVER._process.pid}), flush=True)
    sys.stdin.read()  # until killed
    """
)


def test_the_fork_server_and_its_kernels_end_with_the_process_that_started_them(tmp_path):
    starter = subprocess.Popen(
        [sys.executable, "-c", STARTER, str(tmp_path / "kernel-x.json")],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        pids = json.loads(starter.stdout.readline())  # type: ignore[union-attr]
        assert not gone(pids["kernel"])
        starter.send_signal(signal.SIGKILL)  # no clean-up at all
        starter.wait(10)
        deadline = time.time() + 15  # the kernel looks at its parent once a second
        alive = [p for p in pids.values() if not gone(p)]
        while alive and time.time() < deadline:
            time.sleep(0.2)
            alive = [p for p in pids.values() if not gone(p)]
        assert not alive, "the fork server or its kernel outlived the process that started them"
    finally:
        starter.kill()
