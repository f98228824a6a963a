"""Tests of mlemodernizer.fixers.runtime."""
