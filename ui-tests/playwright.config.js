/**
 * Playwright configuration: Galata's defaults for JupyterLab, a JupyterLab
 * server started for the run, and the system Chromium (Playwright's own
 * browser downloads are not used; install Chromium with the OS package
 * manager, or point CHROMIUM_PATH elsewhere).
 */
const baseConfig = require('@jupyterlab/galata/lib/playwright-config');

module.exports = {
  ...baseConfig,
  reporter: [['list'], ['html', { open: 'never' }]],
  use: {
    ...baseConfig.use,
    video: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox']
    }
  },
  webServer: {
    command: 'jlpm start',
    url: 'http://localhost:8888/lab',
    timeout: 120 * 1000,
    // On CI always start our own server, so that a stray one on port 8888
    // (without this configuration) fails the run instead of being tested.
    reuseExistingServer: !process.env.CI
  }
};
