"""Tests of the command line, end to end."""
