// Jest transpiles the ES modules shipped by @jupyterlab/* with JupyterLab's
// own Babel preset.
module.exports = require('@jupyterlab/testutils/lib/babel.config');
