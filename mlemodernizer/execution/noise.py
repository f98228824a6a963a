"""Framework chatter on stderr: lines a deep-learning framework prints about itself, not about
the notebook.

TensorFlow's C++ logging (absl/glog lines such as ``I0000 00:00:... cpu_feature_guard.cc:227]
This TensorFlow binary is optimized ...``, the cuDNN/cuBLAS "Unable to register ... factory"
lines, "Could not find cuda drivers"), its oneDNN and TF-TRT notices, protobuf's gencode
warning, and PyTorch's warnings on a machine without a GPU ("CUDA initialization", a pinned
``DataLoader``, AMP's ``GradScaler`` and ``autocast`` disabled) reach a
notebook's stderr stream through ipykernel's capture of the process's file descriptors. They are
never an error (errors are ``error`` outputs), but they fill the last lines a cell printed: the
progress a user watches and the outputs a fixer is shown. Those views drop them here, so a real
message in the same cell stays in sight and no fixer is sent to "repair" a CPU notice.
"""

from __future__ import annotations

import re

_NOISE = [
    # absl/glog: severity, date, time, thread, file:line]  (TensorFlow, XLA, JAX)
    r"[IWEF]\d{4} \d\d:\d\d:\d\d\.\d+\s+\d+ [\w./-]+:\d+\]",
    r"WARNING: All log messages before absl::InitializeLog\(\) is called are written to STDERR",
    # TF 1.x/2.x Python-side log lines: "2021-03-01 12:00:00.123456: I tensorflow/..."
    r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+: [IWEF] (tensorflow|external|third_party)/",
    r"To enable the following instructions: .*rebuild TensorFlow with the appropriate compiler",
    r"oneDNN custom operations are on\.",
    r"TF-TRT Warning: Could not find TensorRT",
    r"This TensorFlow binary is optimized to use available CPU instructions",
    r".*UserWarning: Protobuf gencode version .* (older|newer) than the runtime version",
    r".*UserWarning: CUDA initialization: Found no NVIDIA driver on your system",
    # PyTorch on a machine without a GPU, for code written for one (pinned loaders, AMP)
    r".*UserWarning: 'pin_memory' argument is set as true but no accelerator is found",
    r".*UserWarning: torch\.cuda\.amp\.GradScaler is enabled, but CUDA is not available",
    r".*UserWarning: User provided device_type of 'cuda', but CUDA is not available",
    r"Could not find cuda drivers on your machine, GPU will not be used\.",
]
_NOISE_RE = re.compile("|".join(f"(?:{p})" for p in _NOISE))
# the source line Python's warnings module prints under a warning it shows (two spaces, then
# the line that warned: ``warnings.warn(`` or the library's own call)
_WARN_SOURCE = re.compile(r"  \S")


def is_framework_noise(line: str) -> bool:
    return bool(_NOISE_RE.match(line.strip()))


def without_noise(text: str) -> str:
    """``text`` without framework chatter (and the ``warnings.warn(`` line under a dropped
    warning); every other line kept, in order."""
    kept: list[str] = []
    dropped_warning = False
    for line in text.split("\n"):
        if is_framework_noise(line):
            dropped_warning = "Warning" in line
            continue
        if dropped_warning and _WARN_SOURCE.match(line):
            dropped_warning = False
            continue
        dropped_warning = False
        kept.append(line)
    return "\n".join(kept)
