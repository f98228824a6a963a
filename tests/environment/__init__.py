"""Tests of mlemodernizer.environment."""
