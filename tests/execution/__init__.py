"""Tests of mlemodernizer.execution."""
