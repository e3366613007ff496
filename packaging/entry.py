"""Entry point of the frozen ``ridgeline`` program (PyInstaller): the same as ``python -m app``."""

import multiprocessing
import sys

if __name__ == "__main__":
    # Self-play worker processes of a frozen build start this same binary.
    multiprocessing.freeze_support()
    from app.cli import main

    sys.exit(main())
