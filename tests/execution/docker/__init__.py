"""Tests of mlemodernizer.execution.docker (conftest.py: the daemon, the test image)."""
