"""Tests of mlemodernizer.fixers.rules."""
