/**
 * A notice of a job (the report's `notices`, a run's `notices`): its first
 * line as text, what follows it (a diff the user may apply) folded.
 */
import { TranslationBundle } from '@jupyterlab/translation';
import * as React from 'react';

export function NoticeView(props: {
  notice: string;
  trans: TranslationBundle;
}): JSX.Element {
  const [summary, ...rest] = props.notice.split('\n');
  return (
    <div className="jp-mlemodernizer-notice" role="note">
      {summary}
      {rest.length > 0 && (
        <details>
          <summary>{props.trans.__('Proposed change')}</summary>
          <pre className="jp-mlemodernizer-plan">{rest.join('\n')}</pre>
        </details>
      )}
    </div>
  );
}
