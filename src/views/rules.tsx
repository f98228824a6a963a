/**
 * The rules of a rules fix in sentences, each id opening the rule's own
 * documentation inside JupyterLab (written by the server from the rule's
 * fields, as docs/rules.md is: nothing online is needed).
 */
import { TranslationBundle } from '@jupyterlab/translation';
import * as React from 'react';

import { IRuleNote } from '../events';

export function RuleList(props: {
  rules: IRuleNote[];
  /** The fix came before the first run (the static pre-pass). */
  static: boolean;
  trans: TranslationBundle;
  /** Open the rule's documentation (without it, ids are plain text). */
  openRuleDoc?: (id: string) => void;
}): JSX.Element {
  const { rules, trans } = props;
  return (
    <div className="jp-mlemodernizer-rules">
      <div>
        {props.static
          ? trans._n(
              'Before the first run, this rule rewrote the code:',
              'Before the first run, these rules rewrote the code:',
              rules.length
            )
          : trans._n(
              'This rule rewrote the code:',
              'These rules rewrote the code:',
              rules.length
            )}
      </div>
      <ul aria-label={trans.__('Rules applied')}>
        {rules.map(rule => (
          <li key={rule.id} data-rule-id={rule.id}>
            {props.openRuleDoc ? (
              <button
                type="button"
                className="jp-mlemodernizer-link jp-mlemodernizer-rule-id"
                title={trans.__('Open the documentation of %1', rule.id)}
                onClick={() => props.openRuleDoc?.(rule.id)}
              >
                {rule.id}
              </button>
            ) : (
              <span className="jp-mlemodernizer-rule-id">{rule.id}</span>
            )}{' '}
            <span className="jp-mlemodernizer-rule-message">
              {rule.message
                ? sentence(rule.message)
                : trans.__('(not in this version’s catalogue)')}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A catalogue message ("fit_sample was removed ...; use fit_resample") as a
 * sentence: capitalized, with a full stop.
 */
export function sentence(message: string): string {
  const text = message.trim();
  if (!text) {
    return text;
  }
  const first = text.charAt(0);
  // a code name at the start keeps its case (".ix", "np.float", "fit_sample")
  const capital = /[a-z]/.test(first) && !/^[a-z_.]+[._(=]/.test(text);
  const start = capital ? first.toUpperCase() + text.slice(1) : text;
  return /[.!?]$/.test(start) ? start : `${start}.`;
}
