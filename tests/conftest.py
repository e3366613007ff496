"""Test set-up: Qt runs offscreen, and hypothesis is deterministic with bounded examples."""

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("RIDGELINE_CONFIG_DIR", str(Path(__file__).parent / ".tmp-config"))

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

try:
    from hypothesis import settings

    settings.register_profile("ci", derandomize=True, max_examples=100, deadline=None, database=None)
    settings.load_profile("ci")
except ImportError:  # pragma: no cover
    pass
