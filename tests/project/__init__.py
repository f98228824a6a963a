"""Tests of the repository as a whole: the package's layout, the benchmark corpus."""
