"""Reject patches that cheat or reach out: hard-coded scores, dropped training, network, packages.

Each check compares the new sources of the changed cells with their old sources, so only what the
patch adds is judged (an old notebook that already prints a literal is not the model's doing).
The first reason found is returned; it is what the re-ask tells the model. A change to the user's
helper module (``CellChange.path``) is judged like a cell, and named by its path.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Collection, Mapping, Sequence

from ...contracts.notebook import mask_magics, shown_cell_number, unmask_magics
from ..base import CellChange
from .packages import imported_modules, is_available

_SCORE_WORDS = (
    r"acc|accuracy|score|scores|auc|roc_auc|rocauc|f1|f1_score|rmse|rmsle|mse|mae|mape|r2|"
    r"logloss|log_loss|loss|precision|recall|kappa|qwk|gini|map|ndcg|metric|metrics"
)
# a variable that holds a metric: `accuracy`, `val_auc`, `best_score`, `cv_scores`, `test_rmse`
_SCORE_NAME = re.compile(rf"(?i)(?:^|_)(?:{_SCORE_WORDS})(?:$|_)")
_SCORE_WORD = re.compile(rf"(?i)\b(?:{_SCORE_WORDS})\b")
_NOT_SCORE_NAME = re.compile(r"(?i)thresh|tol|weight|patience|delta|eps|penalty|fn$|func|scorer")
# text that reports a metric value: "accuracy: 0.94", "Validation AUC = 0.871", "score 94.3%"
_SCORE_TEXT = re.compile(
    rf"(?i)\b(?:{_SCORE_WORDS}|roc auc|log loss)\b[^\d\n{{}}%]{{0,20}}?"
    r"(?<![\w.])(-?\d*\.\d+|\d+(?:\.\d+)?\s*%)"
)
_PRED_NAME = re.compile(r"(?i)pred|^y_?hat$")
_SUBMISSION_NAME = re.compile(r"(?i)^(?:sub|subm|submission|submit|sample_submission)\w*$")
_TEST_NAME = re.compile(r"(?i)(?:^|_)(?:test|holdout)(?:$|_)|^y_?test|^y_?val")
_TRAIN_CALLS = {"fit", "fit_generator", "train", "train_on_batch", "partial_fit", "fit_transform"}

# (pattern, what it is) — judged on code with comments removed; magics and `!` lines included
_NETWORK = [
    (re.compile(r"(?m)^\s*[!%]\s*(?:pip3?|conda|mamba|uv|apt|apt-get|brew|npm)\b"), "installs"),
    (re.compile(r"\b(?:pip3?|conda|mamba)\s+install\b"), "installs"),
    (re.compile(r"\bensurepip\b|\bpip\.main\b|-m\s+pip\b"), "installs"),
    (re.compile(r"""['"]pip3?['"]\s*,\s*['"]install['"]"""), "installs"),
    (re.compile(r"\brequests\s*\.|\bimport\s+requests\b|\bfrom\s+requests\b"), "network"),
    (re.compile(r"\burllib\d?\b|\burlretrieve\b|\burlopen\b"), "network"),
    (re.compile(r"\bwget\b|\bcurl\b"), "network"),
    (re.compile(r"\bsocket\b|\bhttp\.client\b|\bhttpx\b|\baiohttp\b|\bftplib\b"), "network"),
    (re.compile(r"""['"](?:https?|ftp)://"""), "network"),
    (
        re.compile(r"\bfetch_openml\b|\bget_file\s*\(|\bhf_hub_download\b|\bsnapshot_download\b"),
        "network",
    ),
    (re.compile(r"\bkaggle\s+(?:competitions|datasets|kernels)\s+download\b"), "network"),
    (re.compile(r"\btorch\.hub\b|\bload_state_dict_from_url\b"), "network"),
]


def _strip_comments(source: str) -> str:
    masked, mapping = mask_magics(source)
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(masked).readline))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return source
    lines = masked.split("\n")
    for tok in tokens:
        if tok.type == tokenize.COMMENT:
            row, col = tok.start
            line = lines[row - 1]
            lines[row - 1] = line[:col] + line[tok.end[1] :]
    return unmask_magics("\n".join(lines), mapping)


def _parse(source: str) -> ast.Module | None:
    masked, _ = mask_magics(source)
    try:
        return ast.parse(masked)
    except SyntaxError:
        return None


def _line_of(source: str, pattern: re.Pattern[str]) -> str:
    for line in source.split("\n"):
        if pattern.search(line):
            return line.strip()[:80]
    return ""


# --- numbers and names ------------------------------------------------------------------------


def _number(node: ast.AST) -> float | None:
    """The value of a numeric literal (``0.94``, ``-3``, ``float(0.94)``, ``np.float64(.9)``)."""
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return float(node.value)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        inner = _number(node.operand)
        if inner is not None:
            return -inner if isinstance(node.op, ast.USub) else inner
    if isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords:
        name = _call_name(node)
        if name in ("float", "float64", "float32", "round", "Decimal", "array"):
            return _number(node.args[0])
    return None


def _trivial(value: float) -> bool:
    """Values used to initialise a best-so-far or a counter, not to fake a result."""
    return value in (0.0, 1.0, -1.0) or abs(value) >= 1e6


def _target_name(target: ast.AST) -> str | None:
    if isinstance(target, ast.Name):
        return target.id
    if isinstance(target, ast.Attribute):
        return target.attr
    if isinstance(target, ast.Subscript):
        key = target.slice
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            return key.value
    return None


def _base_name(node: ast.AST) -> str | None:
    while isinstance(node, (ast.Subscript, ast.Attribute)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _call_name(node: ast.Call) -> str | None:
    func = node.func
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return None


def _assignments(tree: ast.AST) -> list[tuple[ast.AST, ast.AST]]:
    out: list[tuple[ast.AST, ast.AST]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, (ast.Tuple, ast.List)) and isinstance(
                    node.value, (ast.Tuple, ast.List)
                ):
                    out.extend(zip(target.elts, node.value.elts, strict=False))
                else:
                    out.append((target, node.value))
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            out.append((node.target, node.value))
    return out


def _fstring_text(node: ast.JoinedStr) -> str:
    parts = []
    for v in node.values:
        if isinstance(v, ast.Constant):
            parts.append(str(v.value))
        elif isinstance(v, ast.FormattedValue):
            num = _number(v.value)
            parts.append(repr(num) if num is not None else "{}")
    return "".join(parts)


def _strings(tree: ast.AST) -> list[str]:
    out: list[str] = []
    inside_fstring: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            out.append(_fstring_text(node))
            inside_fstring.update(id(v) for v in node.values)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in inside_fstring
        ):
            out.append(node.value)
    return out


# --- the checks -------------------------------------------------------------------------------


def _hardcoded_score(old: ast.AST | None, new: ast.AST, where: str) -> str | None:
    old_dump = {ast.dump(n) for n in ast.walk(old)} if old is not None else set()
    old_strings = set(_strings(old)) if old is not None else set()
    old_pairs = (
        {(ast.dump(t), ast.dump(v)) for t, v in _assignments(old)} if old is not None else set()
    )
    for target, value in _assignments(new):
        name = _target_name(target)
        if not name or (ast.dump(target), ast.dump(value)) in old_pairs:
            continue
        seq = value.elts if isinstance(value, (ast.List, ast.Tuple)) else None
        if _SCORE_NAME.search(name) and not _NOT_SCORE_NAME.search(name):
            num = _number(value)
            nums = [_number(e) for e in seq] if seq else []
            if (num is not None and not _trivial(num)) or (
                nums and all(n is not None for n in nums) and not all(_trivial(n) for n in nums)
            ):
                return (
                    f"{where} hard-codes a score (`{ast.unparse(target)} = "
                    f"{ast.unparse(value)[:40]}`); scores must be computed by the code"
                )
        base = _base_name(target) or ""
        if (
            _PRED_NAME.search(name)
            and seq is not None
            and len(seq) >= 3
            and all(isinstance(e, ast.Constant) for e in seq)
        ):
            return (
                f"{where} hard-codes predictions (`{name} = [...]` literal); predictions must "
                "come from the trained model"
            )
        if (
            isinstance(target, ast.Subscript)
            and _SUBMISSION_NAME.match(base)
            and isinstance(value, ast.Constant)
        ):
            return (
                f"{where} fills the submission with a constant (`{ast.unparse(target)} = "
                f"{ast.unparse(value)[:20]}`); predictions must come from the trained model"
            )
        if (
            _PRED_NAME.search(name)
            and isinstance(value, (ast.Name, ast.Attribute, ast.Subscript))
            and _TEST_NAME.search(_base_name(value) or "")
        ):
            return (
                f"{where} uses the test labels as predictions (`{name} = "
                f"{ast.unparse(value)[:30]}`); that leaks the answers"
            )
    for text in _strings(new):
        if text in old_strings:
            continue
        m = _SCORE_TEXT.search(text)
        if m:
            return (
                f"{where} prints a hard-coded score ({text.strip()[:50]!r}); print the value "
                "the code computes"
            )
    for node in ast.walk(new):
        if isinstance(node, ast.Call) and _call_name(node) in ("print", "display", "info", "log"):
            texts = [a.value for a in node.args if isinstance(a, ast.Constant)]
            words = any(isinstance(t, str) and _SCORE_WORD.search(t) for t in texts)
            nums = [_number(a) for a in node.args]
            if (
                words
                and any(n is not None and not _trivial(n) for n in nums)
                and ast.dump(node) not in old_dump
            ):
                return (
                    f"{where} prints a hard-coded score (`{ast.unparse(node)[:60]}`); print "
                    "the value the code computes"
                )
    return None


def _dead_branch(node: ast.AST) -> bool:
    return isinstance(node, (ast.If, ast.While)) and (
        isinstance(node.test, ast.Constant) and not node.test.value
    )


def _train_calls(tree: ast.AST | None) -> list[str]:
    """The training calls in live code (not under `if False:`), as short text."""
    if tree is None:
        return []
    out: list[str] = []

    def visit(node: ast.AST) -> None:
        if _dead_branch(node):
            for child in getattr(node, "orelse", []):
                visit(child)
            return
        if isinstance(node, ast.Call):
            name = _call_name(node)
            if name in _TRAIN_CALLS:
                out.append(f"{ast.unparse(node.func)}(...)")
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return out


def _leaks_test_into_fit(old: ast.AST | None, new: ast.AST, where: str) -> str | None:
    old_dump = {ast.dump(n) for n in ast.walk(old)} if old is not None else set()
    for node in ast.walk(new):
        if not isinstance(node, ast.Call) or _call_name(node) not in ("fit", "fit_generator"):
            continue
        if ast.dump(node) in old_dump:
            continue
        for arg in list(node.args) + [k.value for k in node.keywords if k.arg in ("X", "y", "x")]:
            base = _base_name(arg) or ""
            if _TEST_NAME.search(base):
                return (
                    f"{where} trains on test data (`{ast.unparse(node)[:60]}`); that leaks "
                    "the answers"
                )
    return None


def _datasets(source: str) -> set[str]:
    """The library data sets a cell loads: names imported from a ``datasets`` module
    (``from sklearn.datasets import load_boston``) or called on one (``datasets.load_iris()``),
    and seaborn's ``load_dataset("titanic")`` by its name. The notebook's own ``load_data``
    helpers are not data sets here."""
    tree = _parse(source)
    if tree is None:
        return set()
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and "datasets" in (node.module or "").split("."):
            found.update(a.name for a in node.names if a.name != "*")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner = node.func.value
            if isinstance(owner, (ast.Name, ast.Attribute)) and "datasets" in ast.unparse(
                owner
            ).split("."):
                found.add(node.func.attr)
            elif node.func.attr == "load_dataset" and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    found.add(f"load_dataset({first.value!r})")
    return found


def _swapped_dataset(change: CellChange) -> str | None:
    """A change that loads a different data set than the cell did: the 1.5B model "fixed"
    imlp-06's removed `load_boston()` with `load_diabetes()`, which runs and gives other numbers.
    The notebook's data is not the model's to change: a removed data set is reported, not
    replaced."""
    old, new = _datasets(change.old_source), _datasets(change.new_source)
    gone, added = sorted(old - new), sorted(new - old)
    if not gone or not added:
        return None
    return (
        f"{_where(change)} loads a different data set (`{added[0]}` instead of `{gone[0]}`); "
        "the notebook's data must stay the same: if its loader was removed, leave the cell "
        "and say so in the plan"
    )


def _where(change: CellChange) -> str:
    if change.path is not None:
        return f"`{change.path}`"
    return f"cell {shown_cell_number(change.cell_index)}"


def check_patch(
    changes: Sequence[CellChange],
    notebook_sources: Sequence[str] = (),
    versions: Mapping[str, str] | None = None,
    local: Collection[str] = (),
) -> str | None:
    """The reason this change set is forbidden, or None when it passes.

    ``notebook_sources``: every code cell of the current notebook (imports seen there are not new).
    ``versions``: installed distributions of the executing environment; empty/None skips the
    installed-package check. ``local``: the notebook's own modules (importable, not packages).
    """
    # by position: several file changes all have cell_index -1
    old_trees = [_parse(c.old_source) for c in changes]
    new_trees = [_parse(c.new_source) for c in changes]

    for change in changes:
        old_code = _strip_comments(change.old_source)
        new_code = _strip_comments(change.new_source)
        for pattern, what in _NETWORK:
            if len(pattern.findall(new_code)) > len(pattern.findall(old_code)):
                line = _line_of(new_code, pattern)
                if what == "installs":
                    return (
                        f"{_where(change)} installs packages (`{line}`); the environment "
                        "is fixed and offline: use only the installed packages"
                    )
                return (
                    f"{_where(change)} adds network access (`{line}`); the environment "
                    "is offline: use only local files and installed packages"
                )

    for change, old, new in zip(changes, old_trees, new_trees, strict=True):
        if new is None:
            continue
        reason = _hardcoded_score(old, new, _where(change))
        if reason is None:
            reason = _leaks_test_into_fit(old, new, _where(change))
        if reason:
            return reason

    for change in changes:
        reason = _swapped_dataset(change)
        if reason:
            return reason

    old_calls = [c for tree in old_trees for c in _train_calls(tree)]
    new_calls = [c for tree in new_trees for c in _train_calls(tree)]
    if len(new_calls) < len(old_calls):
        missing = list(old_calls)
        for call in new_calls:
            if call in missing:
                missing.remove(call)
        cells = [str(shown_cell_number(c.cell_index)) for c in changes if c.path is None]
        where = ([f"cell {', '.join(cells)}"] if cells else []) + [
            _where(c) for c in changes if c.path is not None
        ]
        shown = ", ".join(f"`{m}`" for m in (missing or old_calls)[:3])
        return (
            f"the patch removes training from {' and '.join(where)} ({shown}: {len(old_calls)} "
            f"training call(s) before, {len(new_calls)} after); keep the training and fix the "
            "call instead"
        )

    if versions:
        known = (
            set(imported_modules(notebook_sources))
            | set(imported_modules(c.old_source for c in changes))
            | set(local)
        )
        for change in changes:
            for module in imported_modules([change.new_source]):
                if module in known or is_available(module, versions):
                    continue
                return (
                    f"{_where(change)} imports `{module}`, which is not installed; "
                    "installing packages is not allowed: use only the installed packages"
                )
    return None
