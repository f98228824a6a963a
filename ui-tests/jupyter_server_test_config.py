"""Jupyter server configuration for the Galata integration tests.

Never use it for anything else: it turns authentication and XSRF checks off and
exposes the JupyterLab application object to the page.
"""

from jupyterlab.galata import configure_jupyter_server

# Galata's defaults: port 8888, no token, a fresh temporary root directory
# (JUPYTERLAB_GALATA_ROOT_DIR overrides it), its test helper labextension.
configure_jupyter_server(c)  # noqa: F821 (`c` is the config being loaded)

# CI machines and containers often run as root.
c.ServerApp.allow_root = True  # noqa: F821

# c.ServerApp.log_level = "DEBUG"
