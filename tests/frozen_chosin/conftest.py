"""Frozen Chosin tests share the helpers in helpers.py."""

from tests.frozen_chosin.helpers import test_table_folder  # noqa: F401 - autouse fixture
