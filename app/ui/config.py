"""Where the window keeps its settings, recent files and the crash journal."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QSettings, QStandardPaths

APP_NAME = "Ridgeline"
ORG_NAME = "Ridgeline"


def config_dir() -> Path:
    """``$RIDGELINE_CONFIG_DIR`` if set, else the platform's application config folder."""
    env = os.environ.get("RIDGELINE_CONFIG_DIR")
    if env:
        p = Path(env)
    else:
        if not QCoreApplication.applicationName():
            QCoreApplication.setApplicationName(APP_NAME)
            QCoreApplication.setOrganizationName(ORG_NAME)
        loc = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppConfigLocation)
        p = Path(loc) if loc else Path.home() / ".config" / "ridgeline"
    p.mkdir(parents=True, exist_ok=True)
    return p


def journal_path() -> Path:
    return config_dir() / "autosave.journal"


def settings() -> QSettings:
    return QSettings(str(config_dir() / "ridgeline.ini"), QSettings.Format.IniFormat)
