"""Every option is declared once (options.py); these tests fail when a face drifts from it:
the CLI's arguments, the server's traitlets and job defaults, the options a browser may not set,
the JupyterLab settings schema, and the TypeScript settings and job options."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from traitlets import Enum
from traitlets.config import Config

from mlemodernizer.cli import build_parser, options_from_args
from mlemodernizer.contracts.options import GROUPS, Options, OptionSpec, base_type, option_specs
from mlemodernizer.server.config import MLEModernizer
from mlemodernizer.server.manager import SERVER_ONLY_OPTIONS, RequestError, client_options

from ..conftest import REPO

SPECS = {spec.name: spec for spec in option_specs()}
SETTINGS = [s.name for s in option_specs() if s.setting]
# the server's own settings, which are no job option
SERVER_SETTINGS = {"api_key", "max_concurrent_jobs", "max_waiting_reviews", "jobs_dir"}


def test_every_option_is_declared_with_its_faces() -> None:
    assert [s.name for s in option_specs()] == [f for f in Options.__dataclass_fields__]
    for spec in option_specs():
        assert spec.help and spec.group in GROUPS, spec.name
        assert not spec.setting or (spec.server and spec.client), spec.name
        assert not spec.false_flags or base_type(spec.type)[0] is bool, spec.name


# --- CLI ----------------------------------------------------------------------------------------


def _parse(*argv: str, command: str = "run") -> Options:
    return options_from_args(build_parser().parse_args([command, "nb.ipynb", *argv]))


@pytest.mark.parametrize("command", ["run", "batch"])
def test_cli_defaults_are_the_options_defaults(command: str) -> None:
    assert _parse(command=command) == Options()


def _other_value(spec: OptionSpec) -> tuple[list[str], Any]:
    """CLI arguments that give the option a value other than its default, and that value."""
    kind, _ = base_type(spec.type)
    flag = spec.cli_flags[0] if spec.cli_flags else None
    if kind is bool:
        if spec.default is not True and flag:
            return [flag], True
        return [spec.false_flags[0]], False
    if spec.name == "fixers":
        return [flag, "environment,llm"], "environment,llm"
    if spec.name == "prices":
        return ["--price", "m=1,2", "--price", "n=3,4.5"], {"m": [1.0, 2.0], "n": [3.0, 4.5]}
    if kind is list:
        return [flag, "a", flag, "b"], ["a", "b"]
    if spec.cli_choices or spec.choices:
        choice = next(c for c in (spec.cli_choices or spec.choices) if c != spec.default)
        return [flag, choice], choice
    value = {int: 3, float: 0.25, str: "x.csv"}[kind]
    return [flag, str(value)], value


@pytest.mark.parametrize(
    "spec",
    [s for s in option_specs() if s.cli and s.name != "review"],  # the CLI's review: auto only
    ids=lambda s: s.name,
)
def test_each_cli_flag_sets_its_option(spec: OptionSpec) -> None:
    argv, expected = _other_value(spec)
    needs = {"metric": ("answers", "a.csv"), "base_url": ("model", "m")}.get(spec.name)
    if needs:  # an option valid only with another
        argv += ["--" + needs[0], needs[1]]
    opts = _parse(*argv)
    assert getattr(opts, spec.name) == expected
    changed = {k for k, v in opts.to_json().items() if v != getattr(Options(), k)}
    assert changed == {spec.name, *(needs[:1] if needs else ())}


def test_cli_flags_are_the_option_names_unless_declared() -> None:
    parser = build_parser()
    run = parser._subparsers._group_actions[0].choices["run"]  # type: ignore[union-attr]
    flags = {f for action in run._actions for f in action.option_strings}
    for spec in option_specs():
        if spec.cli:
            for flag in (*spec.cli_flags, *spec.false_flags, *spec.deprecated_flags):
                assert flag in flags, flag
        else:
            assert "--" + spec.name.replace("_", "-") not in flags
    renamed = {
        s.name: (*s.cli_flags, *s.false_flags)
        for s in option_specs()
        if s.cli and (s.false_flags or s.cli_flags != ("--" + s.name.replace("_", "-"),))
    }
    assert renamed == {
        "prices": ("--price",),
        "resume": ("--restart-kernel",),
        "higher_is_better": ("--higher-is-better", "--lower-is-better"),
        "unchanged_copy": ("--no-unchanged-copy",),
        "noise_run": ("--no-noise-run",),
    }
    assert _parse("--network").network == "bridge"
    assert _parse("--lower-is-better").higher_is_better is False
    with pytest.raises(SystemExit):
        _parse("--higher-is-better", "--lower-is-better")


def test_old_flag_spellings_still_work_with_a_notice(capsys: pytest.CaptureFixture[str]) -> None:
    assert _parse("--no-resume").resume is False
    assert (
        capsys.readouterr().err
        == "mlemodernizer: --no-resume is deprecated; use --restart-kernel\n"
    )
    assert _parse("--restart-kernel", command="batch").resume is False
    assert capsys.readouterr().err == ""
    args = build_parser().parse_args(["batch", "nbs", "--resume"])
    assert args.skip_finished is True and args.resume is True  # resume: the kernel's, untouched
    assert capsys.readouterr().err == "mlemodernizer: --resume is deprecated; use --skip-finished\n"
    assert build_parser().parse_args(["batch", "nbs"]).skip_finished is False
    for command in ("run", "batch"):
        with pytest.raises(SystemExit):
            build_parser().parse_args([command, "--help"])
        text = capsys.readouterr().out
        assert "--restart-kernel" in text and "--no-resume" not in text
        assert ("--skip-finished" in text) == (command == "batch") and "--resume" not in text


# --- server -------------------------------------------------------------------------------------


def test_server_traitlets_are_the_server_options() -> None:
    traits = MLEModernizer.class_traits(config=True)
    server = {s.name for s in option_specs() if s.server}
    assert set(traits) - SERVER_SETTINGS == server
    for name in server:
        spec, trait = SPECS[name], traits[name]
        default = "" if spec.job_default is None else spec.job_default
        assert trait.default() == default, name
        assert trait.help == spec.help, name
        if spec.choices:
            assert isinstance(trait, Enum) and set(trait.values) == set(spec.choices), name
    assert SPECS["review"].job_default == "manual"  # the panel reviews; the CLI applies


def test_job_defaults_come_from_the_configuration() -> None:
    defaults = MLEModernizer().job_defaults()
    assert defaults == {s.name: s.job_default for s in option_specs() if s.server}
    assert Options.from_json(defaults).gpus == "none"
    config = Config()
    config.MLEModernizer.model = "qwen"
    config.MLEModernizer.image = ""  # empty: none
    config.MLEModernizer.gpus = "all"
    config.MLEModernizer.review = "auto"
    defaults = MLEModernizer(config=config).job_defaults()
    assert (defaults["model"], defaults["image"], defaults["gpus"]) == ("qwen", None, "all")
    assert defaults["review"] == "auto"


def test_server_only_options_are_refused_from_a_browser() -> None:
    # pinned: opening one of these to browsers is a security decision, not a drift
    assert set(SERVER_ONLY_OPTIONS) == {
        "out", "report", "kernel", "prices", "root", "data", "grader", "network", "bring_back"
    }  # fmt: skip
    for name in SERVER_ONLY_OPTIONS:
        with pytest.raises(RequestError, match="can only be set on the server"):
            client_options({name: Options().to_json()[name]})
    client_options({s.name: s.default for s in option_specs() if s.client})


# --- JupyterLab settings ------------------------------------------------------------------------


def _schema_properties() -> dict[str, Any]:
    return json.loads((REPO / "schema" / "plugin.json").read_text())["properties"]


def _schema_type(spec: OptionSpec) -> str:
    kind, _ = base_type(spec.type)
    return {bool: "boolean", int: "integer", float: "number", str: "string"}[kind]


def _setting_default(spec: OptionSpec) -> Any:
    """A setting's default is the server's (left alone: c.MLEModernizer decides); "" is none."""
    return "" if spec.job_default is None else spec.job_default


def test_settings_schema_is_the_setting_options() -> None:
    props = _schema_properties()
    current = {k: v for k, v in props.items() if not v.get("deprecated")}
    assert sorted(current) == sorted(SETTINGS)
    for name in SETTINGS:
        spec, prop = SPECS[name], current[name]
        assert prop["type"] == _schema_type(spec), name
        assert prop["default"] == _setting_default(spec), name
        consts = [c["const"] for c in prop.get("oneOf", [])]
        assert set(consts) == set(spec.choices), name


# --- TypeScript ---------------------------------------------------------------------------------


def _ts_block(path: str, pattern: str) -> str:
    text = (REPO / path).read_text()
    match = re.search(pattern + r"\s*\{(.*?)\n\}", text, re.S)
    assert match, f"{path}: no {pattern}"
    return re.sub(r"/\*.*?\*/|//[^\n]*", "", match.group(1), flags=re.S)


def _ts_interface(path: str, name: str) -> dict[str, tuple[str, bool]]:
    """``key -> (type, optional)`` of a flat TypeScript interface."""
    body = _ts_block(path, rf"export interface {name}")
    members = re.findall(r"(\w+)(\??):\s*([^;]+);", body)
    return {key: (" ".join(t.split()), bool(q)) for key, q, t in members}


def _ts_object(path: str, name: str) -> dict[str, Any]:
    """A flat object literal of strings, numbers and booleans."""
    body = _ts_block(path, rf"export const {name}\b[^=]*=")
    pairs = re.findall(r"(\w+):\s*('[^'\n]*'|[^,\n]+)", body)  # a quoted value may hold commas
    return {key: json.loads(value.strip().replace("'", '"')) for key, value in pairs}


def _ts_type(spec: OptionSpec) -> set[str]:
    kind, _ = base_type(spec.type)
    if spec.choices:
        return {f"'{c}'" for c in spec.choices}
    return {{bool: "boolean", int: "number", float: "number", str: "string"}[kind]}


def test_typescript_settings_are_the_setting_options() -> None:
    interface = _ts_interface("src/model/options.ts", "IModernizerSettings")
    assert sorted(interface) == sorted(SETTINGS)
    for name, (ts_type, optional) in interface.items():
        assert set(ts_type.split(" | ")) == _ts_type(SPECS[name]) and not optional, name
    defaults = _ts_object("src/model/options.ts", "DEFAULT_SETTINGS")
    assert defaults == {name: _setting_default(SPECS[name]) for name in SETTINGS}


def test_typescript_job_options_are_the_client_options() -> None:
    interface = _ts_interface("src/api.ts", "IJobOptions")
    assert sorted(interface) == sorted(s.name for s in option_specs() if s.client)
    for name, (ts_type, optional) in interface.items():
        assert set(ts_type.split(" | ")) == _ts_type(SPECS[name]) and optional, name


def test_old_setting_names_are_declared_and_read_as_the_new_ones() -> None:
    renamed = _ts_object("src/model/options.ts", "RENAMED_SETTINGS")
    props = _schema_properties()
    old = {k for k, v in props.items() if v.get("deprecated")}
    assert set(renamed) == old and set(renamed.values()) <= set(SETTINGS)
    for key, name in renamed.items():
        # a saved value under the old name must still validate, or the settings do not load
        assert props[key]["type"] == props[name]["type"] and "default" not in props[key], key
        assert name in props[key]["description"]


@pytest.mark.parametrize(
    ("saved", "loads"),
    [
        (
            {"baseUrl": "http://h/v1", "rulesOnly": True, "maxIterations": 3, "reviewMode": "auto"},
            True,
        ),
        ({"base_url": "http://h/v1", "offline": True, "max_iterations": 3, "review": "auto"}, True),
        ({"rulesOnlyy": True}, False),  # what an undeclared old name would meet: all settings lost
    ],
)
def test_saved_settings_load_through_jupyterlab_server(
    tmp_path: Path, saved: dict[str, Any], loads: bool
) -> None:
    from jupyterlab_server.settings_utils import get_settings

    schemas, user = tmp_path / "schemas" / "mlemodernizer", tmp_path / "user" / "mlemodernizer"
    schemas.mkdir(parents=True)
    user.mkdir(parents=True)
    (schemas / "plugin.json").write_text((REPO / "schema" / "plugin.json").read_text())
    (user / "plugin.jupyterlab-settings").write_text(json.dumps(saved))
    result, warnings = get_settings(
        str(tmp_path / "app"),
        str(tmp_path / "schemas"),
        str(tmp_path / "user"),
        schema_name="mlemodernizer:plugin",
    )
    assert (result["settings"] == saved) is loads
    assert (warnings == [None]) is loads, warnings
