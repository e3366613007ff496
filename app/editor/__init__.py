"""editor layer."""

import app.ui  # noqa: E402,F401 - the PySide6 6.12 None-refcount guard (docs/ui.md) for the editor too
