"""Test set-up: Qt runs offscreen, and hypothesis is deterministic with bounded examples."""

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# A fresh config folder per test process, outside the checkout: window tests save geometry and
# recent files there, and a folder inside the repository made every run dirty a tracked file.
os.environ.setdefault("RIDGELINE_CONFIG_DIR", tempfile.mkdtemp(prefix="ridgeline-test-config-"))

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

try:
    from hypothesis import settings

    settings.register_profile("ci", derandomize=True, max_examples=100, deadline=None, database=None)
    settings.load_profile("ci")
except ImportError:  # pragma: no cover
    pass
