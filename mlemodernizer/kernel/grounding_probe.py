"""The grounding probe: what the live kernel offers for each failing name (kernel side).

mlemodernizer does not import this file: :func:`mlemodernizer.environment.grounding.build_probe`
sends its source, after the kernel layer's prelude (``prelude.py``), to the kernel that ran the
notebook, with one call of :func:`__mlem_probe_main__` whose parameters are JSON (the queries,
the marker, the time budget). So it obeys the kernel's rules, not the package's:

- it runs in the user's namespace: it defines two names, both gone when it returns, and imports
  inside its functions, so the user's state is untouched (apart from submodules imported while
  searching, time-capped, output and warnings silenced);
- the kernel may be any Python 3.8+: no type hints, no ``from __future__`` import (in a kernel
  that would change how the user's later cells compile);
- it only reads: objects are found from the failing source line and looked up with
  ``inspect.getattr_static`` only when a plain dotted name (nothing is called).

The tests define it as a kernel does (``code.probe_namespace``) and call :func:`__mlem_probe__`
with a namespace of their own.
"""


def __mlem_probe__(queries, budget, max_offer, ns):
    """Facts for each query, looked up in ``ns`` (the user's namespace) and the environment:
    close names, signatures, what a module offers (``max_offer`` names at most), versions.
    Imports of submodules stop after ``budget`` seconds."""
    import builtins
    import contextlib
    import difflib
    import importlib
    import importlib.metadata as metadata
    import importlib.util
    import inspect
    import io
    import pkgutil
    import re
    import sys
    import time
    import warnings

    deadline = time.monotonic() + budget
    missing = object()
    skip_subs = {
        "tests",
        "test",
        "testing",
        "conftest",
        "setup",
        "experimental",
        "f2py",
        "distutils",
        "__main__",
        "libs",
        "core",
        "compat",
    }
    tops = set()
    facts = {"python": sys.version.split()[0], "items": [], "versions": {}}

    @contextlib.contextmanager
    def quiet():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(
                io.StringIO()
            ):
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
        return __mlem_lookup__(expr, (ns, vars(builtins)), missing)  # noqa: F821 (the prelude's)

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
        loaded = [
            m
            for m in sorted(sys.modules, key=lambda s: (s.count("."), s))
            if m.startswith(top + ".")
            and m != exclude
            and not any(p.startswith("_") or p in skip_subs for p in m.split(".")[1:])
        ]
        more = [
            f"{top}.{s}" for s in submodules(top) if not s.startswith("_") and s not in skip_subs
        ]
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
        return ({k: v[:5] for k, v in found.items()}, {k: v[:6] for k, v in similar_found.items()})

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

    def elsewhere(item, q, name, found, similar):
        """Where else in the package ``name`` is exported, or names like it (and whether those
        accept the failing call's keywords)."""
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

    def signature_of(obj):
        try:
            sig = inspect.signature(obj)
            params = [
                p.replace(annotation=inspect.Parameter.empty) for p in sig.parameters.values()
            ]
            return str(sig.replace(parameters=params, return_annotation=inspect.Signature.empty))
        except Exception:
            return None

    def params_of(obj):
        try:
            return [p for p in inspect.signature(obj).parameters if p not in ("self", "cls")]
        except Exception:
            return []

    # --- what a module or class offers when nothing close exists, ranked by fit to the use ---
    installed = re.compile(r"[/\\](site-packages|dist-packages|lib[/\\]python[0-9.]*)[/\\]")
    estimator_use = {
        "fit",
        "predict",
        "score",
        "transform",
        "fit_transform",
        "predict_proba",
        "evaluate",
        "decision_function",
    }
    model_words = {"model", "fitted", "estimator", "classifier", "regressor", "trained", "pipeline"}

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
        if (
            drop
            and params
            and params[0].kind in (params[0].POSITIONAL_ONLY, params[0].POSITIONAL_OR_KEYWORD)
        ):
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
                    required = [
                        p
                        for p in sig.parameters.values()
                        if p.default is p.empty
                        and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
                    ]
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
        """Up to max_offer public members of ``owner`` (plus an instance's own attributes),
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
        extra = {
            k: v for k, v in (extra or {}).items() if isinstance(k, str) and not k.startswith("_")
        }
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
            if (
                local
                and (inspect.isfunction(a) or isinstance(a, type))
                and getattr(a, "__module__", home) != home
            ):
                continue  # the user's module imported it: not what the module offers
            try:
                score, evidence, sig = rank(
                    n,
                    a,
                    on_instance and n not in extra,
                    use,
                    old_words,
                    cue_words,
                    catalogue_names,
                    home,
                )
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
        if total > max_offer:
            # a big namespace (pandas, a DataFrame): the call's shape fits hundreds of names, so
            # only those with more evidence than that are worth the prompt's space
            ranked = [r for r in ranked if r[4] > 0]
        out = [r[3] for r in ranked[:max_offer]]
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
            if known is not None and not [
                n for n in h.get("said") or [] if n in here and n not in known
            ]:
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
            elsewhere(item, q, name, found, similar)
            if not any(
                item.get(k)
                for k in ("close", "containing", "builtin", "found_in", "similar_elsewhere")
            ):
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
            elsewhere(item, q, name, found, similar)
            try:
                spec = importlib.util.find_spec(name) if name != mod_name.split(".")[0] else None
            except Exception:
                spec = None
            if spec is not None:
                item["top_level_module"] = name
                tops.add(name)
            if mod is not None and not any(
                item.get(k)
                for k in (
                    "close",
                    "containing",
                    "found_in",
                    "similar_elsewhere",
                    "top_level_module",
                )
            ):
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
        elif kind == "style":
            import matplotlib.style as mpl_style

            name = q["name"]
            item["target"] = name
            styles = sorted(mpl_style.available)
            item["count"] = len(styles)
            item["close"] = close(name, styles, n=4, cutoff=0.5)
            item["containing"] = containing(name.split("-")[0][:7], styles, n=4)
        return item

    for q in queries:
        try:
            facts["items"].append(probe(q))
        except Exception as exc:
            facts["items"].append(
                {
                    "kind": q.get("kind"),
                    "error": q.get("error", ""),
                    "probe_failed": type(exc).__name__,
                }
            )
    try:
        with quiet():
            dists = metadata.packages_distributions()
        for top in sorted(tops):
            for dist in dists.get(top, [])[:2]:
                with contextlib.suppress(Exception):
                    facts["versions"][dist.lower()] = metadata.version(dist)
            if not dists.get(top):
                v = getattr(sys.modules.get(top), "__version__", None)
                if isinstance(v, str):
                    facts["versions"][top] = v
    except Exception:
        pass
    return facts


def __mlem_probe_main__(params):
    """Print the facts as one line, the marker then JSON; then remove the probe's own names."""

    def answer(args, ns):
        return __mlem_probe__(args["queries"], args["budget"], args["max_offer"], ns)

    __mlem_main__(  # noqa: F821 (the prelude's)
        params,
        answer,
        lambda name: {"probe_failed": name},
        ("__mlem_probe__", "__mlem_probe_main__"),
    )
