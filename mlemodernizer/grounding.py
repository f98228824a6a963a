"""Ground the model in the real environment: ask the still-live kernel what exists now.

After a run with errors, the executor runs :func:`build_probe`'s code in the kernel that ran the
notebook (so the user's variables exist). The probe prints one line, ``__MLEM_FACTS__`` followed by
a JSON object, with what the environment really offers for each error:

- ``AttributeError`` (``module 'numpy' has no attribute 'float'``, ``'DataFrame' object has no
  attribute 'ix'``): close names in the module or the object's type;
- ``ImportError`` / ``ModuleNotFoundError`` (``cannot import name 'Imputer' from
  'sklearn.preprocessing'``, ``No module named 'sklearn.cross_validation'``): close names, close
  submodules, and which sibling submodules of the top package export the wanted names;
- ``TypeError: f() got an unexpected keyword argument 'k'``: the callable's real signature;
- ``NameError``: close names among the user's and the builtin names;
- the installed versions of the top-level packages involved.

When an import or attribute fails and nothing close is found, the probe lists what the module (or
the object's class) does offer instead (:data:`MAX_OFFER` names with their signatures), ranked by
how well each fits the failing use: the rules catalogue's replacement for the old name first, then
callables the notebook's call binds to (positional count, keyword names), names sharing a word with
the old name, and results that look like what later lines use (``model = old_train(X, y)`` then
``model.score``: a name, docstring or return annotation saying "model"). See ``rank`` in the probe.

The probe only reads: the object in ``df.ix`` is found from the failing source line and looked up
only when it is a plain dotted name, with ``inspect.getattr_static`` (nothing is called). Sibling
submodules may be imported (time-capped, output and warnings silenced). Its own names are deleted.
:func:`format_facts` renders the JSON as short prompt text.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .execution.base import CellError

FACTS_MARKER = "__MLEM_FACTS__"
PROBE_TIME_BUDGET_S = 6.0
MAX_QUERIES = 6
MAX_OFFER = 30  # names listed when nothing close exists: enough for a helper module, bounded

_IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
_DOTTED = rf"{_IDENT}(?:\s*\.\s*{_IDENT})*"

_RE_MODULE_ATTR = re.compile(rf"^module '({_IDENT}(?:\.{_IDENT})*)' has no attribute '({_IDENT})'")
_RE_OBJECT_ATTR = re.compile(rf"^'([\w.]+)' object has no attribute '({_IDENT})'")
_RE_TYPE_ATTR = re.compile(rf"^type object '([\w.]+)' has no attribute '({_IDENT})'")
_RE_IMPORT_NAME = re.compile(rf"^cannot import name '({_IDENT})' from '([\w.]+)'")
_RE_NO_MODULE = re.compile(r"^No module named '([\w.]+)'")
_RE_KWARG = re.compile(rf"^([\w.<>]*)\(\) got an unexpected keyword argument '({_IDENT})'")
_RE_NAME = re.compile(rf"^name '({_IDENT})' is not defined")
_RE_ARROW = re.compile(r"^\s*-*>\s*\d+\s(.*)$")
_RE_CONTEXT = re.compile(r"^\s+\d+\s(.*)$")


# --- engine side: turn errors into queries --------------------------------------------------------


def _code_lines(traceback: str) -> tuple[list[str], list[str]]:
    """(arrow lines, all code lines) of the traceback's frames, in order."""
    arrows: list[str] = []
    code: list[str] = []
    lines = traceback.splitlines()
    for i, line in enumerate(lines):
        m = _RE_ARROW.match(line)
        if m:
            arrows.append(m.group(1))
            code.append(m.group(1))
            continue
        m = _RE_CONTEXT.match(line)
        if m:
            code.append(m.group(1))
            continue
        # plain Python tracebacks: the source line follows `  File "...", line N, in f`
        if line.lstrip().startswith('File "') and i + 1 < len(lines):
            nxt = lines[i + 1].strip()
            if nxt and not nxt.startswith(("File ", "^", "~")):
                arrows.append(nxt)
                code.append(nxt)
    return arrows, code


def _used_with_subscript(traceback: str, attr: str) -> str | None:
    """How ``.attr[...]`` is indexed on the failing line: "label" (a string key), "position"
    (integers only), "other"; None when it is not subscripted."""
    arrows, code = _code_lines(traceback)
    pattern = re.compile(rf"\.\s*{re.escape(attr)}\s*\[([^\]]*)\]?")
    for line in arrows + code:
        m = pattern.search(line)
        if m:
            key = m.group(1)
            if re.search(r"""['"]""", key):
                return "label"
            if re.fullmatch(r"[\s\d,:\-]*", key):
                return "position"
            return "other"
    return None


def failing_lines(traceback: str) -> list[str]:
    """The source lines the traceback points at (``----> 2 y = np.float(x)`` → ``y = ...``)."""
    arrows, _ = _code_lines(traceback)
    return arrows


def _object_expr(traceback: str, attr: str) -> str | None:
    """The plain dotted name before ``.attr`` on the failing line (``df`` in ``df.ix[0]``)."""
    arrows, code = _code_lines(traceback)
    pattern = re.compile(rf"(?<![\w.)\]])({_DOTTED})\s*\.\s*{re.escape(attr)}\b")
    for line in reversed(arrows + code):
        m = pattern.search(line)
        if m:
            return re.sub(r"\s+", "", m.group(1))
    return None


def _callee_before(text: str, pos: int) -> str | None:
    """The dotted name of the call whose open parenthesis encloses ``pos``."""
    depth = 0
    i = pos - 1
    while i >= 0:
        ch = text[i]
        if ch in ")]}":
            depth += 1
        elif ch in "([{":
            if depth == 0:
                if ch != "(":
                    return None
                m = re.search(rf"({_DOTTED})\s*$", text[:i])
                return re.sub(r"\s+", "", m.group(1)) if m else None
            depth -= 1
        i -= 1
    return None


def _kwarg_callee(traceback: str, keyword: str) -> str | None:
    arrows, code = _code_lines(traceback)
    for chunk in (arrows, code):
        text = "\n".join(chunk)
        for m in reversed(list(re.finditer(rf"\b{re.escape(keyword)}\s*=(?!=)", text))):
            callee = _callee_before(text, m.start())
            if callee:
                return callee
    return None


def _imported_names(traceback: str, module: str) -> list[str]:
    """Names the failing line imports from ``module`` (``from m import a, b as c`` → [a, b])."""
    _, code = _code_lines(traceback)
    names: list[str] = []
    pat = re.compile(rf"^\s*from\s+{re.escape(module)}\s+import\s+\(?([^)#]*)")
    for line in code:
        m = pat.match(line)
        if m:
            for part in m.group(1).split(","):
                name = part.strip().split(" as ")[0].strip()
                if re.fullmatch(_IDENT, name) and name not in names:
                    names.append(name)
    # `import pkg.mod as alias` then `alias.name(...)`
    alias_pat = re.compile(rf"^\s*import\s+{re.escape(module)}\s+as\s+({_IDENT})")
    for line in code:
        m = alias_pat.match(line)
        if m:
            alias = m.group(1)
            for other in code:
                for used in re.findall(rf"\b{alias}\.({_IDENT})", other):
                    if used not in names:
                        names.append(used)
    return names[:8]


def error_query(error: CellError) -> dict[str, Any] | None:
    """What to ask the kernel about one error, or None when the probe has nothing to add."""
    first = (error.evalue or "").strip().splitlines()[0] if (error.evalue or "").strip() else ""
    summary = f"{error.ename}: {first}".strip()
    q: dict[str, Any] | None = None
    if error.ename == "AttributeError":
        if m := _RE_MODULE_ATTR.match(first):
            q = {"kind": "module_attr", "module": m.group(1), "name": m.group(2)}
        elif m := _RE_TYPE_ATTR.match(first):
            expr = _object_expr(error.traceback, m.group(2))
            q = {"kind": "class_attr", "type": m.group(1), "name": m.group(2), "expr": expr}
        elif m := _RE_OBJECT_ATTR.match(first):
            expr = _object_expr(error.traceback, m.group(2))
            q = {"kind": "object_attr", "type": m.group(1), "name": m.group(2), "expr": expr}
            how = _used_with_subscript(error.traceback, m.group(2))
            if how:
                q["subscript"] = how
    elif error.ename in ("ImportError", "ModuleNotFoundError"):
        if m := _RE_IMPORT_NAME.match(first):
            q = {"kind": "import_name", "module": m.group(2), "name": m.group(1)}
        elif m := _RE_NO_MODULE.match(first):
            module = m.group(1)
            q = {
                "kind": "module",
                "module": module,
                "names": _imported_names(error.traceback, module),
            }
    elif error.ename == "TypeError":
        if m := _RE_KWARG.match(first):
            qualname, keyword = m.group(1), m.group(2)
            expr = _kwarg_callee(error.traceback, keyword)
            q = {"kind": "kwarg", "qualname": qualname, "keyword": keyword, "expr": expr}
    elif error.ename in ("NameError", "UnboundLocalError") and (m := _RE_NAME.match(first)):
        q = {"kind": "name", "name": m.group(1)}
    if q is not None:
        q["error"] = summary[:300]
        q["cell"] = error.cell_index
    return q


def call_keywords(errors: list[CellError], name: str) -> list[str]:
    """Keywords the notebook passes when calling ``name`` (``Imputer(strategy='mean')``), as the
    tracebacks' source lines show them."""
    found: list[str] = []
    for error in errors:
        _, code = _code_lines(error.traceback)
        text = "\n".join(code)
        for m in re.finditer(rf"\b{re.escape(name)}\s*\(", text):
            depth, i = 1, m.end()
            start = i
            while i < len(text) and depth:
                depth += {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}.get(text[i], 0)
                i += 1
            inner = text[start : i - 1]
            for kw in re.findall(rf"(?:^|[,(\s])({_IDENT})\s*=(?!=)", inner):
                if kw not in found:
                    found.append(kw)
    return found[:8]


def _split_top(inner: str) -> list[str]:
    """``a, f(b, c), k=d`` → [``a``, ``f(b, c)``, ``k=d``]: commas outside brackets and strings."""
    parts, depth, quote, cur = [], 0, "", []
    for ch in inner:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append("".join(cur).strip())
            cur = []
            continue
        cur.append(ch)
    parts.append("".join(cur).strip())
    return [p for p in parts if p]


def _call_args(text: str, open_paren: int) -> str | None:
    """The text between the parenthesis at ``open_paren`` and its match, None if unclosed."""
    depth = 0
    for i in range(open_paren, len(text)):
        depth += {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}.get(text[i], 0)
        if depth == 0:
            return text[open_paren + 1 : i]
    return None


def call_use(errors: list[CellError], name: str, module: str | None = None) -> dict[str, Any]:
    """How the notebook uses ``name`` (the missing import or attribute), from the tracebacks'
    source lines: the call's positional count and keywords, the variables its result binds, and
    the attributes later lines read from them (``model = old_train(X, y)`` … ``model.score``)."""
    alias = name
    if module:  # `from m import old as o` calls `o(...)`
        for error in errors:
            for line in _code_lines(error.traceback)[1]:
                m = re.search(rf"\bimport\b.*\b{re.escape(name)}\s+as\s+({_IDENT})", line)
                if m and re.match(rf"^\s*from\s+{re.escape(module)}\s+import\b", line):
                    alias = m.group(1)
    lines: list[str] = []
    for error in errors:
        for line in _code_lines(error.traceback)[1]:
            if line not in lines:
                lines.append(line)
    use: dict[str, Any] = {}
    call = re.compile(rf"(?<![\w])(?:{_DOTTED}\s*\.\s*)?{re.escape(alias)}\s*\(")
    for line in lines:
        m = call.search(line)
        if m is None or re.match(r"^\s*(def|class|from|import)\b", line):
            continue
        inner = _call_args(line, m.end() - 1)
        if inner is None:
            continue
        args = _split_top(inner)
        kws = [a.split("=", 1)[0].strip() for a in args if re.match(rf"^{_IDENT}\s*=(?!=)", a)]
        use = {
            "call": True,
            "args": sum(1 for a in args if not re.match(rf"^{_IDENT}\s*=(?!=)", a)),
            "keywords": kws[:8],
            "star": any(a.startswith("*") for a in args),
            "line": line.strip()[:120],
        }
        target = re.match(rf"^\s*({_IDENT}(?:\s*,\s*{_IDENT})*)\s*,?\s*=(?!=)", line[: m.start()])
        if target:
            use["result"] = [t.strip() for t in target.group(1).split(",")][:4]
        break
    if not use:
        read = re.compile(rf"\.\s*{re.escape(alias)}\b(?!\s*\()")
        for line in lines:
            if read.search(line):
                use = {"call": False, "line": line.strip()[:120]}
                break
    then: list[str] = []
    for var in use.get("result") or []:
        for line in lines:
            if line.strip() == use.get("line"):
                continue
            for attr in re.findall(rf"(?<![\w.]){re.escape(var)}\s*\.\s*({_IDENT})", line):
                if attr not in then:
                    then.append(attr)
    if then:
        use["then"] = then[:6]
    return use


def _rule_names(texts: list[str]) -> list[str]:
    """Names written as code in a rule's text: ``.to_numpy()``, ``PCA(``, ``gs.cv_results_``."""
    names: list[str] = []
    for text in texts:
        text = re.sub(r"'[^']*'|\"[^\"]*\"", "''", text)  # words in string literals are data
        for m in re.finditer(rf"\.\s*({_IDENT})|\b({_IDENT})\s*\(|import\s+({_IDENT})", text):
            n = next(g for g in m.groups() if g)
            if n not in names:
                names.append(n)
    return names


def catalogue_hints(summary: str, old: str) -> list[dict[str, Any]]:
    """The catalogue rules whose error signatures match ``summary`` ("ename: evalue"): their
    message and the names their replacement and fixed examples write (the probe keeps those the
    module or class really has). A general lookup over the rules' metadata, no table per name."""
    try:
        from .fixers.rules.catalogue import all_rules
    except Exception:  # the catalogue is a hint; grounding works without it
        return []
    hints: list[dict[str, Any]] = []
    for rule in all_rules():
        if not rule.matches_error(summary):
            continue
        # what the fixed examples write that their originals did not, after the rule's words
        new_in_examples = [
            n
            for before, after in rule.examples
            if after
            for n in _rule_names([after])
            if n not in _rule_names([before])
        ]
        names = []
        for n in _rule_names([rule.message, rule.replacement]) + new_in_examples:
            if n != old and n not in names:
                names.append(n)
        said = [n for n in _rule_names([rule.message]) if n != old]
        hints.append(
            {"rule": rule.id, "message": rule.message[:200], "names": names[:20], "said": said}
        )
        if len(hints) >= 2:
            break
    return hints


def build_probe(errors: list[CellError]) -> str | None:
    """Python code for the live kernel that prints ``__MLEM_FACTS__{json}``; None if not useful."""
    queries: list[dict[str, Any]] = []
    seen: set[str] = set()
    for error in errors:
        q = error_query(error)
        if q is None:
            continue
        key = json.dumps({k: v for k, v in q.items() if k not in ("cell", "error")}, sort_keys=True)
        if key in seen:
            continue
        seen.add(key)
        if q["kind"] in ("import_name", "module_attr"):
            kws = call_keywords(errors, q["name"])
            if kws:
                q["call_keywords"] = kws
        if q["kind"] in ("import_name", "module_attr", "object_attr", "class_attr"):
            # what the probe ranks the module's or class's names by, if nothing close exists
            module = q.get("module") if q["kind"] == "import_name" else None
            q["use"] = call_use(errors, q["name"], module)
            hints = catalogue_hints(q["error"], q["name"])
            if hints:
                q["catalogue"] = hints
        queries.append(q)
        if len(queries) >= MAX_QUERIES:
            break
    if not queries:
        return None
    payload = json.dumps(queries)
    return (
        _PROBE_CODE.replace("__MLEM_QUERIES__", repr(payload))
        .replace("__MLEM_MARKER__", repr(FACTS_MARKER))
        .replace("__MLEM_BUDGET__", repr(PROBE_TIME_BUDGET_S))
        .replace("__MLEM_MAX_OFFER__", repr(MAX_OFFER))
    )


# --- kernel side: the probe ---------------------------------------------------------------------
# Runs in the user's namespace: everything lives inside one function whose name is deleted at the
# end, so the user's state is untouched (apart from submodules imported while searching).

_PROBE_CODE = r'''
def __mlem_probe__():
    import builtins, contextlib, difflib, importlib, importlib.util, inspect, io, json, pkgutil
    import re, sys, time
    import warnings
    import importlib.metadata as metadata

    queries = json.loads(__MLEM_QUERIES__)
    deadline = time.monotonic() + __MLEM_BUDGET__
    ns = globals()
    missing = object()
    skip_subs = {"tests", "test", "testing", "conftest", "setup", "experimental", "f2py",
                 "distutils", "__main__", "libs", "core", "compat"}
    tops = set()
    facts = {"python": sys.version.split()[0], "items": [], "versions": {}}

    @contextlib.contextmanager
    def quiet():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with contextlib.redirect_stdout(io.StringIO()), \
                    contextlib.redirect_stderr(io.StringIO()):
                yield

    def public(names):
        return sorted({n for n in names if isinstance(n, str) and not n.startswith("_")})

    def close(word, names, n=6, cutoff=0.6):
        try:
            return difflib.get_close_matches(word, public(names), n=n, cutoff=cutoff)
        except Exception:
            return []

    def containing(word, names, n=8):
        """Names containing ``word``: those starting with it first, shortest first."""
        w = word.lower().strip("_")
        if len(w) < 3:
            return []
        hits = [x for x in public(names) if w in x.lower() and x != word]
        hits.sort(key=lambda x: (not x.lower().startswith(w), len(x), x))
        return hits[:n]

    def names_of(obj):
        try:
            return list(dir(obj))
        except Exception:
            return []

    def get_module(name, allow_import=True):
        mod = sys.modules.get(name)
        if mod is not None:
            return mod
        if not allow_import or time.monotonic() > deadline:
            return None
        try:
            with quiet():
                return importlib.import_module(name)
        except BaseException:
            return None

    def lookup(expr):
        """A plain dotted name, looked up statically: nothing is called."""
        if not expr:
            return missing
        parts = expr.split(".")
        if not all(p.isidentifier() for p in parts):
            return missing
        if parts[0] in ns:
            obj = ns[parts[0]]
        elif parts[0] in vars(builtins):
            obj = vars(builtins)[parts[0]]
        else:
            return missing
        for p in parts[1:]:
            try:
                obj = inspect.getattr_static(obj, p)
            except Exception:
                return missing
            if isinstance(obj, (classmethod, staticmethod)):
                obj = obj.__func__
            elif isinstance(obj, property):
                return missing
        return obj

    def type_name(t):
        return f"{getattr(t, '__module__', '')}.{getattr(t, '__qualname__', t.__name__)}"

    def find_type(name):
        """A class called ``name`` (or module.qualname) among the user's values and modules."""
        short = name.rsplit(".", 1)[-1]
        for value in list(ns.values()):
            if isinstance(value, type):
                cands = [value]
            elif type(value).__name__ == "module":
                attr = vars(value).get(short) if hasattr(value, "__dict__") else None
                cands = [attr] if isinstance(attr, type) else []
            else:
                cands = [type(value)]
            for t in cands:
                if t.__name__ == short and (name == short or type_name(t).endswith(name)):
                    return t
        return None

    def top_of(module):
        if module:
            tops.add(module.split(".")[0])

    def submodules(pkg_name):
        pkg = get_module(pkg_name)
        path = getattr(pkg, "__path__", None)
        if not path:
            return []
        try:
            return sorted(m.name for m in pkgutil.iter_modules(path))
        except Exception:
            return []

    def siblings(top, exclude):
        """Public submodules of ``top``: the loaded ones first, then the importable ones."""
        loaded = [m for m in sorted(sys.modules, key=lambda s: (s.count("."), s))
                  if m.startswith(top + ".") and m != exclude
                  and not any(p.startswith("_") or p in skip_subs for p in m.split(".")[1:])]
        more = [f"{top}.{s}" for s in submodules(top)
                if not s.startswith("_") and s not in skip_subs]
        out = []
        for m in loaded + more:
            if m not in out and m != exclude:
                out.append(m)
        return out[:80]

    def exporters(top, wanted, exclude, similar=True):
        found, similar_found = {}, {}
        for full in siblings(top, exclude):
            if time.monotonic() > deadline:
                break
            mod = get_module(full)
            if mod is None:
                continue
            names = set(names_of(mod))
            for w in wanted:
                if w in names:
                    if type(getattr(mod, "__dict__", {}).get(w)).__name__ == "module":
                        continue  # a module imported there (sklearn.utils.parallel.joblib)
                    found.setdefault(w, []).append(full)
                elif similar:
                    for c in containing(w, names, n=4):
                        lst = similar_found.setdefault(w, [])
                        if not any(x.endswith("." + c) for x in lst):
                            lst.append(f"{full}.{c}")
        return ({k: v[:5] for k, v in found.items()},
                {k: v[:6] for k, v in similar_found.items()})

    def subscriptable_attrs(t):
        """Properties of ``t`` whose annotated return type supports ``[...]`` (loc, iloc, ...)."""
        out = []
        for n in public(names_of(t)):
            try:
                a = inspect.getattr_static(t, n)
            except Exception:
                continue
            if not isinstance(a, property) or a.fget is None:
                continue
            ann = (getattr(a.fget, "__annotations__", None) or {}).get("return")
            if isinstance(ann, str):
                ann = getattr(a.fget, "__globals__", {}).get(ann.split("[")[0].strip("'\" "))
            if isinstance(ann, type):
                try:
                    inspect.getattr_static(ann, "__getitem__")
                except AttributeError:
                    continue
                out.append((n, ann.__name__))
        indexers = [n for n, rt in out if "indexer" in rt.lower()]
        return (indexers or [n for n, _ in out])[:8]

    def doc_line(owner, name):
        """First line of the docstring of ``owner.name``, looked up statically."""
        try:
            a = inspect.getattr_static(owner, name)
        except Exception:
            return None
        if isinstance(a, property):
            doc = (a.fget.__doc__ if a.fget is not None else None) or a.__doc__
        elif isinstance(a, (classmethod, staticmethod)):
            doc = a.__func__.__doc__
        elif callable(a):
            doc = getattr(a, "__doc__", None)
        else:
            return None
        for line in (doc or "").strip().splitlines():
            if line.strip():
                return line.strip()[:110]
        return None

    def accepting(full_names, keywords):
        """Which keywords of the old call each candidate takes; the best-fitting first."""
        verdict = {}
        for full in full_names:
            mod_name, _, attr = full.rpartition(".")
            try:
                obj = inspect.getattr_static(sys.modules.get(mod_name), attr)
                params = inspect.signature(obj).parameters
            except Exception:
                continue
            var_kw = any(p.kind is p.VAR_KEYWORD for p in params.values())
            verdict[full] = [k for k in keywords if var_kw or k in params]
        ordered = sorted(full_names, key=lambda f: -len(verdict.get(f, [])))
        return ordered, {f: verdict[f] for f in ordered if f in verdict}

    def similar_docs(full_names):
        docs = {}
        for full in full_names[:4]:
            mod_name, _, attr = full.rpartition(".")
            line = doc_line(sys.modules.get(mod_name), attr)
            if line:
                docs[full] = line
        return docs

    def signature_of(obj):
        try:
            sig = inspect.signature(obj)
            params = [p.replace(annotation=inspect.Parameter.empty)
                      for p in sig.parameters.values()]
            return str(sig.replace(parameters=params,
                                   return_annotation=inspect.Signature.empty))
        except Exception:
            return None

    def params_of(obj):
        try:
            return [p for p in inspect.signature(obj).parameters if p not in ("self", "cls")]
        except Exception:
            return []

    # --- what a module or class offers when nothing close exists, ranked by fit to the use ---
    installed = re.compile(r"[/\\](site-packages|dist-packages|lib[/\\]python[0-9.]*)[/\\]")
    estimator_use = {"fit", "predict", "score", "transform", "fit_transform", "predict_proba",
                     "evaluate", "decision_function"}
    model_words = {"model", "fitted", "estimator", "classifier", "regressor", "trained",
                   "pipeline"}

    def words(text):
        out = set()
        for part in re.split(r"[^A-Za-z0-9]+", text or ""):
            for w in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+", part):
                if len(w) >= 2:
                    out.add(w.lower())
        return out

    def is_local(mod):
        path = getattr(mod, "__file__", None)
        return isinstance(path, str) and not installed.search(path)

    def call_signature(a, on_instance):
        """(signature as the notebook calls it, the function) of a static member; None for
        data. Methods looked up on a class drop ``self`` when the use is on an instance."""
        f, drop = a, False
        if isinstance(a, staticmethod):
            f = a.__func__
        elif isinstance(a, classmethod):
            f, drop = a.__func__, True
        elif isinstance(a, property) or not callable(a):
            return None
        elif on_instance and (inspect.isfunction(a) or inspect.ismethoddescriptor(a)):
            drop = True
        try:
            sig = inspect.signature(f)
        except Exception:
            return (None, f)
        params = list(sig.parameters.values())
        if drop and params and params[0].kind in (params[0].POSITIONAL_ONLY,
                                                  params[0].POSITIONAL_OR_KEYWORD):
            params = params[1:]
        return (sig.replace(parameters=params), f)

    def shown(sig):
        params = [p.replace(annotation=inspect.Parameter.empty) for p in sig.parameters.values()]
        text = str(sig.replace(parameters=params, return_annotation=inspect.Signature.empty))
        return text if len(text) <= 70 else text[:66] + ", …)"

    def returns(f):
        """The return annotation as a class (when it resolves) and as text."""
        try:
            ann = inspect.signature(f).return_annotation
        except Exception:
            return None, ""
        if ann is inspect.Signature.empty:
            return None, ""
        if isinstance(ann, str):
            text = ann
            ann = getattr(f, "__globals__", {}).get(ann.split("[")[0].strip("'\" "))
        else:
            text = getattr(ann, "__name__", str(ann))
        return (ann if isinstance(ann, type) else None), text

    def rank(n, a, on_instance, use, old_words, cue_words, catalogue_names, home):
        """Higher fits better. catalogue replacement 8; a call the signature binds 4, exactly
        its required positionals 1, each keyword it names 1 (data attributes -2 for a call,
        +2 for a read); each word shared with the old name 2; a result that looks like what
        later lines use 2 (name, docstring or return annotation says "model", the variable's
        name...), 3 if the annotated return class has those attributes; defined here 1."""
        evidence = 8 if n in catalogue_names else 0
        score = 0
        found = call_signature(a, on_instance)
        sig, f = found if found else (None, None)
        if use.get("call"):
            if found is None:
                score -= 2
            elif sig is None:
                score += 1
            elif not use.get("star"):
                kws = [k for k in use.get("keywords") or [] if isinstance(k, str)]
                try:
                    sig.bind(*range(int(use.get("args") or 0)), **{k: 0 for k in kws})
                    score += 4
                    required = [p for p in sig.parameters.values() if p.default is p.empty
                                and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
                    score += 1 if len(required) == int(use.get("args") or 0) else 0
                except TypeError:
                    pass
                score += sum(1 for k in kws if k in sig.parameters)
        elif use and found is None:
            score += 2
        evidence += 2 * len(words(n) & old_words)
        if f is not None and cue_words:
            ret, ret_text = returns(f)
            then = [t for t in use.get("then") or [] if isinstance(t, str)]
            if ret is not None and then and all(hasattr(ret, t) for t in then):
                evidence += 3
            else:
                doc = (inspect.getdoc(f) or "").strip().splitlines()
                text = " ".join([n, doc[0] if doc else "", ret_text])
                evidence += 2 if words(text) & cue_words else 0
        if home and getattr(f if f is not None else a, "__module__", None) == home:
            score += 1
        return score + evidence, evidence, sig

    def offer(owner, name, q, on_instance, extra=None, local=False):
        """Up to MAX_OFFER public members of ``owner`` (plus an instance's own attributes),
        best fit to the failing use first, each with its signature (and, for the user's own
        module, its docstring's first line)."""
        use = q.get("use") if isinstance(q.get("use"), dict) else {}
        catalogue_names = set()
        for hint in q.get("catalogue") or []:
            catalogue_names.update(x for x in hint.get("names") or [] if isinstance(x, str))
        old_words = words(name)
        cue_words = set()
        for var in use.get("result") or []:
            cue_words |= words(var) - {"x", "y"}
        then = set(use.get("then") or [])
        cue_words |= words(" ".join(then))
        if then & estimator_use:
            cue_words |= model_words
        home = owner.__name__ if type(owner).__name__ == "module" else None
        names = public(names_of(owner))
        if home and isinstance(getattr(owner, "__all__", None), (list, tuple)):
            names = public(owner.__all__)
        extra = {k: v for k, v in (extra or {}).items() if isinstance(k, str)
                 and not k.startswith("_")}
        ranked = []
        for n in sorted(set(names) | set(extra)):
            if time.monotonic() > deadline:
                break
            if n in extra:
                a = extra[n]
            else:
                try:
                    a = inspect.getattr_static(owner, n)
                except Exception:
                    continue
            if type(a).__name__ == "module" or (home and n in ("annotations",)):
                continue
            if local and (inspect.isfunction(a) or isinstance(a, type)) and \
                    getattr(a, "__module__", home) != home:
                continue  # the user's module imported it: not what the module offers
            try:
                score, evidence, sig = rank(n, a, on_instance and n not in extra, use,
                                            old_words, cue_words, catalogue_names, home)
            except Exception:
                score, evidence, sig = 0, 0, None
            entry = {"name": n}
            if sig is not None:
                entry["sig"] = shown(sig)
            elif call_signature(a, False) is None:
                entry["type"] = type(a).__name__
            ranked.append((-score, "sig" not in entry, n.lower(), entry, evidence))
        ranked.sort(key=lambda r: r[:3])
        total = len(ranked)
        if total > __MLEM_MAX_OFFER__:
            # a big namespace (pandas, a DataFrame): the call's shape fits hundreds of names, so
            # only those with more evidence than that are worth the prompt's space
            ranked = [r for r in ranked if r[4] > 0]
        out = [r[3] for r in ranked[:__MLEM_MAX_OFFER__]]
        # a clear winner is named outright: small models take the first name of a list anyway,
        # but a name said plainly beats a list that invites blending two names (step_train)
        clear = len(ranked) == 1 or (len(ranked) > 1 and ranked[0][0] <= ranked[1][0] - 3)
        if ranked and clear and ranked[0][4] > 0:
            out[0]["best"] = True
        if local:
            for entry in out[:12]:
                line = doc_line(owner, entry["name"])
                if line:
                    entry["doc"] = line[:90]
        found = {"offer": out, "offer_total": total}
        hints = catalogue(q, set(names) | set(extra))
        if hints:
            found["catalogue"] = hints
        if use:
            found["use"] = use
        return found

    def catalogue(q, here, known=None):
        """The rules catalogue's word on the old name, with the replacement names that really
        exist here. With ``known`` (close names were found), only when the rule's message names
        a replacement that exists here and the close-name search missed (RandomizedPCA → PCA)."""
        out = []
        for h in q.get("catalogue") or []:
            if not isinstance(h, dict):
                continue
            present = [n for n in h.get("names") or [] if isinstance(n, str) and n in here]
            if known is not None and not [n for n in h.get("said") or []
                                          if n in here and n not in known]:
                continue
            out.append({"rule": h.get("rule"), "message": h.get("message"), "present": present})
        return out

    def known_names(item):
        known = set()
        for k in ("close", "containing", "subscriptable", "found_in", "similar_elsewhere"):
            for x in item.get(k) or []:
                if isinstance(x, str):
                    known.add(x.rsplit(".", 1)[-1])
        return known

    def probe(q):
        kind = q.get("kind")
        item = {"kind": kind, "error": q.get("error", ""), "cell": q.get("cell")}
        if kind == "module_attr":
            mod_name, name = q["module"], q["name"]
            top_of(mod_name)
            item["target"] = f"{mod_name}.{name}"
            mod = get_module(mod_name)
            if mod is None:
                item["module_found"] = False
                return item
            names = names_of(mod)
            item["exists"] = name in names
            item["close"] = close(name, names)
            item["containing"] = containing(name, names)
            if name in vars(builtins):
                item["builtin"] = True
            found, similar = exporters(
                mod_name.split(".")[0], [name], mod_name, similar=name[:1].isupper()
            )
            if found.get(name):
                item["found_in"] = found[name]
            if similar.get(name):
                names_found = similar[name]
                if q.get("call_keywords"):
                    names_found, verdict = accepting(names_found, q["call_keywords"])
                    item["call_keywords"] = q["call_keywords"]
                    item["accepts_call"] = verdict
                item["similar_elsewhere"] = names_found
                item["docs"] = similar_docs(names_found)
            if not any(item.get(k) for k in ("close", "containing", "builtin", "found_in",
                                              "similar_elsewhere")):
                item.update(offer(mod, name, q, False, local=is_local(mod)))
            elif q.get("catalogue"):
                item["catalogue"] = catalogue(q, set(names), known_names(item))
        elif kind in ("object_attr", "class_attr"):
            name = q["name"]
            obj = lookup(q.get("expr"))
            if obj is not missing:
                t = obj if (kind == "class_attr" and isinstance(obj, type)) else type(obj)
                if kind == "class_attr" and not isinstance(obj, type):
                    t = find_type(q["type"]) or type(obj)
                item["expr"] = q.get("expr")
            else:
                t = find_type(q["type"])
            if t is None:
                item["target"] = f"{q['type']}.{name}"
                item["type_found"] = False
                return item
            top_of(getattr(t, "__module__", ""))
            item["target"] = f"{t.__name__}.{name}"
            item["type"] = type_name(t)
            names = names_of(t)
            item["exists"] = name in names
            item["close"] = close(name, names)
            item["containing"] = containing(name, names)
            if q.get("subscript"):
                subs = subscriptable_attrs(t)
                how = q["subscript"]
                # a string key is a label for sure; integers may be labels too (`.ix` on an
                # integer index), so only the label case ranks the candidates
                words = ("label",) if how == "label" else ()
                if words:
                    def fits(n):
                        doc = (doc_line(t, n) or "").lower()
                        return any(w in doc for w in words)
                    subs.sort(key=lambda n: not fits(n))
                    item["indexed_by"] = how
                    item["index_fits"] = [n for n in subs if fits(n)]
                item["subscriptable"] = subs
            docs = {}
            for n in (item.get("subscriptable") or []) + item["close"][:3]:
                line = doc_line(t, n)
                if line and n not in docs:
                    docs[n] = line
            if docs:
                item["docs"] = docs
            if not any(item.get(k) for k in ("exists", "close", "containing", "subscriptable")):
                own = None
                if obj is not missing and not isinstance(obj, type):
                    try:
                        own = dict(object.__getattribute__(obj, "__dict__"))
                    except Exception:
                        own = None
                item.update(offer(t, name, q, kind == "object_attr", extra=own))
            elif q.get("catalogue"):
                item["catalogue"] = catalogue(q, set(names), known_names(item))
        elif kind == "import_name":
            mod_name, name = q["module"], q["name"]
            top_of(mod_name)
            item["target"] = f"{mod_name}.{name}"
            mod = get_module(mod_name)
            item["module_found"] = mod is not None
            if mod is not None:
                names = names_of(mod)
                item["close"] = close(name, names)
                item["containing"] = containing(name, names)
            found, similar = exporters(mod_name.split(".")[0], [name], mod_name)
            if found.get(name):
                item["found_in"] = found[name]
            if similar.get(name):
                names_found = similar[name]
                if q.get("call_keywords"):
                    names_found, verdict = accepting(names_found, q["call_keywords"])
                    item["call_keywords"] = q["call_keywords"]
                    item["accepts_call"] = verdict
                item["similar_elsewhere"] = names_found
                item["docs"] = similar_docs(names_found)
            try:
                spec = importlib.util.find_spec(name) if name != mod_name.split(".")[0] else None
            except Exception:
                spec = None
            if spec is not None:
                item["top_level_module"] = name
                tops.add(name)
            if mod is not None and not any(item.get(k) for k in (
                    "close", "containing", "found_in", "similar_elsewhere", "top_level_module")):
                item["local"] = is_local(mod)
                item.update(offer(mod, name, q, False, local=item["local"]))
            elif mod is not None and q.get("catalogue"):
                item["catalogue"] = catalogue(q, set(names_of(mod)), known_names(item))
        elif kind == "module":
            mod_name = q["module"]
            wanted = [n for n in q.get("names") or [] if isinstance(n, str)]
            top_of(mod_name)
            item["target"] = mod_name
            item["names"] = wanted
            parts = mod_name.split(".")
            if len(parts) == 1:
                item["installed"] = False
                if time.monotonic() < deadline:
                    try:
                        tops_here = [m.name for m in pkgutil.iter_modules()]
                    except Exception:
                        tops_here = []
                    item["close_top_level"] = close(mod_name, tops_here, n=4)
                return item
            parent = ".".join(parts[:-1])
            pmod = get_module(parent)
            item["parent_found"] = pmod is not None
            if pmod is not None:
                subs = submodules(parent)
                near = close(parts[-1], subs, n=4, cutoff=0.75)
                item["close_submodules"] = [f"{parent}.{s}" for s in near]
            last = parts[-1]
            if last != parts[0] and not last.startswith("_"):
                try:
                    spec = importlib.util.find_spec(last)
                except Exception:
                    spec = None
                if spec is not None:
                    item["top_level_module"] = last
                    tops.add(last)
            if wanted:
                found, similar = exporters(parts[0], wanted, mod_name)
                if found:
                    item["names_found_in"] = found
                if similar:
                    item["similar_elsewhere"] = similar
        elif kind == "kwarg":
            qualname, keyword = q.get("qualname") or "", q["keyword"]
            obj = lookup(q.get("expr"))
            if obj is missing and qualname:
                parts = [p for p in qualname.split(".") if p != "__init__"]
                obj = lookup(".".join(parts)) if parts else missing
                if obj is missing and parts:
                    t = find_type(parts[0])
                    if t is not None:
                        obj = t
                        for p in parts[1:]:
                            try:
                                obj = inspect.getattr_static(obj, p)
                            except Exception:
                                obj = missing
                                break
                            if isinstance(obj, (classmethod, staticmethod)):
                                obj = obj.__func__
            item["target"] = q.get("expr") or qualname
            item["keyword"] = keyword
            if obj is missing:
                item["callable_found"] = False
                return item
            top_of(getattr(obj, "__module__", "") or "")
            sig = signature_of(obj)
            if sig is not None:
                item["signature"] = sig[:600]
            params = params_of(obj)
            item["close"] = close(keyword, params, n=4)
        elif kind == "name":
            name = q["name"]
            item["target"] = name
            hidden = ("In", "Out", "exit", "quit", "get_ipython")
            user = [k for k in ns if not k.startswith("_") and k not in hidden]
            item["close"] = close(name, user + list(vars(builtins)))
            item["containing"] = containing(name, user, n=5)
        return item

    for q in queries:
        try:
            facts["items"].append(probe(q))
        except Exception as exc:
            facts["items"].append({"kind": q.get("kind"), "error": q.get("error", ""),
                                   "probe_failed": type(exc).__name__})
    try:
        with quiet():
            dists = metadata.packages_distributions()
        for top in sorted(tops):
            for dist in dists.get(top, [])[:2]:
                try:
                    facts["versions"][dist.lower()] = metadata.version(dist)
                except Exception:
                    pass
            if not dists.get(top):
                v = getattr(sys.modules.get(top), "__version__", None)
                if isinstance(v, str):
                    facts["versions"][top] = v
    except Exception:
        pass
    return facts


try:
    print(__MLEM_MARKER__ + __import__("json").dumps(__mlem_probe__(), default=str))
except Exception as __mlem_exc__:
    print(__MLEM_MARKER__ + __import__("json").dumps({"probe_failed": type(__mlem_exc__).__name__}))
    del __mlem_exc__
finally:
    del __mlem_probe__
'''


# --- facts as prompt text ------------------------------------------------------------------------


def _names(value: Any, limit: int = 8) -> list[str]:
    if not isinstance(value, list):
        return []
    return [str(v) for v in value if isinstance(v, (str, int, float))][:limit]


def _fmt_list(names: list[str]) -> str:
    return ", ".join(f"`{n}`" for n in names)


def _item_lines(item: dict[str, Any]) -> list[str]:
    kind = item.get("kind")
    target = str(item.get("target") or "")
    out: list[str] = []
    close = _names(item.get("close"))
    contain = [n for n in _names(item.get("containing")) if n not in close]
    if kind == "module_attr":
        if item.get("module_found") is False:
            return [f"`{target}`: the module could not be imported"]
        line = f"`{target}` does not exist" if not item.get("exists") else f"`{target}` exists"
        name = target.rsplit(".", 1)[-1]
        extra = []
        if item.get("builtin"):
            extra.append(f"the builtin `{name}` exists")
        if close:
            extra.append(f"close names there: {_fmt_list(close)}")
        if contain:
            extra.append(f"names containing '{name}': {_fmt_list(contain)}")
        extra.extend(_elsewhere_text(item, f"`{name}` is defined in"))
        out.append(line + _join(extra))
        module = target.rsplit(".", 1)[0]
        out.extend(_offer_lines(item, name, f"`{module}`"))
    elif kind in ("object_attr", "class_attr"):
        if item.get("type_found") is False:
            return []
        name = target.rsplit(".", 1)[-1]
        typ = item.get("type") or target.rsplit(".", 1)[0]
        line = f"`{typ}` has no attribute `{name}`"
        extra = []
        if close:
            extra.append(f"close attributes: {_fmt_list(close)}")
        if contain:
            extra.append(f"attributes containing '{name}': {_fmt_list(contain)}")
        subs = [n for n in _names(item.get("subscriptable")) if n not in close]
        if subs:
            extra.append(f"attributes that support `[...]` indexing: {_fmt_list(subs)}")
        fits = _names(item.get("index_fits"))
        if fits and item.get("indexed_by") == "label":
            extra.append(
                f"the failing line indexes by {item['indexed_by']}, as {_fmt_list(fits)} do"
            )
        extra.extend(_docs_text(item))
        extra.extend(_accepts_text(item))
        if item.get("offer"):
            out.append(line)
        else:
            out.append(line + ("; " + "; ".join(extra) if extra else "; no close attribute"))
        out.extend(_offer_lines(item, name, f"`{typ}`"))
    elif kind == "import_name":
        name = target.rsplit(".", 1)[-1]
        module = target.rsplit(".", 1)[0]
        extra = []
        if close:
            extra.append(f"close names in `{module}`: {_fmt_list(close)}")
        if contain:
            extra.append(f"names containing '{name}' there: {_fmt_list(contain)}")
        extra.extend(_elsewhere_text(item, f"`{name}` is importable from"))
        if item.get("top_level_module"):
            extra.append(f"`{item['top_level_module']}` is an installed top-level package")
        out.append(f"`{name}` cannot be imported from `{module}`" + _join(extra))
        local = " (the notebook's own module)" if item.get("local") else ""
        out.extend(_offer_lines(item, name, f"`{module}`{local}"))
    elif kind == "module":
        extra = []
        if item.get("installed") is False:
            line = f"`{target}` is not installed (and installing packages is not allowed)"
            near = _names(item.get("close_top_level"), 4)
            if near:
                extra.append(f"installed modules with close names: {_fmt_list(near)}")
        else:
            line = f"module `{target}` does not exist"
            subs = _names(item.get("close_submodules"), 4)
            if subs:
                extra.append(f"close submodules: {_fmt_list(subs)}")
            if item.get("top_level_module"):
                extra.append(f"`{item['top_level_module']}` is an installed top-level package")
            found = item.get("names_found_in")
            if isinstance(found, dict):
                for name, mods in list(found.items())[:6]:
                    extra.append(f"`{name}` is importable from {_fmt_list(_names(mods, 3))}")
            similar = item.get("similar_elsewhere")
            if isinstance(similar, dict):
                for name, full in list(similar.items())[:4]:
                    if not (isinstance(found, dict) and name in found):
                        extra.append(f"names similar to `{name}`: {_fmt_list(_names(full, 4))}")
        out.append(line + _join(extra))
    elif kind == "kwarg":
        keyword = item.get("keyword", "")
        if item.get("callable_found") is False:
            return []
        sig = item.get("signature")
        line = f"`{target}` takes no keyword `{keyword}`"
        extra = []
        if sig:
            extra.append(f"its signature is `{target.rsplit('.', 1)[-1]}{sig}`")
        if close:
            extra.append(f"close parameters: {_fmt_list(close)}")
        out.append(line + _join(extra))
    elif kind == "name":
        extra = []
        if close:
            extra.append(f"defined names close to it: {_fmt_list(close)}")
        if contain:
            extra.append(f"defined names containing it: {_fmt_list(contain)}")
        out.append(f"`{target}` is not defined" + _join(extra))
    return out


def _use_text(use: Any, name: str) -> str:
    """``model = old_train(X, y)``, then ``model.score``: the use the offer is ranked by."""
    if not isinstance(use, dict) or not isinstance(use.get("line"), str):
        return ""
    text = f"`{use['line'][:100]}`"
    then = _names(use.get("then"), 4)
    result = _names(use.get("result"), 1)
    if then and result:
        text += ", then " + ", ".join(f"`{result[0]}.{t}`" for t in then)
    return text


def _offer_lines(item: dict[str, Any], name: str, owner: str) -> list[str]:
    """What a module or class offers when no name is close to ``name``: one line saying how the
    list is ranked, one sub-line per name (best fit first), then the catalogue's knowledge."""
    offer = item.get("offer")
    out: list[str] = []
    if isinstance(offer, list) and offer:
        total = item.get("offer_total")
        count = f"{total} public names" if isinstance(total, int) else "public names"
        if isinstance(total, int) and total > len(offer):
            count = f"the {len(offer)} of its {total} public names that fit"
        use = _use_text(item.get("use"), name)
        fit = f", best fit to {use} first" if use else ", best fit first"
        head = f"no name there is close to `{name}`"
        top = offer[0] if isinstance(offer[0], dict) else {}
        if top.get("best") is True and isinstance(top.get("name"), str):
            sig = top.get("sig") if isinstance(top.get("sig"), str) else ""
            head += f"; the one that fits its use is `{top['name']}{sig}`"
        out.append(f"{head}; {owner} offers ({count}{fit}):")
        for entry in offer[:MAX_OFFER]:
            if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
                continue
            sig = entry.get("sig")
            shown = f"`{entry['name']}{sig}`" if isinstance(sig, str) else f"`{entry['name']}`"
            if not isinstance(sig, str) and isinstance(entry.get("type"), str):
                shown += f" ({entry['type']})"
            doc = entry.get("doc")
            out.append(f"  - {shown}: {str(doc)[:90]}" if isinstance(doc, str) else f"  - {shown}")
    hints = item.get("catalogue")
    if isinstance(hints, list):
        for hint in hints[:2]:
            if not isinstance(hint, dict) or not isinstance(hint.get("message"), str):
                continue
            line = f"the rules catalogue ({hint.get('rule')}) says: {hint['message'][:200]}"
            present = _names(hint.get("present"), 6)
            if present:
                line += f"; of those, {owner} has {_fmt_list(present)}"
            out.append(line)
    return out


def _accepts_text(item: dict[str, Any]) -> list[str]:
    keywords = _names(item.get("call_keywords"))
    verdict = item.get("accepts_call")
    if not keywords or not isinstance(verdict, dict) or not verdict:
        return []
    kws = ", ".join(f"`{k}=`" for k in keywords)
    parts = []
    for full, took in list(verdict.items())[:4]:
        took = _names(took)
        if not took:
            parts.append(f"`{full}` takes none of them")
        elif len(took) == len(keywords):
            parts.append(f"`{full}` takes all of them")
        else:
            parts.append(f"`{full}` takes only {', '.join(f'`{k}=`' for k in took)}")
    return [f"the notebook calls it with {kws}: " + ", ".join(parts)] if parts else []


def _elsewhere_text(item: dict[str, Any], found_phrase: str) -> list[str]:
    """Where else the missing name lives, its docs and what it accepts (module and import facts)."""
    extra = []
    found = _names(item.get("found_in"), 4)
    if found:
        extra.append(f"{found_phrase} {_fmt_list(found)}")
    similar = _names(item.get("similar_elsewhere"), 6)
    if similar:
        extra.append(f"similar names elsewhere: {_fmt_list(similar)}")
    extra.extend(_docs_text(item))
    extra.extend(_accepts_text(item))
    return extra


def _docs_text(item: dict[str, Any]) -> list[str]:
    docs = item.get("docs")
    if not isinstance(docs, dict) or not docs:
        return []
    pairs = [f"`{k}`: {str(v)[:110].rstrip('.')}" for k, v in list(docs.items())[:6]]
    return ["what they do: " + "; ".join(pairs)]


def _join(extra: list[str]) -> str:
    return "; " + "; ".join(extra) if extra else ""


def format_facts(facts: dict[str, Any], include_versions: bool = True) -> str:
    """Short prompt text ("- `numpy.float` does not exist; ...") or "" when there is nothing."""
    if not isinstance(facts, dict):
        return ""
    lines: list[str] = []
    items = facts.get("items")
    if isinstance(items, list):
        for item in items:
            if isinstance(item, dict):
                try:
                    lines.extend(
                        line if line.startswith("  - ") else f"- {line}"
                        for line in _item_lines(item)
                    )
                except Exception:  # facts come from a kernel: never let them break a prompt
                    continue
    versions = facts.get("versions") if include_versions else None
    if isinstance(versions, dict) and versions:
        pairs = ", ".join(f"{k} {v}" for k, v in sorted(versions.items()) if isinstance(v, str))
        if pairs:
            lines.append(f"- installed: {pairs}")
    return "\n".join(lines)
