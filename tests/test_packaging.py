"""Packaging without building: the PyInstaller spec's choices, the frozen-path logic and the
per-platform paths. A real build runs only with RIDGELINE_BUILD=1 (minutes of CPU)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import types
from pathlib import Path

import pytest

import app
from app import bench

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "packaging" / "ridgeline.spec"


class _Recorder:
    calls: list[tuple[str, tuple, dict]] = []

    def __init__(self, kind: str):
        self.kind = kind

    def __call__(self, *args, **kwargs):
        _Recorder.calls.append((self.kind, args, kwargs))
        obj = types.SimpleNamespace(args=args, kwargs=kwargs)
        if self.kind == "Analysis":
            obj.binaries = list(FAKE_BINARIES)
            obj.datas = list(FAKE_DATAS)
            obj.pure, obj.scripts = [], []
        return obj


FAKE_BINARIES = [
    ("PySide6/Qt/lib/libQt6Core.so.6", "/x/libQt6Core.so.6", "BINARY"),
    ("PySide6/Qt/lib/libQt6Gui.so.6", "/x/libQt6Gui.so.6", "BINARY"),
    ("PySide6/Qt/lib/libQt6Charts.so.6", "/x/libQt6Charts.so.6", "BINARY"),
    ("PySide6/Qt/lib/libQt6WebEngineCore.so.6", "/x/a", "BINARY"),
    ("PySide6/Qt/lib/libQt6Quick.so.6", "/x/b", "BINARY"),
    ("PySide6/Qt/lib/libQt6Qml.so.6", "/x/c", "BINARY"),
    ("PySide6/Qt/lib/libQt63DCore.so.6", "/x/d", "BINARY"),
    ("PySide6/Qt/lib/libQt6Multimedia.so.6", "/x/e", "BINARY"),
    ("PySide6/Qt/lib/libQt6Pdf.so.6", "/x/f", "BINARY"),
    ("PySide6/Qt/plugins/platforms/libqoffscreen.so", "/x/g", "BINARY"),
    ("PySide6/Qt/plugins/platforms/libqxcb.so", "/x/h", "BINARY"),
    ("PySide6/Qt/plugins/imageformats/libqpdf.so", "/x/i", "BINARY"),
    ("PySide6/Qt/plugins/platformthemes/libqgtk3.so", "/x/j", "BINARY"),
    ("numpy.libs/libscipy_openblas64_.so", "/x/k", "BINARY"),
    ("shapely.libs/libgeos.so", "/x/l", "BINARY"),
]
FAKE_DATAS = [
    ("PySide6/Qt/translations/qtbase_de.qm", "/x/m", "DATA"),
    ("resources/chosin-few/board.json", "/x/n", "DATA"),
]


@pytest.fixture(scope="module")
def spec(tmp_path_factory):
    """Execute the spec with PyInstaller's build classes replaced by recorders."""
    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_submodules = lambda pkg: ["app", "app.cli", "app.games.korea38",
                                            "app.ai.cluster", "app.ui.main"]
    saved = {k: sys.modules.get(k) for k in ("PyInstaller", "PyInstaller.utils", "PyInstaller.utils.hooks")}
    sys.modules["PyInstaller"] = types.ModuleType("PyInstaller")
    sys.modules["PyInstaller.utils"] = types.ModuleType("PyInstaller.utils")
    sys.modules["PyInstaller.utils.hooks"] = hooks
    _Recorder.calls = []
    ns = {"SPECPATH": str(SPEC.parent), "workpath": str(tmp_path_factory.mktemp("work")),
          "__file__": str(SPEC)}
    for kind in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE"):
        ns[kind] = _Recorder(kind)
    try:
        exec(compile(SPEC.read_text(), str(SPEC), "exec"), ns)
    finally:
        for k, v in saved.items():
            if v is None:
                sys.modules.pop(k, None)
            else:
                sys.modules[k] = v
    ns["_calls"] = list(_Recorder.calls)
    return ns


def _call(spec, kind):
    return [c for c in spec["_calls"] if c[0] == kind]


def _qt_modules_imported_by_app() -> set[str]:
    found = set()
    for f in (ROOT / "app").rglob("*.py"):
        found |= set(re.findall(r"PySide6\.(Qt\w+)", f.read_text(encoding="utf-8")))
    return found


def test_one_qt_binding_and_no_tk(spec):
    ex = set(spec["EXCLUDES"])
    assert {"PyQt5", "PyQt6", "PySide2", "tkinter", "_tkinter"} <= ex


def test_unused_qt_modules_are_excluded(spec):
    ex = set(spec["EXCLUDES"])
    for mod in ("QtWebEngineCore", "QtWebEngineWidgets", "QtQml", "QtQuick", "QtQuickWidgets",
                "Qt3DCore", "Qt3DRender", "QtMultimedia", "QtMultimediaWidgets", "QtPdf",
                "QtPdfWidgets"):
        assert f"PySide6.{mod}" in ex, mod


def test_modules_the_program_uses_are_kept(spec):
    ex = set(spec["EXCLUDES"])
    used = _qt_modules_imported_by_app() | {"QtCore", "QtGui", "QtWidgets"}
    assert not {f"PySide6.{m}" for m in used} & ex, "a Qt module the program imports is excluded"
    charts_used = "QtCharts" in _qt_modules_imported_by_app()
    assert ("PySide6.QtCharts" in ex) is (not charts_used)


def test_binaries_and_translations_are_filtered(spec):
    a = _call(spec, "Analysis")[0]
    kwargs = a[2]
    assert kwargs["excludes"] == spec["EXCLUDES"]
    assert (str(ROOT / "resources"), "resources") in kwargs["datas"]
    assert str(ROOT / "packaging" / "entry.py") in a[1][0]
    hidden = kwargs["hiddenimports"]
    assert "app.games.korea38" in hidden and "app.ai.cluster" not in hidden
    kept_bins = [d for d, _, _ in spec["a"].binaries]
    assert "PySide6/Qt/lib/libQt6Core.so.6" in kept_bins
    assert "PySide6/Qt/lib/libQt6Charts.so.6" in kept_bins
    assert "PySide6/Qt/plugins/platforms/libqoffscreen.so" in kept_bins
    assert "PySide6/Qt/plugins/platforms/libqxcb.so" in kept_bins
    assert "numpy.libs/libscipy_openblas64_.so" in kept_bins
    for gone in ("WebEngine", "Quick", "Qml", "Qt63D", "Multimedia", "Pdf", "libqpdf", "libqgtk3"):
        assert not any(gone in b for b in kept_bins), gone
    kept_data = [d for d, _, _ in spec["a"].datas]
    assert "resources/chosin-few/board.json" in kept_data
    assert not any("/translations/" in "/" + d for d in kept_data)


def test_no_upx_and_one_folder(spec):
    for kind in ("EXE", "COLLECT"):
        for _, _, kwargs in _call(spec, kind):
            assert kwargs.get("upx") is False
    exe = _call(spec, "EXE")[0][2]
    assert exe["exclude_binaries"] is True and exe["name"] == "ridgeline"
    assert exe.get("strip") is False, "PyInstaller's strip breaks auditwheel libraries"
    assert len(_call(spec, "COLLECT")) == 1


def test_entry_point_runs_the_cli():
    text = (ROOT / "packaging" / "entry.py").read_text()
    assert "freeze_support()" in text and "from app.cli import main" in text
    assert "sys.exit(main())" in text


def test_build_script_and_extra():
    build = (ROOT / "packaging" / "build").read_text()
    assert build.startswith("#!/usr/bin/env bash") and "set -euo pipefail" in build
    assert ".[packaging]" in build and "ridgeline.spec" in build and "du -sm" in build
    assert os.access(ROOT / "packaging" / "build", os.X_OK)
    import tomllib
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert any(d.lower().startswith("pyinstaller") for d in extras["packaging"])
    readme = (ROOT / "packaging" / "README.md").read_text()
    assert "Windows" in readme and "macOS" in readme


# -- frozen paths ------------------------------------------------------------------------------

def test_root_from_source(monkeypatch):
    monkeypatch.delattr(sys, "frozen", raising=False)
    assert app._root() == ROOT
    assert app.RESOURCES == app.ROOT / "resources"


def test_root_when_frozen_is_the_bundle(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert app._root() == tmp_path.resolve()


def test_root_when_frozen_without_meipass_falls_back(monkeypatch):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    assert app._root() == ROOT


def test_frozen_bundle_layout_lists_its_scenarios(monkeypatch, tmp_path, capsys):
    """A bundle with resources/ under _MEIPASS: ``games`` finds its scenarios there."""
    import json

    from app.cli import main
    bundle = tmp_path / "_internal"
    scen = bundle / "resources" / "guts" / "scenarios"
    scen.mkdir(parents=True)
    (scen / "x.toml").write_text('id = "x"\nname = "X"\n')
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    monkeypatch.setattr(app, "ROOT", app._root())
    monkeypatch.setattr(app, "RESOURCES", app.ROOT / "resources")
    assert main(["games", "--json"]) == 0
    games = {g["id"]: g for g in json.loads(capsys.readouterr().out)["games"]}
    assert games["guts"]["scenarios"] == [{"id": "x", "name": "X",
                                           "path": "resources/guts/scenarios/x.toml"}]


def test_bench_children_use_the_frozen_binary(monkeypatch):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert bench._child_command() == [sys.executable, "bench"]
    env = bench._child_env({"task": "open"})
    assert env["QT_QPA_PLATFORM"] == "offscreen" and bench.CHILD_ENV in env
    monkeypatch.setattr(sys, "frozen", False)
    assert bench._child_command() == [sys.executable, "-m", "app", "bench"]
    assert str(ROOT) in bench._child_env({"task": "open"})["PYTHONPATH"]


def test_config_dir_per_platform(monkeypatch, tmp_path):
    config = pytest.importorskip("app.ui.config")
    monkeypatch.setenv("RIDGELINE_CONFIG_DIR", str(tmp_path / "override"))
    assert config.config_dir() == tmp_path / "override"
    assert (tmp_path / "override").is_dir()
    if not sys.platform.startswith("linux"):
        pytest.skip("the XDG location is Linux's")
    monkeypatch.delenv("RIDGELINE_CONFIG_DIR")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    got = config.config_dir()
    assert tmp_path / "xdg" in got.parents, got


# -- the smoke test script ---------------------------------------------------------------------

def _smoke():
    import importlib.util
    spec = importlib.util.spec_from_file_location("smoke_test", ROOT / "packaging" / "smoke_test.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_smoke_test_finds_the_bundle_data(tmp_path):
    smoke = _smoke()
    (tmp_path / "one" / "_internal" / "resources").mkdir(parents=True)
    assert smoke.bundle_root(tmp_path / "one") == tmp_path / "one" / "_internal"
    (tmp_path / "two" / "resources").mkdir(parents=True)
    assert smoke.bundle_root(tmp_path / "two") == tmp_path / "two"


def test_smoke_test_without_a_build_fails_cleanly(tmp_path, capsys):
    assert _smoke().main([str(tmp_path / "nothing")]) == 1
    assert "build it first" in capsys.readouterr().err


@pytest.mark.skipif(os.environ.get("RIDGELINE_BUILD") != "1",
                    reason="builds with PyInstaller for minutes; set RIDGELINE_BUILD=1 to run")
def test_real_build_passes_the_smoke_test(tmp_path):
    if shutil.which("bash") is None:
        pytest.skip("needs bash")
    env = dict(os.environ)
    r = subprocess.run(["bash", str(ROOT / "packaging" / "build")], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=3600)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    folder = ROOT / "dist" / "ridgeline"
    assert _smoke().main([str(folder), "--out", str(tmp_path)]) == 0


# -- the README's front door -------------------------------------------------------------------

def test_readme_starts_with_the_two_commands():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```bash\n(.*?)\n```", text, re.S)
    play, tests = blocks[0].strip(), blocks[1].strip()
    assert play.startswith("python3 -m venv .venv && .venv/bin/pip install -e . && ")
    assert ".venv/bin/ridgeline open " in play
    assert tests == ("python3 -m venv .venv && .venv/bin/pip install -e '.[test,cluster]' && "
                     ".venv/bin/python -m pytest -n auto")
    ci = (ROOT / ".ci" / "run").read_text()
    assert "-e '.[test,cluster]'" in ci and "-m pytest -n auto" in ci
    shipped = sorted(ROOT.glob("resources/*/scenarios/*.toml"))
    if not shipped:
        pytest.skip("no scenario is shipped yet")
    scenario = play.split(" open ", 1)[1].strip()
    assert (ROOT / scenario) in shipped, f"README opens {scenario}, which is not shipped"


# -- the trimmed ICU data (packaging/icu_data.py) ---------------------------------------------------

def _icu():
    import importlib.util
    spec = importlib.util.spec_from_file_location("icu_data", ROOT / "packaging" / "icu_data.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _toy_package(icu, names: list[str]) -> bytes:
    header = bytearray(32)
    header[0:2] = (32).to_bytes(2, "little")
    header[2:4] = b"\xda\x27"
    header[12:16] = b"CmnD"
    items = [(f"icudt73l/{n}", n.encode() * (i + 1)) for i, n in enumerate(names)]
    padded = [(n, b + b"\xaa" * (-len(b) % 16)) for n, b in items]
    return icu.write_package(bytes(header), padded)


def test_icu_package_round_trip_and_trim():
    icu = _icu()
    names = sorted(["root.res", "en.res", "coll/root.res", "coll/de.res", "brkitr/word.brk",
                    "curr/en.res", "ibm-943_P15A-2003.cnv", "cnvalias.icu", "zone/de.res",
                    "zone/en.res", "zone/pool.res", "zoneinfo64.res", "unames.icu", "rfc3491.spp"])
    data = _toy_package(icu, names)
    header, items = icu.read_package(data)
    assert icu.write_package(header, items) == data
    assert [n for n, _ in items] == [f"icudt73l/{n}" for n in names]
    assert all(len(b) % 16 == 0 for _, b in items)
    trimmed, saved = icu.trim_package(data)
    kept = [n.split("/", 1)[1] for n, _ in icu.read_package(trimmed)[1]]
    assert kept == ["cnvalias.icu", "coll/de.res", "coll/root.res", "en.res", "root.res",
                    "zone/en.res", "zone/pool.res", "zoneinfo64.res"]
    assert set(saved) == {"brkitr/", "curr/", "*.cnv", "zone/", "unames.icu", "*.spp"}
    assert len(data) - len(trimmed) >= sum(saved.values()) - 15 > 0
    with pytest.raises(ValueError):
        icu.read_package(b"\x00" * 64)


_ICU_PROBE = r"""
import json
from functools import cmp_to_key
from PySide6.QtCore import QCollator, QCoreApplication, QLocale, QStringDecoder, QTimeZone
app = QCoreApplication([])
words = ["zebra", "Äpfel", "apple", "file10", "file2", "Öl", "ångström", "éclair"]
out = {}
for loc in ("en_US", "sv_SE", "de_DE"):
    c = QCollator(QLocale(loc))
    c.setNumericMode(True)
    out[loc] = sorted(words, key=cmp_to_key(c.compare))
out["upper_tr"] = QLocale("tr_TR").toUpper("istanbul")
z = QTimeZone(b"Asia/Seoul")
out["zone"] = [z.isValid(), z.displayName(QTimeZone.StandardTime, QTimeZone.LongName, QLocale("en_US"))]
out["shift_jis"] = QStringDecoder("Shift_JIS").isValid()
print(json.dumps(out))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the wheels ship ICU on Linux only")
def test_trimmed_icu_data_serves_what_qt_asks_for(tmp_path):
    """Qt with the trimmed data library preloaded collates, maps case and names zones as with
    the whole one; only the legacy codecs (which Ridgeline never opens) are gone."""
    import json

    import PySide6
    icu = _icu()
    libs = sorted((Path(PySide6.__file__).parent / "Qt" / "lib").glob("libicudata.so.*"))
    tools = all(shutil.which(t) for t in ("objcopy", "nm", "as", "ld"))
    if not libs or not tools:
        pytest.skip("no ICU data library in this PySide6, or no binutils")
    out = tmp_path / libs[0].name
    saved = icu.trimmed_library(libs[0], out)
    assert out.stat().st_size < libs[0].stat().st_size - 15 * 2**20 and sum(saved.values()) > 15 * 2**20

    def probe(preload: Path | None) -> dict:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
        if preload:
            env["LD_PRELOAD"] = str(preload)
        r = subprocess.run([sys.executable, "-c", _ICU_PROBE], capture_output=True, text=True,
                           env=env, timeout=120)
        assert r.returncode == 0, r.stderr
        return json.loads(r.stdout)

    whole, trimmed = probe(None), probe(out)
    assert whole["shift_jis"] is True and trimmed["shift_jis"] is False  # the trimmed data is in use
    whole.pop("shift_jis"), trimmed.pop("shift_jis")
    assert trimmed == whole
    assert trimmed["sv_SE"] != trimmed["en_US"]  # Swedish collation still has its own order
    assert trimmed["upper_tr"] == "İSTANBUL" and trimmed["zone"] == [True, "Korean Standard Time"]


def test_spec_leaves_out_plugins_no_desktop_client_loads(spec):
    parts = spec["EXCLUDED_BINARY_PARTS"]
    for gone in ("libivi-shell", "libqt-shell", "libfullscreen-shell-v1", "libwl-shell-plugin",
                 "libdmabuf-server", "libqxdgdesktopportal", "libqminimal."):
        assert any(gone in p for p in parts), gone
    for kept in ("libxdg-shell", "libqwayland", "libqxcb", "libqoffscreen", "libqt-plugin-wayland-egl"):
        assert not any(kept in p for p in parts), kept
