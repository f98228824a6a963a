"""Tests of mlemodernizer.fixers.runtime_reduction."""
