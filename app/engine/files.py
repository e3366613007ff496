"""Reading and writing Ridgeline's files safely.

* Scenario files (TOML) set up a battle or any mid-game position.
* Save files (JSON) hold the scenario text, the seed, every action and the state digest after
  each, so a save replays exactly and any divergence is caught at the action where it happens.
* Every write is atomic (temp file, fsync, rename): a crash leaves the old file or the new one,
  never half of each.

Errors are :class:`FileProblem` lists naming the file, the line and the field.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.engine.locate import json_lines, line_of, toml_lines

SCENARIO_FORMAT = "ridgeline-scenario"
SAVE_FORMAT = "ridgeline-save"
JOURNAL_FORMAT = "ridgeline-journal"
FILE_VERSION = 1


@dataclass
class FileProblem:
    """One problem in one file: printed as ``FILE:LINE: field.path: message``."""

    file: str
    line: int
    field: str
    message: str

    def __str__(self) -> str:
        return _one_line(f"{self.file}:{self.line}: {_one_line(self.field) or '<file>'}: "
                         f"{_one_line(self.message) or 'invalid'}")


def _one_line(text: str) -> str:
    """One printable line: no line breaks, and no lone surrogates (from JSON escapes such as
    ``"\\ud800"`` in a key), which a UTF-8 terminal cannot print."""
    text = " ".join(str(text).splitlines()).strip()
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


class FileError(Exception):
    def __init__(self, problems: list[FileProblem]):
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


@dataclass
class Loaded:
    """A parsed file with what is needed to report problems at their lines."""

    path: str
    text: str
    data: Any
    lines: dict[str, int]

    def problem(self, field: str, message: str) -> FileProblem:
        # Board checkers write list items as ``features[2].kind``; the line maps use dots.
        key = _INDEX.sub(r".\1", field).lstrip(".") if field else ""
        return FileProblem(self.path, line_of(self.lines, key) if key else 1, field, message)


_INDEX = re.compile(r"\[(\d+)\]")


def read_text(path: str | Path) -> str:
    """Read a file as UTF-8 text or raise a FileError naming it."""
    p = str(path)
    try:
        raw = Path(path).read_bytes()
    except FileNotFoundError:
        raise FileError([FileProblem(p, 1, "", "no such file")]) from None
    except IsADirectoryError:
        raise FileError([FileProblem(p, 1, "", "is a folder, not a file")]) from None
    except OSError as e:
        raise FileError([FileProblem(p, 1, "", f"cannot read: {e.strerror or e}")]) from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        raise FileError([FileProblem(p, line, "", "not valid UTF-8 text")]) from None


def parse_toml(path: str, text: str) -> Loaded:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        msg = str(e)
        line = getattr(e, "lineno", None) or _line_from_message(msg)
        raise FileError([FileProblem(path, line, "", f"not valid TOML: {msg}")]) from None
    return Loaded(path, text, data, toml_lines(text))


def parse_json(path: str, text: str) -> Loaded:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise FileError([FileProblem(path, e.lineno, "", f"not valid JSON: {e.msg}")]) from None
    except RecursionError:
        raise FileError([FileProblem(path, 1, "", "not valid JSON: nested too deeply")]) from None
    return Loaded(path, text, data, json_lines(text))


def _line_from_message(msg: str) -> int:
    import re
    m = re.search(r"line (\d+)", msg)
    return int(m.group(1)) if m else 1


def load(path: str | Path) -> Loaded:
    """Parse a TOML or JSON file by its ending (content sniffed when the ending is unknown)."""
    p = str(path)
    text = read_text(path)
    if p.endswith(".toml"):
        return parse_toml(p, text)
    if p.endswith((".json", ".rsave", ".jsonl")) or text.lstrip().startswith(("{", "[")):
        return parse_json(p, text)
    return parse_toml(p, text)


# -- atomic writes -----------------------------------------------------------------------------

def atomic_write(path: str | Path, text: str) -> None:
    """Write ``text`` so that ``path`` holds either its old content or all of the new."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=str(target.parent))
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
        _fsync_dir(target.parent)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(str(folder), os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# -- scenarios ---------------------------------------------------------------------------------

def scenario_infos(folder: Path) -> list[Any]:
    """Scenario files in a folder, as (id, name, path), sorted by file name."""
    from app.engine.game import ScenarioInfo
    out = []
    if not folder.is_dir():
        return out
    for f in sorted(folder.glob("*.toml")):
        try:
            data = tomllib.loads(f.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
            continue
        out.append(ScenarioInfo(id=str(data.get("id", f.stem)), name=str(data.get("name", f.stem)), path=f))
    return out


def dumps_json(data: Any) -> str:
    """The canonical JSON spelling for files we write: sorted keys, 2-space indent, newline."""
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
