"""What every probe the tool sends to a live kernel shares (kernel side).

:func:`mlemodernizer.kernel.code.probe_call` sends this file's functions before a probe's own,
so they obey the kernel's rules (any Python 3.8+, no type hints, imports inside functions) and
are removed with the probe's names when it returns."""


def __mlem_lookup__(expr, scopes, missing):
    """A plain dotted name looked up statically in the first scope (a dict) that has its head:
    nothing the user wrote is called (``inspect.getattr_static``); ``missing`` when not found,
    not a dotted name, or a property."""
    import inspect

    if not expr or not isinstance(expr, str):
        return missing
    parts = expr.split(".")
    if not all(p.isidentifier() for p in parts):
        return missing
    obj = next((scope[parts[0]] for scope in scopes if parts[0] in scope), missing)
    if obj is missing:
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


def __mlem_main__(params, answer, failed, names):
    """Run one probe: ``answer(args, ns)`` (``args`` the JSON parameters, ``ns`` the user's
    namespace) is printed as one line, the marker then JSON (``failed(exception name)`` when it
    raised); then the probe's ``names`` and the prelude's own leave the user's namespace."""
    import json

    ns = globals()
    args = json.loads(params)
    try:
        print(args["marker"] + json.dumps(answer(args, ns), default=str))
    except Exception as exc:
        print(args["marker"] + json.dumps(failed(type(exc).__name__)))
    finally:
        for name in (*names, "__mlem_lookup__", "__mlem_main__"):
            ns.pop(name, None)
