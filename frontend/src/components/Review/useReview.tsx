//! Review steps on a list or a record: the opinion dialog of a screen, and the handlers CrudTable
//! needs for the review buttons. A button shows on a row only when the row's `nextSteps` has its step
//! (CrudTable already shows only granted buttons); withdraw, resubmit and un-approve, which the seed
//! does not list as buttons, come as extra buttons of the grant that brings them.
import { useIntl } from '@umijs/max';
import React, { useCallback, useMemo, useRef, useState } from 'react';
import type { CrudAction, ExtraButton } from '@/components/Crud';
import { REVIEW_STEPS, type Reviewable, type ReviewService, type ReviewStep } from '@/services/review';
import { getButton } from '@/utils/authority';
import { showWarning } from '@/utils/requestMessages';
import OpinionModal from './OpinionModal';
import { allows, GRANTED_BY } from './steps';

type Service = Pick<ReviewService, 'review'>;
type Label = (step: ReviewStep) => string;

/** The name of a step in the user's language. */
export function useStepLabel(): Label {
  const intl = useIntl();
  return useCallback((step: ReviewStep) => intl.formatMessage({ id: `component.review.step.${step}` }), [intl]);
}

interface Pending {
  step: ReviewStep;
  ids: string[];
  skipped: number;
  onDone?: () => void;
  seq: number;
}

/**
 * `start(step, rows, onDone)` opens the dialog for the rows on which the server allows the step (a
 * warning when there are none); `onDone` runs once the step was taken. Render `holder`.
 */
export function useReviewDialog(service: Service) {
  const intl = useIntl();
  const label = useStepLabel();
  const [pending, setPending] = useState<Pending>();
  const seq = useRef(0);
  const start = useCallback(
    (step: ReviewStep, rows: Reviewable[], onDone?: () => void) => {
      const allowed = rows.filter((r) => allows(r, step));
      if (!allowed.length) {
        showWarning(intl.formatMessage({ id: 'component.review.noneAllowed' }, { step: label(step) }));
        return;
      }
      seq.current += 1;
      setPending({ step, ids: allowed.map((r) => String(r.id)), skipped: rows.length - allowed.length, onDone, seq: seq.current });
    },
    [intl, label],
  );
  const holder = pending ? (
    <OpinionModal
      // a fresh dialog (and form) for each step taken
      key={pending.seq}
      step={pending.step}
      ids={pending.ids}
      skipped={pending.skipped}
      service={service}
      onClose={(changed) => {
        setPending(undefined);
        if (changed) pending.onDone?.();
      }}
    />
  ) : null;
  return { start, holder };
}

/** CrudTable handlers, one per step, keyed by the step's button alias: a row shows the button only
 * when its `nextSteps` has the step; a toolbar button takes the selected rows that allow it. */
export function reviewActions<T extends Reviewable>(
  label: Label,
  start: (step: ReviewStep, rows: T[], onDone: () => void) => void,
): Record<ReviewStep, CrudAction<T>> {
  const action = (step: ReviewStep): CrudAction<T> => ({
    label: () => label(step),
    hidden: (row) => !allows(row, step),
    needs: 'some',
    run: ({ rows, reload }) => start(step, rows, reload),
  });
  return Object.fromEntries(REVIEW_STEPS.map((step) => [step, action(step)])) as Record<ReviewStep, CrudAction<T>>;
}

/** The row buttons of the steps the menu does not list, each brought by the grant of its step
 * (withdraw and resubmit by `submit`, un-approve by `approve`); a step the menu lists stays its own. */
export function reviewExtraButtons(menuCode: string, label: Label): ExtraButton[] {
  const listed = new Set(getButton(menuCode).map((b) => b.alias));
  return REVIEW_STEPS.filter((step) => GRANTED_BY[step] !== step && !listed.has(step)).map((step) => ({
    alias: step,
    name: label(step),
    grantedBy: GRANTED_BY[step],
    place: 'row',
  }));
}

/**
 * Everything a CrudTable of filings needs for the workflow: spread `actions` into its actions, pass
 * `extraButtons`, and render `holder`.
 */
export function useReviewActions<T extends Reviewable>(service: Service, menuCode: string) {
  const label = useStepLabel();
  const { start, holder } = useReviewDialog(service);
  const actions = useMemo(() => reviewActions<T>(label, start), [label, start]);
  const extraButtons = useMemo(() => reviewExtraButtons(menuCode, label), [menuCode, label]);
  return { actions, extraButtons, holder };
}
