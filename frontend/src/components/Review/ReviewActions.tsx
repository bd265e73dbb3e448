//! The review buttons of one record (a drawer's footer, a detail page): exactly the steps the server
//! lists in its `nextSteps` that the user's buttons on the menu grant; none when there are none.
import { Button, Space } from 'antd';
import React, { useMemo } from 'react';
import type { Reviewable, ReviewService } from '@/services/review';
import { grantedSteps } from './steps';
import { useReviewDialog, useStepLabel } from './useReview';

export interface ReviewActionsProps {
  record: Reviewable;
  service: Pick<ReviewService, 'review'>;
  /** the menu whose buttons grant the steps (`output_report`) */
  menuCode: string;
  /** after a step was taken (reload the record or close the drawer) */
  onDone?: () => void;
}

const ReviewActions: React.FC<ReviewActionsProps> = ({ record, service, menuCode, onDone }) => {
  const label = useStepLabel();
  const { start, holder } = useReviewDialog(service);
  const steps = useMemo(() => {
    const granted = new Set(grantedSteps(menuCode));
    return (record.nextSteps ?? []).filter((s) => granted.has(s));
  }, [record.nextSteps, menuCode]);
  return (
    <>
      {steps.length ? (
        <Space wrap data-testid="review-actions">
          {steps.map((step) => (
            <Button
              key={step}
              type={step === 'approve' || step === 'submit' || step === 'resubmit' ? 'primary' : 'default'}
              danger={step === 'return' || step === 'unapprove'}
              onClick={() => start(step, [record], onDone)}
            >
              {label(step)}
            </Button>
          ))}
        </Space>
      ) : null}
      {holder}
    </>
  );
};

export default ReviewActions;
