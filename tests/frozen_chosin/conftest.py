"""Frozen Chosin tests share the helpers in helpers.py."""
