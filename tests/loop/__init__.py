"""Tests of mlemodernizer.loop."""
