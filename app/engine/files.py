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
import stat
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
        super().__init__("\n".join(capped(problems)))
        self.problems = problems


@dataclass
class Loaded:
    """A parsed file with what is needed to report problems at their lines."""

    path: str
    text: str
    data: Any
    #: field path -> line; None until a problem needs it (most files loaded have none, and
    #: mapping a large board's lines costs more than parsing it)
    lines: dict[str, int] | None = None
    json: bool = False

    def line_map(self) -> dict[str, int]:
        if self.lines is None:
            self.lines = json_lines(self.text) if self.json else toml_lines(self.text)
        return self.lines

    def problem(self, field: str, message: str) -> FileProblem:
        # Board checkers write list items as ``features[2].kind``; the line maps use dots.
        key = _INDEX.sub(r".\1", field).lstrip(".") if field else ""
        return FileProblem(self.path, line_of(self.line_map(), key) if key else 1, field, message)


_INDEX = re.compile(r"\[(\d+)\]")


#: Largest file Ridgeline reads (bytes); anything bigger is refused before it is read.
MAX_FILE_BYTES = 20 * 1024 * 1024
#: Deepest nesting of tables/arrays accepted in any file (the shipped files use at most 6).
MAX_DEPTH = 48
#: Longest problem list printed for one file; the rest are counted.
MAX_PROBLEMS = 200


def read_bytes(path: str | Path, limit: int | None = None) -> bytes:
    """The bytes of a regular file, at most ``limit`` of them, or a FileError naming it.

    Devices, FIFOs and sockets are refused before they are opened for reading (``/dev/stdin``
    would block, ``/dev/zero`` never ends); the file is opened non-blocking and checked again on
    the open descriptor, so a path swapped for a FIFO in between cannot block either.
    """
    p = str(path)
    limit = MAX_FILE_BYTES if limit is None else limit
    try:
        st = os.stat(p)
    except FileNotFoundError:
        raise FileError([FileProblem(p, 1, "", "no such file")]) from None
    except (OSError, ValueError) as e:
        raise FileError([FileProblem(p, 1, "", f"cannot read: {_reason(e)}")]) from None
    if stat.S_ISDIR(st.st_mode):
        raise FileError([FileProblem(p, 1, "", "is a folder, not a file")])
    if not stat.S_ISREG(st.st_mode):
        raise FileError([FileProblem(p, 1, "", "not a regular file (a device, pipe or socket); "
                                              "only ordinary files are read")])
    if st.st_size > limit:
        raise FileError([FileProblem(p, 1, "", f"too large ({st.st_size // (1024 * 1024)} MB); "
                                              f"files over {limit // (1024 * 1024)} MB are refused")])
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as e:
        raise FileError([FileProblem(p, 1, "", f"cannot read: {_reason(e)}")]) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise FileError([FileProblem(p, 1, "", "not a regular file; only ordinary files are read")])
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            total += len(chunk)
            if total > limit:
                raise FileError([FileProblem(p, 1, "", f"too large; files over "
                                                      f"{limit // (1024 * 1024)} MB are refused")])
            chunks.append(chunk)
    except OSError as e:
        raise FileError([FileProblem(p, 1, "", f"cannot read: {_reason(e)}")]) from None
    finally:
        os.close(fd)
    return b"".join(chunks)


def _reason(e: BaseException) -> str:
    return getattr(e, "strerror", None) or str(e) or type(e).__name__


def read_text(path: str | Path, limit: int | None = None) -> str:
    """Read a regular file as UTF-8 text or raise a FileError naming it."""
    p = str(path)
    raw = read_bytes(path, limit)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        raise FileError([FileProblem(p, line, "", "not valid UTF-8 text")]) from None


def nesting_depth(data: Any) -> int:
    """How deeply lists and tables nest in ``data`` (a scalar is 0), without recursion."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        obj, d = stack.pop()
        if isinstance(obj, dict):
            d += 1
            stack.extend((v, d) for v in obj.values())
        elif isinstance(obj, list):
            d += 1
            stack.extend((v, d) for v in obj)
        else:
            continue
        if d > deepest:
            deepest = d
            if deepest > MAX_DEPTH:
                return deepest
    return deepest


def _too_deep(path: str) -> FileError:
    return FileError([FileProblem(path, 1, "", f"nested too deeply (more than {MAX_DEPTH} levels "
                                               "of tables and lists)")])


def parse_toml(path: str, text: str) -> Loaded:
    try:
        data = tomllib.loads(text, parse_float=_finite_float)
    except _NonFinite as e:
        m = re.search(r"^\s*([^\s=#\[]+)\s*=\s*[+-]?(nan|inf)\b", text, re.M)
        line = text.count("\n", 0, m.start(1)) + 1 if m else 1
        raise FileError([FileProblem(path, line, m.group(1) if m else "",
                                     f"{e} is not a number Ridgeline accepts (nan and inf are "
                                     "refused)")]) from None
    except tomllib.TOMLDecodeError as e:
        msg = str(e)
        line = getattr(e, "lineno", None) or _line_from_message(msg)
        raise FileError([FileProblem(path, line, "", f"not valid TOML: {msg}")]) from None
    except RecursionError:
        raise _too_deep(path) from None
    if nesting_depth(data) > MAX_DEPTH:
        raise _too_deep(path)
    return Loaded(path, text, data)


def parse_json(path: str, text: str) -> Loaded:
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        raise FileError([FileProblem(path, e.lineno, "", f"not valid JSON: {e.msg}")]) from None
    except _NonFinite as e:
        raise FileError([FileProblem(path, _line_of_text(text, str(e)), "",
                                     f"not valid JSON: {e} is not a number")]) from None
    except RecursionError:
        raise _too_deep(path) from None
    if nesting_depth(data) > MAX_DEPTH:
        raise _too_deep(path)
    return Loaded(path, text, data, json=True)


class _NonFinite(ValueError):
    pass


def _finite_float(text: str) -> float:
    """TOML allows nan and inf; no Ridgeline value may be either."""
    v = float(text)
    if v != v or v in (float("inf"), float("-inf")):
        raise _NonFinite(text.lstrip("+-"))
    return v


def _no_constant(name: str) -> Any:
    """JSON has no NaN or Infinity; Python's reader accepts them unless told not to."""
    raise _NonFinite(name)


def _line_of_text(text: str, needle: str) -> int:
    i = text.find(needle)
    return text.count("\n", 0, i) + 1 if i >= 0 else 1


def _line_from_message(msg: str) -> int:
    m = re.search(r"line (\d+)", msg)
    return int(m.group(1)) if m else 1


def first_json_line(text: str) -> Any:
    """The first line of a JSON-lines text parsed (a journal's header), or None."""
    head = text.split("\n", 1)[0]
    try:
        return json.loads(head)
    except (ValueError, RecursionError):
        return None


def load(path: str | Path) -> Loaded:
    """Parse a TOML or JSON file by its ending (content sniffed when the ending is unknown).

    A crash journal (JSON lines) loads as its header line, so it is recognised by its
    ``format`` wherever it is opened from; :func:`app.engine.saves.read_journal` reads the rest.
    """
    p = str(path)
    text = read_text(path)
    if p.endswith(".toml"):
        return parse_toml(p, text)
    if p.endswith((".json", ".rsave", ".jsonl", ".journal")) or text.lstrip().startswith(("{", "[")):
        head = first_json_line(text)
        if isinstance(head, dict) and head.get("format") == JOURNAL_FORMAT and "\n" in text.strip():
            return Loaded(p, text, head, json_lines(text.split("\n", 1)[0]))
        return parse_json(p, text)
    return parse_toml(p, text)


def capped(problems: list[FileProblem], limit: int = MAX_PROBLEMS) -> list[str]:
    """The printed lines of a problem list: the first ``limit``, then "and N more"."""
    lines = [str(p) for p in problems[:limit]]
    if len(problems) > limit:
        first = problems[0].file if problems else ""
        lines.append(f"{first}:{problems[limit].line}: <file>: and {len(problems) - limit} more "
                     f"problems (only the first {limit} are listed)")
    return lines


# -- atomic writes -----------------------------------------------------------------------------

def atomic_write(path: str | Path, text: str) -> None:
    """Write ``text`` so that ``path`` holds either its old content or all of the new.

    Overwriting keeps the file's permission bits; temporary files left by an earlier write of
    the same file that was killed half-way are removed first, so interrupted writes leave no
    litter beyond the next write.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_temps(target)
    try:
        mode: int | None = stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        mode = None
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=str(target.parent))
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fchmod(fh.fileno(), mode if mode is not None else _default_mode())
            os.fsync(fh.fileno())
        os.replace(tmp, target)
        _fsync_dir(target.parent)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _default_mode() -> int:
    """What ``open()`` would give a new file: 0666 less the umask (mkstemp makes 0600)."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def remove_stale_temps(target: str | Path) -> list[Path]:
    """Delete the ``.NAME.*.tmp`` files an interrupted :func:`atomic_write` of ``target`` left."""
    target = Path(target)
    return _unlink_temps(target.parent, lambda name: name.startswith(f".{target.name}.")
                         and _TEMP.match(name) is not None)


_TEMP = re.compile(r"^\..+\.[A-Za-z0-9_]{8}\.tmp$")


def sweep_temps(folder: str | Path) -> list[Path]:
    """Delete every temporary file :func:`atomic_write` left in ``folder`` (at start-up, when
    no write of ours is under way there)."""
    return _unlink_temps(Path(folder), lambda name: _TEMP.match(name) is not None)


def _unlink_temps(folder: Path, ours: Any) -> list[Path]:
    gone = []
    try:
        for t in folder.iterdir():
            if ours(t.name) and t.is_file() and not t.is_symlink():
                try:
                    t.unlink()
                    gone.append(t)
                except OSError:
                    pass
    except OSError:
        pass
    return gone


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
            data = parse_toml(str(f), read_text(f)).data
        except FileError:
            continue
        out.append(ScenarioInfo(id=str(data.get("id", f.stem)), name=str(data.get("name", f.stem)), path=f))
    return out


def dumps_json(data: Any) -> str:
    """The canonical JSON spelling for files we write: sorted keys, 2-space indent, newline."""
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
