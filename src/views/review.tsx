/**
 * The review of one proposed fix: a diff per cell with Accept and Reject,
 * and Accept all / Reject all for the cells still undecided.
 */
import { Extension } from '@codemirror/state';
import { TranslationBundle } from '@jupyterlab/translation';
import * as React from 'react';

import { Decision } from '../api';
import { CellReviewStatus, IFixReview, IReviewCell } from '../model/diff';
import { IDiffEditor, createDiffEditor } from './diffeditor';

export interface IReviewActions {
  decide(fixId: string, decision: Decision, cellId?: string): void;
  showCell(cellId: string, cellIndex: number): void;
  /** Open a module beside the notebook (a path relative to its folder). */
  openFile(path: string): void;
  /** Open a rule's documentation. */
  openRuleDoc?(id: string): void;
}

export interface IFixReviewProps {
  review: IFixReview;
  actions: IReviewActions;
  trans: TranslationBundle;
  /** Python highlighting, once JupyterLab loaded it. */
  language: Promise<Extension | null>;
}

export function FixReview(props: IFixReviewProps): JSX.Element {
  const { review, actions, trans } = props;
  return (
    <div
      className="jp-mlemodernizer-review"
      role="group"
      aria-label={trans.__('Changes of %1', review.fixId)}
    >
      {review.cells.map(cell => (
        <CellDiff
          key={cell.cellId}
          cell={cell}
          actions={actions}
          trans={trans}
          language={props.language}
          open={review.open}
        />
      ))}
      {review.open && review.undecided > 1 && (
        <div className="jp-mlemodernizer-review-all">
          <button
            type="button"
            className="jp-mod-styled jp-mod-accept jp-mlemodernizer-button"
            onClick={() => actions.decide(review.fixId, 'accept_all')}
          >
            {trans.__('Accept all')}
          </button>
          <button
            type="button"
            className="jp-mod-styled jp-mod-reject jp-mlemodernizer-button"
            onClick={() => actions.decide(review.fixId, 'reject_all')}
          >
            {trans.__('Reject all')}
          </button>
        </div>
      )}
    </div>
  );
}

interface ICellDiffProps {
  cell: IReviewCell;
  actions: IReviewActions;
  trans: TranslationBundle;
  language: Promise<Extension | null>;
  open: boolean;
}

function CellDiff(props: ICellDiffProps): JSX.Element {
  const { cell, actions, trans } = props;
  const file = cell.path;
  // a file is named by its path; its change is written with the result, never in the notebook
  const title = file
    ? trans.__('File %1', file)
    : trans.__('Cell %1', cell.cellIndex + 1);
  // numbered as JupyterLab numbers cells (from 1)
  const what = file ?? trans.__('cell %1', cell.cellIndex + 1);
  return (
    <section
      className={`jp-mlemodernizer-cell jp-mlemodernizer-cell-${cell.status}`}
      data-cell-id={cell.cellId}
      data-cell-index={cell.cellIndex}
      aria-label={title}
    >
      <header className="jp-mlemodernizer-cell-header">
        <button
          type="button"
          className="jp-mlemodernizer-cell-link"
          title={
            file
              ? trans.__(
                  'Open %1 (your file; changed only if you accept)',
                  file
                )
              : trans.__('Show cell %1 in the notebook', cell.cellIndex + 1)
          }
          onClick={() =>
            file
              ? actions.openFile(file)
              : actions.showCell(cell.cellId, cell.cellIndex)
          }
        >
          {title}
        </button>
        <span
          className="jp-mlemodernizer-cell-stats"
          aria-label={trans.__(
            '%1 lines added, %2 removed',
            cell.stats.added,
            cell.stats.removed
          )}
        >
          <span className="jp-mlemodernizer-added">+{cell.stats.added}</span>{' '}
          <span className="jp-mlemodernizer-removed">
            −{cell.stats.removed}
          </span>
        </span>
        <StatusTag status={cell.status} trans={trans} />
      </header>
      <DiffEditor
        oldSource={cell.oldSource}
        newSource={cell.newSource}
        label={trans.__('Proposed change to %1', what)}
        language={props.language}
      />
      {cell.decidable && (
        <div className="jp-mlemodernizer-cell-actions">
          <button
            type="button"
            className="jp-mod-styled jp-mod-accept jp-mlemodernizer-button"
            aria-label={trans.__('Accept the change to %1', what)}
            onClick={() => actions.decide(cell.fixId, 'accept', cell.cellId)}
          >
            {trans.__('Accept')}
          </button>
          <button
            type="button"
            className="jp-mod-styled jp-mod-reject jp-mlemodernizer-button"
            aria-label={trans.__('Reject the change to %1', what)}
            onClick={() => actions.decide(cell.fixId, 'reject', cell.cellId)}
          >
            {trans.__('Reject')}
          </button>
        </div>
      )}
    </section>
  );
}

function StatusTag(props: {
  status: CellReviewStatus;
  trans: TranslationBundle;
}): JSX.Element | null {
  const { status, trans } = props;
  let text: string;
  switch (status) {
    case 'pending':
      text = trans.__('Needs review');
      break;
    case 'sending-accept':
      text = trans.__('Accepted (waiting for the other cells)');
      break;
    case 'sending-reject':
      text = trans.__('Rejected (waiting for the other cells)');
      break;
    case 'decided':
      text = trans.__('Decided');
      break;
    case 'accepted':
      text = trans.__('Accepted');
      break;
    case 'rejected':
      text = trans.__('Rejected');
      break;
    default:
      text = trans.__('Proposed');
  }
  return (
    <span
      className={`jp-mlemodernizer-tag jp-mlemodernizer-tag-${status}`}
      role="status"
    >
      {text}
    </span>
  );
}

interface IDiffEditorProps {
  oldSource: string;
  newSource: string;
  label: string;
  language: Promise<Extension | null>;
}

/**
 * The CodeMirror merge view, created once per diff and destroyed with it.
 */
function DiffEditor(props: IDiffEditorProps): JSX.Element {
  const host = React.useRef<HTMLDivElement>(null);
  const { oldSource, newSource, label, language } = props;
  React.useEffect(() => {
    if (!host.current) {
      return;
    }
    const editor: IDiffEditor = createDiffEditor(
      host.current,
      oldSource,
      newSource,
      label
    );
    let alive = true;
    language
      .then(extension => {
        if (alive && extension) {
          editor.setLanguage(extension);
        }
      })
      .catch(() => undefined);
    return () => {
      alive = false;
      editor.destroy();
    };
  }, [oldSource, newSource, label, language]);
  return <div className="jp-mlemodernizer-diff" ref={host} />;
}
