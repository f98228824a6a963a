"""Tests of mlemodernizer.fixers.environment."""
