"""Tests of mlemodernizer.batches."""
