import { expect, test } from '@jupyterlab/galata';

const PLUGIN_ID = 'mlemodernizer:plugin';

/**
 * Open JupyterLab only inside the test, once the console listener is in
 * place, so that no activation message is missed.
 */
test.use({ autoGoto: false });

test('the extension activates and reaches its server extension', async ({
  page
}, testInfo) => {
  const logs: string[] = [];
  page.on('console', message => {
    logs.push(message.text());
  });
  const healthAnswer = page.waitForResponse(response =>
    new URL(response.url()).pathname.endsWith('/mlemodernizer/health')
  );

  await page.goto();

  // The frontend asked the server extension for its health, and got it.
  const response = await healthAnswer;
  expect(response.status()).toBe(200);
  const health = (await response.json()) as {
    status: string;
    version: string;
  };
  expect(health.status).toBe('ok');
  expect(health.version).toMatch(/^\d+\.\d+/);

  // The plugin is registered, activated once, and logged both facts.
  expect(
    await page.evaluate(
      id => window.jupyterapp.isPluginActivated(id),
      PLUGIN_ID
    )
  ).toBe(true);
  await expect
    .poll(() =>
      logs.filter(line => line === 'mlemodernizer extension activated')
    )
    .toHaveLength(1);
  await expect
    .poll(() =>
      logs.includes(
        `mlemodernizer server extension ok, version ${health.version}`
      )
    )
    .toBe(true);
  expect(
    logs.filter(line => line.includes('server extension did not answer'))
  ).toEqual([]);

  // Its settings schema shipped with the labextension.
  const settings = await page.request.get(`/lab/api/settings/${PLUGIN_ID}`);
  expect(settings.ok()).toBe(true);
  const schema = (await settings.json()).schema as {
    properties: Record<string, { default?: unknown }>;
  };
  expect(schema.properties.max_iterations.default).toBe(16);
  expect(schema.properties.review.default).toBe('manual');
  expect(schema.properties.gpus.default).toBe('none');

  const screenshot = testInfo.outputPath('jupyterlab.png');
  await page.screenshot({ path: screenshot });
  await testInfo.attach('jupyterlab', {
    path: screenshot,
    contentType: 'image/png'
  });
});
