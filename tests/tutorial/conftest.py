"""Fixtures for driving the window through the tutorials: an isolated config folder and a
window with animations off, so positions are final when a test looks."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def tutorial_env(tmp_path, monkeypatch):
    monkeypatch.setenv("RIDGELINE_CONFIG_DIR", str(tmp_path / "config"))
    yield


@pytest.fixture
def window(qtbot):
    from app.ui.window import MainWindow
    w = MainWindow(use_settings=False)
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    w.ai_delay_ms = 0
    w.scene.animate = False
    qtbot.waitExposed(w)
    return w
