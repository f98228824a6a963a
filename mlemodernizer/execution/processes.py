"""Whether the process that left something behind still runs.

Both executors leave things a crash (a SIGKILL) cannot clean up: the local one a folder of kernel
connection files, the Docker one a container. The next start sweeps those whose owner is gone. A
pid alone cannot say that, pids are reused: an owner is a pid and that process's start time (clock
ticks since boot, from /proc), so a new process that got the pid is not taken for the owner.
"""

from __future__ import annotations

import os
from pathlib import Path


def _state(pid: int) -> tuple[str, str] | None:
    """(state letter, start time) of a live process, from /proc; None if gone or no /proc."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat[stat.rfind(")") + 2 :].split()  # the name in (...) may hold spaces
    return (fields[0], fields[19]) if len(fields) > 19 else None


def process_start(pid: int) -> str:
    """The process's start time; "" where it cannot be read."""
    state = _state(pid)
    return state[1] if state else ""


def process_alive(pid: int, start: str = "") -> bool:
    """Whether process ``pid`` started at ``start`` ("": any start) still runs."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass  # exists, another user's
    state = _state(pid)
    if state is None:
        return not Path("/proc/self/stat").exists()  # no /proc: trust kill(0)
    # a zombie runs nothing; another start time means the pid was reused by someone else
    return state[0] != "Z" and (not start or state[1] == start)
