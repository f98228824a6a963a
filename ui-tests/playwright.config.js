/**
 * Playwright configuration: Galata's defaults for JupyterLab, a JupyterLab
 * server started for the run (with the scripted LLM, see
 * jupyter_server_test_config.py), and the system Chromium (Playwright's own
 * browser downloads are not used; install Chromium with the OS package
 * manager, or point CHROMIUM_PATH elsewhere).
 */
const baseConfig = require('@jupyterlab/galata/lib/playwright-config');

// UI_TEST_PORT: another port when several runs share a machine (the server
// configuration reads it too).
const port = Number(process.env.UI_TEST_PORT || 8888);

module.exports = {
  ...baseConfig,
  // Jobs run real kernels: give them time, and one test at a time on small
  // machines (CI has two cores).
  timeout: 180 * 1000,
  expect: { timeout: 30 * 1000 },
  workers: Number(process.env.UI_TEST_WORKERS || 1),
  reporter: [['list'], ['html', { open: 'never' }]],
  use: {
    ...baseConfig.use,
    baseURL: `http://localhost:${port}`,
    viewport: { width: 1400, height: 1000 },
    video: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox']
    }
  },
  webServer: {
    command: 'jlpm start',
    url: `http://localhost:${port}/lab`,
    timeout: 120 * 1000,
    // On CI always start our own server, so that a stray one on port 8888
    // (without this configuration) fails the run instead of being tested.
    reuseExistingServer: !process.env.CI
  }
};
