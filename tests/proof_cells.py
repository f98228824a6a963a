"""Running a rule example's cell in this interpreter (or, for the deep-learning frameworks, in a
process of its own), for the rule packs' runtime tests."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import warnings
from typing import Any

import numpy as np
import pytest

from mlemodernizer.fixers.rules.model import Rule
from mlemodernizer.fixers.rules.testing import rewrite
from mlemodernizer.fixers.rules.versions import at_least, installed


def run_cell(code: str) -> dict:
    """The namespace ``code`` leaves after running (warnings silenced: old APIs warn)."""
    namespace: dict = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        exec(compile(code, "<cell>", "exec"), namespace)
    return namespace


def old_api_installed(rule: Rule) -> None:
    """Skips the test where the installed library still has the old API ``rule`` answers."""
    version = installed(rule.library)
    if version is None or not at_least(version, rule.changed_in):
        pytest.skip(f"{rule.library} {version} still has the old API")


def old_code_raises(rule: Rule, old: str) -> None:
    """``old`` fails on the installed library with an error ``rule``'s signatures match (the
    test skips where the installed library still has the old API)."""
    old_api_installed(rule)
    with pytest.raises(Exception) as info:
        run_cell(old)
    text = f"{info.type.__name__}: {info.value}"
    assert rule.matches_error(text), f"{rule.id}'s signatures miss: {text}"


def rewritten(old: str, rule_id: str, *also: str) -> str:
    """``old`` (one cell) after ``rule_id`` (and the rules ``also`` names), which must change
    it."""
    (new,), _ = rewrite(old, [rule_id, *also])
    assert new != old, f"{rule_id} rewrote nothing"
    return new


def assert_same(got: Any, expected: Any) -> None:
    """``got`` is ``expected``: pandas objects by pandas' testing, lists and arrays of numbers
    within floating-point tolerance (whatever sequence ``got`` is), anything else by ``==``."""
    pd = sys.modules.get("pandas")
    if pd is not None and isinstance(expected, pd.DataFrame):
        pd.testing.assert_frame_equal(got, expected)
    elif pd is not None and isinstance(expected, pd.Series):
        pd.testing.assert_series_equal(got, expected)
    elif pd is not None and isinstance(expected, pd.Index):
        pd.testing.assert_index_equal(got, expected)
    elif isinstance(expected, list | np.ndarray) and np.asarray(expected).dtype.kind in "biufc":
        kind = complex if np.asarray(expected).dtype.kind == "c" else float
        np.testing.assert_allclose(np.asarray(got, dtype=kind), expected)
    else:
        assert got == expected, f"{got!r} != {expected!r}"


# the forking runner: a fresh interpreter imports the installed frameworks once (10-20 s for
# TensorFlow here), then forks one child per snippet. A child starts from a process that imported
# and ran nothing, so a snippet's global switches (TF1 graph mode) die with it, as in an
# interpreter of its own, at a fraction of a second instead of an import each.
RUNNER = textwrap.dedent(
    """
    import json, os, sys, warnings
    os.environ['TF_CPP_MIN_LOG_LEVEL'] = '3'
    for name in ('tensorflow', 'keras', 'tf_keras', 'torch'):
        try:
            __import__(name)
        except Exception:
            pass
    print(json.dumps({'ready': True}), flush=True)
    for line in sys.stdin:
        code = json.loads(line)['code']
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read)
            quiet = os.open(os.devnull, os.O_WRONLY)
            os.dup2(quiet, 1)
            os.dup2(quiet, 2)
            error = ''
            try:
                warnings.simplefilter('ignore')
                exec(compile(code, '<cell>', 'exec'), {'__name__': '__main__'})
            except BaseException as exc:
                error = f'{type(exc).__name__}: {exc}'
            os.write(write, error.encode() or b'<<ran>>')
            os._exit(0)
        os.close(write)
        data = b''
        while chunk := os.read(read, 65536):
            data += chunk
        os.close(read)
        _, status = os.waitpid(pid, 0)
        text = data.decode(errors='replace')
        if not text:
            text = f'crashed: exit status {os.waitstatus_to_exitcode(status)}'
        print(json.dumps({'error': '' if text == '<<ran>>' else text}), flush=True)
    """
)


class Runner:
    """Runs cells through RUNNER: ``run`` gives the error a cell raises ('' when it runs)."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen[str] | None = None

    def run(self, code: str) -> str:
        if self.proc is None or self.proc.poll() is not None:
            self.proc = subprocess.Popen(
                [sys.executable, "-c", RUNNER],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
            )
            assert self.proc.stdout is not None
            assert json.loads(self.proc.stdout.readline()) == {"ready": True}
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps({"code": code}) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())["error"]

    def close(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None
