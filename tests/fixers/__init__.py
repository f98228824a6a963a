"""Tests of mlemodernizer.fixers."""
