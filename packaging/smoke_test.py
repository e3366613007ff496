#!/usr/bin/env python3
"""Smoke test of a built Ridgeline folder (offscreen, no screen needed).

    python3 packaging/smoke_test.py [dist/ridgeline] [--out DIR]

Runs the frozen ``ridgeline`` program itself (not the sources) and checks that:

* it starts and lists the five games (``games --json``), and every scenario shipped in the
  source tree's ``resources/`` is inside the bundle;
* ``validate`` passes every bundled scenario of a playable game; a scenario of a game whose rules
  are not written yet must fail only with that reason;
* ``render`` draws every scenario of a playable game to a non-empty PNG;
* every bundled board and game data file validates (tables load shapely and numpy);
* a broken file is reported as ``FILE:LINE: field: message`` with exit 2 (schemas bundled);
* ``bench --quick --only reach_ms --json`` runs, and ``drag_highlight_ms`` opens the window
  on every board and presses on a piece.

Exit status 0 when every check passed, 1 otherwise. Only the standard library is used.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE_ROOT = HERE.parent
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
PROBLEM = re.compile(r"^.+:\d+: .*: .+$")


class Smoke:
    def __init__(self, exe: Path, out: Path):
        self.exe = exe
        self.out = out
        self.passed = 0
        self.failed: list[str] = []
        self.env = dict(os.environ, QT_QPA_PLATFORM="offscreen",
                        RIDGELINE_CONFIG_DIR=str(out / "config"))
        self.env.pop("PYTHONPATH", None)

    def run(self, *args: str, timeout: float = 300) -> subprocess.CompletedProcess:
        return subprocess.run([str(self.exe), *args], capture_output=True, text=True,
                              env=self.env, timeout=timeout, stdin=subprocess.DEVNULL,
                              cwd=str(self.out))

    def check(self, ok: bool, what: str, detail: str = "") -> bool:
        if ok:
            self.passed += 1
            print(f"ok    {what}")
        else:
            self.failed.append(what)
            print(f"FAIL  {what}" + (f"\n      {detail.strip()[-1500:]}" if detail else ""))
        return ok


def bundle_root(folder: Path) -> Path:
    """Where the bundled data lives: ``_internal`` (PyInstaller 6) or the folder itself."""
    for cand in (folder / "_internal", folder, folder / "Contents" / "Resources"):
        if (cand / "resources").is_dir():
            return cand
    return folder / "_internal"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folder", nargs="?", default=str(SOURCE_ROOT / "dist" / "ridgeline"))
    ap.add_argument("--out", help="where PNGs go (default: a temporary folder)")
    args = ap.parse_args(argv)

    folder = Path(args.folder).resolve()
    exe = folder / ("ridgeline.exe" if sys.platform == "win32" else "ridgeline")
    if not exe.is_file():
        print(f"no program at {exe}: build it first (packaging/build)", file=sys.stderr)
        return 1
    out = Path(args.out or tempfile.mkdtemp(prefix="ridgeline-smoke-")).resolve()
    out.mkdir(parents=True, exist_ok=True)
    s = Smoke(exe, out)
    root = bundle_root(folder)

    # 1. It starts and knows its games.
    r = s.run("games", "--json")
    games: list[dict] = []
    if s.check(r.returncode == 0, "games --json", r.stderr):
        games = json.loads(r.stdout)["games"]
        s.check([g["id"] for g in games] == ["korea38", "semper-fi", "frozen-chosin",
                                             "chosin-few", "guts"], "the five game ids")
    playable = {g["id"]: g.get("playable", False) for g in games}

    # 2. Every shipped scenario is bundled.
    shipped = sorted(p.relative_to(SOURCE_ROOT / "resources")
                     for p in (SOURCE_ROOT / "resources").glob("*/scenarios/*.toml"))
    bundled = sorted(p.relative_to(root / "resources")
                     for p in (root / "resources").glob("*/scenarios/*.toml"))
    if (SOURCE_ROOT / "resources").is_dir():
        s.check(set(shipped) <= set(bundled), f"all {len(shipped)} shipped scenarios are bundled",
                f"missing: {sorted(set(shipped) - set(bundled))}")
    s.check(bool(bundled), f"the bundle holds scenarios ({len(bundled)})")

    # 3. validate and render each.
    for rel in bundled:
        scen = root / "resources" / rel
        game = rel.parts[0]
        r = s.run("validate", str(scen))
        if playable.get(game):
            s.check(r.returncode == 0, f"validate {rel}", r.stdout + r.stderr)
            png = out / f"{game}-{scen.stem}.png"
            r = s.run("render", str(scen), "-o", str(png), "--width", "1280", "--height", "800")
            ok = r.returncode == 0 and png.is_file() and png.stat().st_size > 1000 \
                and png.read_bytes()[:8] == PNG_MAGIC
            s.check(ok, f"render {rel} -> {png.name}"
                    + (f" ({png.stat().st_size} bytes)" if png.is_file() else ""),
                    r.stdout + r.stderr)
        else:
            lines = [ln for ln in r.stdout.splitlines() if ln.strip()]
            only_rules = bool(lines) and all("no rules module" in ln for ln in lines)
            s.check(r.returncode == 2 and only_rules,
                    f"validate {rel}: {game} has no rules yet, and that is the only problem",
                    r.stdout + r.stderr)
            print(f"      (render of {rel} skipped: {game} is not playable yet)")

    # 4. Every bundled board and data file validates (loads shapely and numpy for tables).
    for f in sorted((root / "resources").glob("*/*.json")) + sorted((root / "resources").glob("*/*.toml")):
        rel = f.relative_to(root / "resources")
        r = s.run("validate", str(f))
        if playable.get(rel.parts[0]) or f.suffix == ".json":
            s.check(r.returncode == 0, f"validate {rel}", r.stdout + r.stderr)

    # 5. Broken input is reported by line, so the schemas and parsers are bundled.
    bad = out / "broken.toml"
    bad.write_text('format = "ridgeline-scenario"\nversion = 1\ngame = "nope"\nid = "x"\nname = "y"\n')
    r = s.run("validate", str(bad))
    s.check(r.returncode == 2 and all(PROBLEM.match(ln) for ln in r.stdout.splitlines())
            and ":3: game:" in r.stdout, "validate a broken file: exit 2, FILE:LINE lines",
            r.stdout + r.stderr)
    r = s.run("schema", "save")
    s.check(r.returncode == 0 and json.loads(r.stdout).get("title") == "Ridgeline save",
            "schema save")

    # 6. The bench runs frozen (it measures in-process for reach).
    r = s.run("bench", "--quick", "--only", "reach_ms", "--json", timeout=600)
    ok = r.returncode == 0 and "reach_ms" in json.loads(r.stdout or "{}")
    s.check(ok, "bench --quick --only reach_ms --json", r.stderr)
    # 7. The window opens and takes a press on a piece (the drag highlight, timed on every
    #    board): the press is a plain mouse event, so QtTest, left out of the build, is not needed.
    r = s.run("bench", "--quick", "--only", "drag_highlight_ms", "--json", timeout=900)
    fig = json.loads(r.stdout or "{}").get("drag_highlight_ms") or {}
    ok = r.returncode == 0 and isinstance(fig.get("median"), (int, float))
    s.check(ok, "bench --quick --only drag_highlight_ms --json (a press on a piece in every board)",
            r.stderr)

    print(f"\nsmoke test of {folder}: {s.passed} passed, {len(s.failed)} failed")
    print(f"PNGs in {out}")
    return 0 if not s.failed else 1


if __name__ == "__main__":
    sys.exit(main())
