"""Deep-learning notebooks on the real frameworks (issue 26): TensorFlow (CPU, Keras 3) and
PyTorch (CPU) from the project's ``dl`` extra, run in a real kernel.

- Noise is not an error: TensorFlow's C++ log lines (the CPU-instructions notice) reach a cell's
  stderr at import, PyTorch warns about GPU-only settings on a CPU machine (a pinned loader,
  AMP's scaler); they are no error cell, stay out of what a fixer is shown, and do not hide
  the real error raised in the same cell.
- CPU fallback: a notebook written for a GPU (``.cuda()``, ``device='cuda'``, ``tf.device``
  in graph code) runs on this machine's CPU after the tool, and the plan says so.

Each test is skipped where its framework is not installed (``pip install -e '.[dl]'``).
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from mlemodernizer.contracts.notebook import output_texts
from mlemodernizer.execution.base import ExecutionRequest
from mlemodernizer.execution.local import LocalExecutor
from mlemodernizer.execution.noise import is_framework_noise
from mlemodernizer.execution.record import output_tail
from mlemodernizer.fixers.base import FixType
from mlemodernizer.fixers.llm.prompts import build_prompt

from ..conftest import json_report, make_notebook, run_cli, write_notebook
from ..fakes import fix_context

pytestmark = [pytest.mark.kernel, pytest.mark.dl]


def _stderr_lines(cell: nbformat.NotebookNode) -> list[str]:
    text = "".join(t for kind, t in output_texts(cell) if kind == "stderr")
    return [line for line in text.splitlines() if line.strip()]


def _kernels_as_outside_tests(monkeypatch: pytest.MonkeyPatch) -> None:
    """ipykernel copies what C code writes to the process's stderr into the notebook, except
    under pytest (it looks for PYTEST_CURRENT_TEST, which pytest sets again when the test body
    starts): the kernels started from here on run as a user's do."""
    monkeypatch.delenv("PYTEST_CURRENT_TEST", raising=False)


def test_tensorflow_import_chatter_is_not_an_error_and_not_shown_to_a_fixer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("tensorflow")
    _kernels_as_outside_tests(monkeypatch)
    nb = make_notebook(
        [
            "print('accuracy: 0.91')",
            # the import prints TensorFlow's notices, then the cell fails for real
            "import tensorflow as tf\nx = tf.constant([1, 2])\ny = tf.to_float(x)",
            "print('after')",
        ]
    )
    result = LocalExecutor().execute(ExecutionRequest(nb=nb, cwd=tmp_path, timeout_s=300))
    noisy = result.executed.cells[1]
    noise = [line for line in _stderr_lines(noisy) if is_framework_noise(line)]
    assert noise, "TensorFlow printed no notice at import: the test proves nothing here"
    # the only error is the real one, in the noisy cell itself
    assert [(e.cell_index, e.ename) for e in result.errors] == [(1, "AttributeError")]
    assert "to_float" in result.errors[0].evalue
    # the progress a user watches and the outputs a fixer is shown keep none of the chatter
    assert not any(line in output_tail(noisy) for line in noise)
    prompt = build_prompt(
        fix_context(
            result.executed,
            result=result,
            original=nb,
            fix_type=FixType.SCORE_CALIBRATION,
            timeout_s=300,
            target_score=0.95,
            current_score=0.91,
        )
    )
    shown = "\n".join(m["content"] for m in prompt.messages)
    assert "accuracy: 0.91" in shown
    assert not any(line.strip() in shown for line in noise)


def test_tensorflow_notebook_with_noise_is_repaired_by_its_real_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("tensorflow")
    _kernels_as_outside_tests(monkeypatch)
    nb = write_notebook(
        tmp_path / "tf.ipynb",
        [
            "import tensorflow as tf\nx = tf.constant([1, 2])\ny = tf.to_float(x)\n"
            "print(float(tf.reduce_sum(y)))",
        ],
        outputs={0: "3.0\n"},
    )
    report = json_report(run_cli("run", str(nb), "--offline", "--json", "--timeout", "300"))
    assert report["error_free"], report["final"]
    assert report["baseline"]["error_cells"] == 1  # the noise was never a second one
    assert any("TF" in rid for it in report["iterations"] for rid in it["rule_ids"])
    out = nbformat.read(tmp_path / "tf.modernized.ipynb", as_version=4)
    assert "3.0" in "".join(t for k, t in output_texts(out.cells[0]) if k == "stdout")


def test_pytorch_cpu_warnings_are_not_an_error_and_do_not_hide_the_real_one(
    tmp_path: Path,
) -> None:
    """A loader written for a GPU (``pin_memory=True``) and AMP's ``GradScaler`` make PyTorch
    warn on a CPU machine; the same cell then fails for real (``.next()`` on the iterator)."""
    torch = pytest.importorskip("torch")
    assert not torch.cuda.is_available(), "this test is about a machine without a GPU"
    cell = (
        "import torch\nfrom torch.utils.data import DataLoader, TensorDataset\n"
        "data = TensorDataset(torch.arange(8.0).reshape(4, 2))\n"
        "loader = DataLoader(data, batch_size=2, pin_memory=True)\n"
        "scaler = torch.cuda.amp.GradScaler()\n"
        "batch = iter(loader).next()\nprint(float(batch[0].sum()))"
    )
    nb = make_notebook([cell])
    result = LocalExecutor().execute(ExecutionRequest(nb=nb, cwd=tmp_path, timeout_s=300))
    noisy = result.executed.cells[0]
    noise = [line for line in _stderr_lines(noisy) if is_framework_noise(line)]
    assert len(noise) == 2, _stderr_lines(noisy)  # the pinned loader's and the scaler's
    assert [(e.cell_index, e.ename) for e in result.errors] == [(0, "AttributeError")]
    tail = output_tail(noisy)
    assert not any(line in tail for line in noise)
    assert "super().__init__" not in tail  # the source line printed under a dropped warning

    path = write_notebook(tmp_path / "loader.ipynb", [cell], outputs={0: "6.0\n"})
    report = json_report(run_cli("run", str(path), "--offline", "--json", "--timeout", "300"))
    assert report["baseline"]["error_cells"] == 1  # the warnings were never a second one
    assert report["error_free"], report["final"]
    assert "TCH012" in {rid for it in report["iterations"] for rid in it["rule_ids"]}


def test_a_pytorch_notebook_written_for_a_gpu_runs_on_the_cpu(tmp_path: Path) -> None:
    torch = pytest.importorskip("torch")
    assert not torch.cuda.is_available(), "this test is about a machine without a GPU"
    nb = write_notebook(
        tmp_path / "gpu.ipynb",
        [
            "import torch\ntorch.manual_seed(0)\n"
            "model = torch.nn.Linear(3, 1).cuda()\nx = torch.randn(8, 3).cuda()\n"
            "y = torch.zeros(8, 1, device='cuda')\n"
            "loss = torch.nn.functional.mse_loss(model(x), y)\nprint(round(loss.item(), 4))",
            "torch.save(model.state_dict(), 'w.pt')\n"
            "state = torch.load('w.pt')\nprint(sorted(state))",
        ],
    )
    report = json_report(run_cli("run", str(nb), "--offline", "--json", "--timeout", "300"))
    assert report["baseline"]["error_cells"] >= 1  # Torch not compiled with CUDA enabled
    assert report["error_free"], report["final"]
    rules = {rid for it in report["iterations"] for rid in it["rule_ids"]}
    assert "TCH016" in rules
    plans = " ".join(it["plan"] for it in report["iterations"])
    assert "GPU" in plans and "CPU" in plans  # the plan says where it runs now
    code = nbformat.read(tmp_path / "gpu.modernized.ipynb", as_version=4).cells[0].source
    assert code.count("torch.cuda.is_available()") == 3  # chosen at run time: a GPU keeps it
    assert ".cuda()" not in code


def test_tf1_graph_code_pinned_to_a_gpu_runs_on_the_cpu(tmp_path: Path) -> None:
    pytest.importorskip("tensorflow")
    nb = write_notebook(
        tmp_path / "tf1.ipynb",
        [
            "import tensorflow as tf\ntf.compat.v1.disable_v2_behavior()",
            "with tf.device('/gpu:0'):\n    a = tf.constant([1.0, 2.0])\n    b = a * 2\n"
            "with tf.compat.v1.Session() as sess:\n    print(sess.run(b))",
        ],
        outputs={1: "[2. 4.]\n"},
    )
    report = json_report(run_cli("run", str(nb), "--offline", "--json", "--timeout", "300"))
    assert report["baseline"]["error_cells"] == 1, report["baseline"]
    assert report["error_free"], report["final"]
    assert "TF011" in {rid for it in report["iterations"] for rid in it["rule_ids"]}
    out = nbformat.read(tmp_path / "tf1.modernized.ipynb", as_version=4).cells[1]
    assert "[2. 4.]" in "".join(t for k, t in output_texts(out) if k == "stdout")
