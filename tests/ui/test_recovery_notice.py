"""Issue 19: the window always starts, whatever its crash journal holds."""

from __future__ import annotations

from tests.ui.conftest import make_window


def _journal_lines(qtbot) -> list[str]:
    """A real journal: a window plays two moves and is killed (the journal is left behind)."""
    from app.ui.config import journal_path
    from tests.ui.test_window import drag, hex_point, piece_point
    w = make_window(qtbot)
    drag(w, piece_point(w, "kpa-1"), hex_point(w, "0604"))
    lines = journal_path().read_text().splitlines()
    w._close_journal(delete=False)
    return lines


def test_window_starts_with_a_corrupt_journal_and_tells_the_player_once(qtbot):
    from app.ui.config import journal_path
    lines = _journal_lines(qtbot)
    lines[0] = lines[0].replace('"game"', '"gamf"')          # one flipped bit in a header key
    journal_path().write_text("\n".join(lines) + "\n")
    w = make_window(qtbot, start=False)
    assert not w.offer_recovery()                             # no exception, nothing restored
    assert w.isVisible() and w.match is None
    box = w._last_warning
    assert box is not None and "could not be restored" in box.text()
    kept = [p for p in journal_path().parent.iterdir() if p.name.startswith("autosave.journal.unreadable-")]
    assert len(kept) == 1 and kept[0].name in box.text()
    assert not journal_path().exists()
    box.close()
    w2 = make_window(qtbot, start=False)                      # the next start: no second notice
    w2._last_warning = None
    assert not w2.offer_recovery()
    assert w2._last_warning is None


def test_a_journal_line_null_does_not_stop_the_window(qtbot):
    from app.ui.config import journal_path
    journal_path().write_text("null\n")
    w = make_window(qtbot, start=False)
    assert not w.offer_recovery()
    assert w.isVisible()


def test_file_open_of_a_journal_recovers_it(qtbot, tmp_path):
    from app.ui.config import journal_path
    lines = _journal_lines(qtbot)
    j = tmp_path / "copy.journal"
    j.write_text("\n".join(lines) + "\n")
    w = make_window(qtbot, start=False)
    assert w.open_path(j)
    assert w.match is not None and len(w.match.history) == 1
    journal_path().unlink(missing_ok=True)
