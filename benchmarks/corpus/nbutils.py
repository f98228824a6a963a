"""Project helpers (the 2019 notebooks used load_wine_frame; it is read_wine now)."""

import pandas as pd


def read_wine(path):
    """The wine table with a string cultivar column."""
    return pd.read_csv(path)
