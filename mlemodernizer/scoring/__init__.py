"""The score: where it comes from (a regex over the outputs, a grader, a metric on a
submission), the tolerance band and the t-test (``score``), and the metric the author's stored
outputs show (``detect``)."""
