"""``python -m app`` is the same as the ``ridgeline`` command."""

from app.cli import main

raise SystemExit(main())
