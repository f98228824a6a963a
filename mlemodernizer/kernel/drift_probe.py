"""The environment family's questions, answered by the live kernel (kernel side).

mlemodernizer does not import this file to run it: :func:`mlemodernizer.fixers.environment.probe.
build_drift_probe` sends its source, after the kernel layer's prelude, to the kernel that ran the
notebook, with one call of :func:`__mlem_drift_main__` whose parameters are JSON, as the grounding
probe is sent. It obeys
the kernel's rules: any Python 3.8+, no type hints, imports inside the functions, its own names
removed when it returns, nothing the user wrote is called (objects are found from plain dotted
names with ``inspect.getattr_static``).

It gathers what the installed libraries say about themselves and leaves the judging to the
engine: where a name lives today (an index of every public module of a distribution, built
once per environment by :func:`__mlem_walk__` in a separate interpreter, so the user's kernel
imports nothing it did not import itself, and cached on disk), signatures, docstrings, a type's
public names, a list a message points at (``style.available``).
"""


def __mlem_walk__(top, budget, skip, done=()):
    """Every public name of package ``top``'s public modules: ``{name: [[module, kind, ident],
    ...]}``. Run by a fresh interpreter (``python -c``); prints JSON. Modules whose path has a part
    starting with ``_`` or in ``skip`` are not imported; the walk stops after ``budget`` seconds
    and says so (``complete``). Modules in ``done`` (an earlier walk's, cut short) are not
    visited again: a walk too big for one budget is finished over several."""
    import contextlib
    import importlib
    import inspect
    import io
    import json
    import pkgutil
    import sys
    import time
    import warnings

    deadline = time.monotonic() + budget
    done = set(done)
    warnings.simplefilter("ignore")
    names = {}
    modules = []
    complete = True

    def kind_of(obj):
        if inspect.ismodule(obj):
            return "module"
        if inspect.isclass(obj):
            return "class"
        if callable(obj):
            return "function"
        return "data"

    def ident_of(obj, module, name):
        if inspect.ismodule(obj):
            return obj.__name__
        owner = getattr(obj, "__module__", None)
        qual = getattr(obj, "__qualname__", None)
        if isinstance(owner, str) and isinstance(qual, str) and "<" not in qual:
            return owner + "." + qual
        return module + "." + name

    def visit(mod):
        modules.append(mod.__name__)
        try:
            items = list(vars(mod).items())
        except Exception:
            return
        exported = getattr(mod, "__all__", None)
        for name, obj in items:
            if name.startswith("_") or not isinstance(name, str):
                continue
            try:
                kind = kind_of(obj)
                if kind == "data" and not (
                    isinstance(exported, (list, tuple)) and name in exported
                ):
                    continue  # plain values are found only where a module exports them
                ident = ident_of(obj, mod.__name__, name)
            except Exception:
                # an object whose attributes raise when read (torch's CUDA handles on a CPU
                # build): left out, the walk goes on
                continue
            names.setdefault(name, []).append([mod.__name__, kind, ident])

    sink = io.StringIO()
    with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
        try:
            root = importlib.import_module(top)
        except BaseException:
            root = None
        if root is not None:
            if root.__name__ not in done:
                visit(root)
            path = getattr(root, "__path__", None)
            if path:
                for info in pkgutil.walk_packages(path, top + ".", onerror=lambda name: None):
                    if time.monotonic() > deadline:
                        complete = False
                        break
                    parts = info.name.split(".")[1:]
                    if info.name in done or any(p.startswith("_") or p in skip for p in parts):
                        continue
                    try:
                        mod = importlib.import_module(info.name)
                    except BaseException:
                        continue
                    visit(mod)
    sys.stdout.write(
        json.dumps({"top": top, "names": names, "modules": modules, "complete": complete})
    )


def __mlem_drift__(queries, params, ns):
    """Answers for the engine's queries, looked up in ``ns`` (the user's namespace) and the
    installed distributions."""
    import builtins
    import hashlib
    import importlib
    import importlib.metadata as metadata
    import importlib.util
    import inspect
    import json
    import os
    import re
    import subprocess
    import sys
    import time

    deadline = time.monotonic() + params["budget"]
    missing = object()
    # the names a query is looked up among: the user's, or the notebook's own module the error
    # was raised in (its file named by the query)
    where = {"ns": ns}

    def module_namespace(path):
        if not path:
            return ns
        try:
            target = os.path.realpath(path)
            for mod in list(sys.modules.values()):
                file = getattr(mod, "__file__", None)
                if isinstance(file, str) and os.path.realpath(file) == target:
                    return vars(mod)
        except Exception:
            pass
        return imported_by(path)

    def imported_by(path):
        """A module whose import failed is in no namespace: the names its top-level absolute
        imports bind, each import run on its own (one failing leaves the others)."""
        import ast

        scope = {}
        try:
            with open(path, encoding="utf-8") as f:
                tree = ast.parse(f.read())
        except Exception:
            return ns
        for node in tree.body:
            if isinstance(node, (ast.Import, ast.ImportFrom)) and not getattr(node, "level", 0):
                try:
                    exec(compile(ast.Module([node], []), path, "exec"), scope)
                except BaseException:
                    continue
        return scope

    max_doc = params.get("max_doc", 12000)
    indexes = {}
    report = {"indexes": []}

    def lookup(expr):
        scopes = (where["ns"], ns, vars(builtins), sys.modules)
        return __mlem_lookup__(expr, scopes, missing)  # noqa: F821 (the prelude's)

    def module_of_path(path):
        """``pkg.mod.name`` -> the object, importing ``pkg.mod`` only if the index lists it."""
        mod_name, _, attr = path.rpartition(".")
        mod = sys.modules.get(mod_name)
        if mod is None:
            try:
                mod = importlib.import_module(mod_name)
            except BaseException:
                return missing
        try:
            return inspect.getattr_static(mod, attr)
        except Exception:
            return missing

    def params_of(obj):
        """The signature as a list of {name, kind, default}; None when there is none."""
        target = obj
        if inspect.isclass(obj):
            target = obj
        try:
            sig = inspect.signature(target)
        except Exception:
            return None
        out = []
        for p in sig.parameters.values():
            out.append(
                {
                    "name": p.name,
                    "kind": p.kind.name,
                    "default": p.default is not inspect.Parameter.empty,
                    # the kind of value it takes, when its default says (a flag, a number...)
                    "default_type": type(p.default).__name__
                    if isinstance(p.default, (bool, int, float, str))
                    else None,
                }
            )
        return out

    def doc_of(obj):
        try:
            doc = inspect.getdoc(obj) or ""
        except Exception:
            doc = ""
        return doc[:max_doc]

    def type_named(name, expr):
        """The class of ``expr``'s value, else a class called ``name`` among the user's values."""
        value = lookup(expr) if expr else missing
        if value is not missing:
            return value if inspect.isclass(value) else type(value)
        short = name.rsplit(".", 1)[-1]
        for value in list(ns.values()):
            cands = [value] if inspect.isclass(value) else [type(value)]
            if inspect.ismodule(value):
                attr = vars(value).get(short) if hasattr(value, "__dict__") else None
                cands = [attr] if inspect.isclass(attr) else []
            for t in cands:
                if getattr(t, "__name__", None) == short:
                    return t
        return None

    def dist_of(top):
        try:
            dists = metadata.packages_distributions().get(top) or []
        except Exception:
            dists = []
        return dists[0] if dists else None

    def requirements(dist):
        """The distributions ``dist`` depends on (no extras, no markers that exclude us)."""
        try:
            reqs = metadata.requires(dist) or []
        except Exception:
            return []
        out = []
        for r in reqs:
            if "extra ==" in r:
                continue
            m = re.match(r"^\s*([A-Za-z0-9_.\-]+)", r)
            if m:
                out.append(m.group(1))
        return out

    def tops_of(dist):
        try:
            mapping = metadata.packages_distributions()
        except Exception:
            return []
        norm = re.sub(r"[-_.]+", "-", dist).lower()
        return sorted(
            t
            for t, ds in mapping.items()
            if any(re.sub(r"[-_.]+", "-", d).lower() == norm for d in ds) and not t.startswith("_")
        )

    def version_of(dist):
        try:
            return metadata.version(dist)
        except Exception:
            return "?"

    def index_of(top):
        """The name index of package ``top``, from the cache or built now (once per
        environment: the cache key is the interpreter, the distribution and its version)."""
        if top in indexes:
            return indexes[top]
        try:
            importable = importlib.util.find_spec(top) is not None
        except Exception:
            importable = False
        if not importable:
            indexes[top] = None
            return None
        dist = dist_of(top) or top
        # the skipped subpackages are part of what was walked: a changed list walks again
        skipped = ",".join(params["skip"])
        key = "|".join([sys.executable, sys.version, dist, version_of(dist), top, skipped])
        digest = hashlib.sha256(key.encode()).hexdigest()[:20]
        cache = params.get("cache_dir")
        path = os.path.join(cache, top + "-" + digest + ".json") if cache else None
        started = time.monotonic()
        data = None
        earlier = None  # a walk cut short by its budget, kept to be finished
        if path and os.path.exists(path):
            try:
                with open(path, encoding="utf-8") as fh:
                    data = json.load(fh)
            except Exception:
                data = None
            if isinstance(data, dict) and not data.get("complete"):
                earlier, data = data, None
            elif data is not None:
                report["indexes"].append({"top": top, "dist": dist, "cached": True})
        if data is None:
            left = deadline - time.monotonic()
            if left < 1.0:
                indexes[top] = earlier
                return earlier
            walk_budget = min(params["walk_budget"], left - 0.5)
            done = earlier.get("modules", []) if earlier else []
            code = params["walker"] + "\n__mlem_walk__({!r}, {!r}, {!r}, {!r})\n".format(
                top, walk_budget, params["skip"], done
            )
            try:
                proc = subprocess.run(
                    [sys.executable, "-c", code],
                    capture_output=True,
                    text=True,
                    timeout=walk_budget + 5,
                    cwd=os.getcwd(),
                )
                data = json.loads(proc.stdout or "null")
            except Exception:
                data = None
            if isinstance(data, dict) and earlier:
                for name, rows in earlier.get("names", {}).items():
                    data["names"][name] = rows + data["names"].get(name, [])
                data["modules"] = earlier.get("modules", []) + data.get("modules", [])
            elif earlier:
                data = earlier
            if isinstance(data, dict):
                report["indexes"].append(
                    {
                        "top": top,
                        "dist": dist,
                        "cached": False,
                        "seconds": round(time.monotonic() - started, 2),
                        "modules": len(data.get("modules", [])),
                        "names": len(data.get("names", {})),
                        "complete": data.get("complete", False),
                        "resumed": len(earlier.get("modules", [])) if earlier else 0,
                    }
                )
                if path:  # a walk cut short too: the next one goes on from where it stopped
                    try:
                        os.makedirs(cache, exist_ok=True)
                        tmp = f"{path}.tmp{os.getpid()}"
                        with open(tmp, "w", encoding="utf-8") as fh:
                            json.dump(data, fh)
                        os.replace(tmp, path)
                    except Exception:
                        pass
        indexes[top] = data if isinstance(data, dict) else None
        return indexes[top]

    def search_tops(top):
        """The packages to look in for a name of package ``top``: its own first, then those of
        the distributions it depends on (``sklearn.externals.joblib`` is ``joblib`` today)."""
        out = [top]
        dist = dist_of(top)
        for req in requirements(dist) if dist else []:
            for t in tops_of(req):
                if t not in out:
                    out.append(t)
        return out[:8]

    def hits_for(name, tops):
        out = []
        for t in tops:
            idx = index_of(t)
            if not idx:
                continue
            for module, kind, ident in idx.get("names", {}).get(name, []):
                out.append({"module": module, "kind": kind, "ident": ident, "top": t})
            if out:
                break  # the closest package that has it: a dependency only if its own has not
        return out

    def close_names(name, tops, limit=40):
        """Names of the index (own package only) that contain ``name`` or that ``name``
        contains, and the close ones by spelling: candidates for a renamed name."""
        import difflib

        idx = index_of(tops[0]) if tops else None
        if not idx:
            return {}
        pool = list(idx.get("names", {}))
        low = name.lower()
        picked = [
            n
            for n in pool
            if n != name
            and ((len(low) >= 3 and low in n.lower()) or (len(n) >= 4 and n.lower() in low))
        ]
        picked += difflib.get_close_matches(name, pool, n=8, cutoff=0.75)
        out = {}
        for n in picked[:limit]:
            out[n] = [
                {"module": m, "kind": k, "ident": i, "top": tops[0]} for m, k, i in idx["names"][n]
            ]
        return out

    def describe(hit):
        """Signature and docstring of an indexed object (imports its public module)."""
        obj = module_of_path(hit["module"] + "." + hit["name"])
        if obj is missing:
            return
        if isinstance(obj, (classmethod, staticmethod)):
            obj = obj.__func__
        hit["params"] = params_of(obj)
        hit["doc"] = doc_of(obj)[:3000]

    def holders(attrs, tops):
        """Public modules that hold every one of ``attrs`` (shortest path first)."""
        found = None
        for name in attrs:
            mods = {h["module"] for h in hits_for(name, tops)}
            found = mods if found is None else found & mods
        return sorted(found or [], key=lambda m: (m.count("."), len(m), m))[:5]

    def standalone(module, wanted):
        """A vendored copy that is gone (``sklearn.externals.six``): the module its tail names,
        installed on its own, when it has every name the notebook reads from it."""
        parts = module.split(".")
        for k in range(1, len(parts)):
            tail = ".".join(parts[k:])
            try:
                if importlib.util.find_spec(parts[k]) is None:
                    continue
                mod = importlib.import_module(tail)
            except BaseException:
                continue
            if wanted and all(hasattr(mod, n) for n in wanted):
                return tail
        return None

    def relocate(q):
        tops = search_tops(q["top"])
        answer = {"names": {}, "renamed": {}, "modules": [], "searched": tops}
        for item in q["names"]:
            name = item["name"]
            if time.monotonic() > deadline:
                break
            hits = hits_for(name, tops)
            if not hits and item.get("renames", True):
                close = close_names(name, tops)
                for other, others in close.items():
                    for h in others:
                        h["name"] = other
                answer["renamed"][name] = close
            for h in hits:
                h["name"] = name
            answer["names"][name] = hits
        # the modules that hold every name used through a module alias (``cv.train_test_split``)
        if q.get("as_module"):
            answer["modules"] = holders([i["name"] for i in q["names"]], tops)
        # a name that was a module (``from sklearn import cross_validation``): where its
        # attributes the notebook reads are today
        answer["holders"] = {}
        for name, attrs in (q.get("attrs_of") or {}).items():
            if attrs and not answer["names"].get(name):
                answer["holders"][name] = holders(attrs, tops)
        # which of the names the old module (when it still exists) still has
        old = sys.modules.get(q["module"])
        if old is None and importlib.util.find_spec(q["top"]) is not None:
            try:
                old = importlib.import_module(q["module"])
            except BaseException:
                old = None
        if old is not None:
            answer["present"] = [i["name"] for i in q["names"] if hasattr(old, i["name"])]
        else:
            answer["standalone"] = standalone(q["module"], [i["name"] for i in q["names"]])
        for hits in list(answer["names"].values()) + [
            h for c in answer["renamed"].values() for h in c.values()
        ]:
            for h in hits[:6]:
                if time.monotonic() < deadline and h["kind"] in ("class", "function"):
                    describe(h)
        return answer

    def members(t):
        out = {}
        for name in dir(t):
            if name.startswith("_"):
                continue
            try:
                a = inspect.getattr_static(t, name)
            except Exception:
                continue
            entry = {"kind": "data"}
            f = a.__func__ if isinstance(a, (classmethod, staticmethod)) else a
            if isinstance(a, property):
                entry = {"kind": "property", "doc": (inspect.getdoc(a) or "")[:1500]}
            elif callable(f):
                entry = {"kind": "method", "params": params_of(f), "doc": doc_of(f)[:1500]}
            out[name] = entry
        return out

    def object_attr(q):
        t = type_named(q["type"], q.get("expr"))
        if t is None:
            return {"found": False}
        return {
            "found": True,
            "type": getattr(t, "__module__", "") + "." + getattr(t, "__qualname__", ""),
            "members": members(t),
        }

    def callable_facts(expr, qualname):
        obj = lookup(expr) if expr else missing
        if obj is missing and qualname:
            owner = qualname.split(".")[0]
            t = type_named(owner, None)
            obj = t if t is not None else missing
        if obj is missing:
            return {"found": False}
        shown = obj
        if not inspect.isclass(obj) and not callable(obj):
            return {"found": False}
        return {
            "found": True,
            "name": getattr(obj, "__qualname__", getattr(obj, "__name__", "")),
            "params": params_of(shown),
            "doc": doc_of(shown),
        }

    def kwarg(q):
        facts = callable_facts(q.get("callee"), q.get("qualname"))
        # a method's siblings: a keyword whose value names one of them (``method='ffill'``)
        receiver, _, _ = (q.get("callee") or "").rpartition(".")
        value = lookup(receiver) if receiver else missing
        if value is not missing and not inspect.ismodule(value):
            t = value if inspect.isclass(value) else type(value)
            siblings = {}
            for name in dir(t):
                if name.startswith("_") or name not in (q.get("values") or []):
                    continue
                try:
                    a = inspect.getattr_static(t, name)
                except Exception:
                    continue
                if callable(a):
                    siblings[name] = params_of(a)
            facts["siblings"] = siblings
        return facts

    def positional(q):
        return {"calls": [dict(c, **callable_facts(c["callee"], None)) for c in q["calls"]]}

    def class_notes(q):
        t = type_named(q["class"], None)
        if t is None:
            return {"found": False}
        return {"found": True, "params": params_of(t), "doc": doc_of(t)}

    def listed(q):
        value = lookup(q["expr"])
        if value is missing:
            return {"found": False}
        try:
            values = [v for v in list(value)[:2000] if isinstance(v, str)]
        except Exception:
            return {"found": False}
        return {"found": True, "values": values}

    def option_keys(q):
        """The option keys a pattern matches today, read from the owner's public ``options``
        tree (``pd.options.display.precision``), matched as the registry matches them."""
        root = lookup((q.get("owner") or "") + ".options") if q.get("owner") else missing
        if root is missing:
            return {"found": False}
        keys = []

        def walk(node, prefix, depth):
            if depth > 4 or len(keys) > 2000:
                return
            for name in dir(node):
                if name.startswith("_"):
                    continue
                try:
                    child = getattr(node, name)
                except Exception:
                    continue
                key = prefix + name
                if type(child) is type(root):  # a namespace of options
                    walk(child, key + ".", depth + 1)
                else:
                    keys.append(key)

        import warnings

        with warnings.catch_warnings():  # reading a deprecated option warns; nothing is set
            warnings.simplefilter("ignore")
            walk(root, "", 0)
        try:
            pattern = re.compile(q["pattern"], re.I)
        except re.error:
            return {"found": False}
        return {"found": True, "keys": sorted(k for k in keys if pattern.search(k))}

    handlers = {
        "relocate": relocate,
        "option_keys": option_keys,
        "signatures": positional,
        "object_attr": object_attr,
        "kwarg": kwarg,
        "positional": positional,
        "class_notes": class_notes,
        "listed": listed,
    }
    answers = []
    for q in queries:
        if time.monotonic() > deadline:
            break
        where["ns"] = module_namespace(q.get("module_file"))
        try:
            answer = handlers[q["kind"]](q)
        except Exception as exc:
            answer = {"failed": type(exc).__name__ + ": " + str(exc)[:200]}
        answer["id"] = q["id"]
        answer["cell"] = q.get("cell")
        answer["error"] = q.get("error")
        answers.append(answer)
    report["answers"] = answers
    return report


def __mlem_drift_main__(params):
    """Print the answers as one line, the marker then JSON; then remove this probe's names."""

    def answer(args, ns):
        return {"drift": __mlem_drift__(args["queries"], args, ns)}

    __mlem_main__(  # noqa: F821 (the prelude's)
        params,
        answer,
        lambda name: {"drift": {"failed": name}},
        ("__mlem_walk__", "__mlem_drift__", "__mlem_drift_main__"),
    )
