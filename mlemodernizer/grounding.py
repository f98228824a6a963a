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
    )


# --- kernel side: the probe ---------------------------------------------------------------------
# Runs in the user's namespace: everything lives inside one function whose name is deleted at the
# end, so the user's state is untouched (apart from submodules imported while searching).

_PROBE_CODE = r'''
def __mlem_probe__():
    import builtins, contextlib, difflib, importlib, importlib.util, inspect, io, json, pkgutil
    import sys, time
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
        out.append(line + ("; " + "; ".join(extra) if extra else "; no close attribute"))
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
                    lines.extend(f"- {line}" for line in _item_lines(item))
                except Exception:  # facts come from a kernel: never let them break a prompt
                    continue
    versions = facts.get("versions") if include_versions else None
    if isinstance(versions, dict) and versions:
        pairs = ", ".join(f"{k} {v}" for k, v in sorted(versions.items()) if isinstance(v, str))
        if pairs:
            lines.append(f"- installed: {pairs}")
    return "\n".join(lines)
