"""Tests of mlemodernizer.contracts."""
