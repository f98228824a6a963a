/**
 * Jest configuration: JupyterLab's shared preset (ts-jest with
 * tsconfig.test.json, jsdom, CSS stubs) plus this package's test layout.
 */
const jupyterlabPreset = require('@jupyterlab/testutils/lib/jest-config');

// Packages that ship untranspiled ES modules and must go through Babel.
const esModules = [
  '@codemirror',
  '@jupyter/ydoc',
  '@jupyter/react-components',
  '@jupyter/web-components',
  '@microsoft/fast',
  '@jupyterlab/',
  'exenv-es6',
  'lib0',
  'nanoid',
  'vscode-ws-jsonrpc',
  'y-protocols',
  'y-websocket',
  'yjs'
].join('|');

const base = jupyterlabPreset(__dirname);

module.exports = {
  ...base,
  automock: false,
  collectCoverageFrom: [
    'src/**/*.{ts,tsx}',
    '!src/**/*.d.ts',
    '!src/**/.ipynb_checkpoints/*'
  ],
  coverageReporters: ['lcov', 'text'],
  // only the sources: not the virtual environment or ui-tests in a clone
  roots: ['<rootDir>/src'],
  testRegex: 'src/.*/.*\\.spec\\.tsx?$',
  transformIgnorePatterns: [`/node_modules/(?!${esModules}).+`]
};
