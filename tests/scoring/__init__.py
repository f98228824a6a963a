"""Tests of mlemodernizer.scoring."""
