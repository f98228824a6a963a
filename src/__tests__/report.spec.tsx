import { nullTranslator } from '@jupyterlab/translation';
import * as React from 'react';
import { act } from 'react';
import { Root, createRoot } from 'react-dom/client';

import { IJobFinishedEvent } from '../events';
import { ReportView } from '../views/report';

import { EVENTS } from './recorded';

(
  globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
).IS_REACT_ACT_ENVIRONMENT = true;

const trans = nullTranslator.load('mlemodernizer');

describe('the report view', () => {
  let host: HTMLDivElement;
  let root: Root;

  beforeEach(() => {
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
  });

  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });

  it('numbers the changed and rejected cells as its first error does, from 1', () => {
    // the recorded job: the fix changed the notebook's third cell (the one
    // that failed) and the user rejected its change to the second
    const finished = EVENTS.find(
      e => e.type === 'job_finished'
    ) as IJobFinishedEvent;
    const report = finished.report;
    expect(report.iterations[0].cells_changed).toEqual([2]);
    act(() =>
      root.render(
        <ReportView path="eroded.ipynb" report={report} trans={trans} />
      )
    );
    const firstError = Array.from(host.querySelectorAll('tr'))
      .find(row => row.querySelector('th')?.textContent === 'First error')
      ?.querySelectorAll('td')[0].textContent;
    expect(firstError).toMatch(/^cell 3: ImportError/);

    const table = host.querySelector('.jp-mlemodernizer-iterations');
    const heads = Array.from(table?.querySelectorAll('th') ?? []).map(
      th => th.textContent
    );
    const cells = Array.from(table?.querySelectorAll('tbody td') ?? []).map(
      td => td.textContent
    );
    expect(cells[heads.indexOf('Cells changed')]).toBe('3');
    expect(cells[heads.indexOf('Rejected')]).toBe('2');
  });
});
