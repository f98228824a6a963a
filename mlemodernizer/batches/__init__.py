"""Many notebooks at once: the runner (a process pool or Dask, one budget, a state file to go on
after a stop) and its reports (JSON, CSV, HTML)."""
