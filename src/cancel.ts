/**
 * Ask before cancelling a job, saying what a cancelled job still writes.
 */
import { Dialog, showDialog } from '@jupyterlab/apputils';
import { TranslationBundle } from '@jupyterlab/translation';

import { JobModel } from './model/job';

/**
 * Whether the user confirms cancelling the job. A job that has not started
 * writes nothing; a running one stops at its next safe point and still
 * writes a modernized copy with the changes accepted so far.
 */
export async function confirmCancel(
  job: JobModel,
  trans: TranslationBundle
): Promise<boolean> {
  const state = job.state;
  const started = state.status === 'running';
  const body = started
    ? trans.__(
        'The job stops at its next safe point. Changes still waiting for your review are rejected, and a modernized copy with the changes accepted so far is still written beside the notebook. The notebook itself is not changed.'
      )
    : trans.__('The job has not started yet: nothing is written.');
  const answer = await showDialog({
    title: trans.__('Cancel modernizing %1?', state.path),
    body,
    buttons: [
      Dialog.cancelButton({ label: trans.__('Keep running') }),
      Dialog.warnButton({ label: trans.__('Cancel the job') })
    ]
  });
  return answer.button.accept;
}
