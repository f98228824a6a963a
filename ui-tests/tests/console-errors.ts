/**
 * Console errors from the extension: a test collects them from the start
 * and expects none at its end (uncaught page errors count too).
 */
import { Page } from '@playwright/test';

export function extensionErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', message => {
    const where = message.location().url;
    if (
      message.type() === 'error' &&
      (where.includes('mlemodernizer') ||
        message.text().includes('mlemodernizer'))
    ) {
      errors.push(message.text());
    }
  });
  page.on('pageerror', error => errors.push(String(error)));
  return errors;
}
