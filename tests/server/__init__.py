"""Tests of mlemodernizer.server."""
