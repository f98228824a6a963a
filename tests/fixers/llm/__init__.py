"""Tests of mlemodernizer.fixers.llm."""
