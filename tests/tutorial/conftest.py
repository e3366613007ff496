"""Fixtures for driving the window through the tutorials: an isolated config folder and a
window with animations off, so positions are final when a test looks."""

from __future__ import annotations

import pytest

from tests.ui.window_util import bare_window


@pytest.fixture(autouse=True)
def tutorial_env(tmp_path, monkeypatch):
    monkeypatch.setenv("RIDGELINE_CONFIG_DIR", str(tmp_path / "config"))
    yield


@pytest.fixture
def window(qtbot):
    w = bare_window(qtbot, (1400, 900))
    qtbot.waitExposed(w)
    return w
