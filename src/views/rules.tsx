/**
 * The rules of a rules fix in sentences, each id a link to its entry in the
 * rule documentation (docs/rules.md, generated from the rules themselves).
 */
import { TranslationBundle } from '@jupyterlab/translation';
import * as React from 'react';

import { IRuleNote } from '../events';

/**
 * The rule documentation of the project (package.json's homepage).
 */
export const RULES_DOC =
  'https://github.com/mlemodernizer/mlemodernizer/blob/main/docs/rules.md';

/**
 * Where a rule is documented: its anchor in docs/rules.md (`#pd001`).
 */
export function ruleDocUrl(id: string): string {
  return `${RULES_DOC}#${encodeURIComponent(id.toLowerCase())}`;
}

export function RuleList(props: {
  rules: IRuleNote[];
  /** The fix came before the first run (the static pre-pass). */
  static: boolean;
  trans: TranslationBundle;
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
            <a
              className="jp-mlemodernizer-rule-id"
              href={ruleDocUrl(rule.id)}
              target="_blank"
              rel="noopener noreferrer"
              title={trans.__('%1 in the rule documentation', rule.id)}
            >
              {rule.id}
            </a>{' '}
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
