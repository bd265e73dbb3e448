//! The dialog of one review step on some rows: it says what is about to happen and, for the
//! reviewer's steps, asks for the opinion — required to return or un-approve (the filler must learn
//! what to fix, the record why it was reopened), optional to approve. The server checks the same and
//! its refusal lands on the field.
import { useIntl } from '@umijs/max';
import { Form, Input, Typography } from 'antd';
import React from 'react';
import { ActionModal } from '@/components/Crud';
import type { ReviewService, ReviewStep } from '@/services/review';
import { needsOpinion, takesOpinion } from './steps';

/** The longest opinion the server keeps (`MAX_OPINION` of services/business/src/review). */
export const MAX_OPINION = 500;

export interface OpinionModalProps {
  /** the step to take; the dialog is open while there is one */
  step?: ReviewStep;
  ids: string[];
  /** selected rows left out because the server does not allow the step on them */
  skipped?: number;
  service: Pick<ReviewService, 'review'>;
  onClose: (changed: boolean) => void;
}

const OpinionModal: React.FC<OpinionModalProps> = ({ step, ids, skipped = 0, service, onClose }) => {
  const intl = useIntl();
  const [form] = Form.useForm<{ opinion?: string }>();
  const t = (id: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `component.review.${id}` }, values as any);
  const stepLabel = step ? t(`step.${step}`) : '';
  const required = !!step && needsOpinion(step);
  return (
    <ActionModal<{ opinion?: string }>
      open={!!step}
      title={stepLabel}
      form={form}
      okButtonProps={{ danger: step === 'return' || step === 'unapprove' }}
      submit={({ opinion }) => service.review(step!, ids, (opinion ?? '').trim())}
      onClose={onClose}
    >
      <Typography.Paragraph>{t('confirm', { step: stepLabel, count: ids.length })}</Typography.Paragraph>
      {skipped ? <Typography.Paragraph type="warning">{t('skipped', { step: stepLabel, count: skipped })}</Typography.Paragraph> : null}
      <Form form={form} layout="vertical" name="review-opinion" preserve={false}>
        {step && takesOpinion(step) ? (
          <Form.Item
            name="opinion"
            label={t(step === 'unapprove' ? 'reason' : 'opinion')}
            // the text area stops at MAX_OPINION characters, so length needs no rule
            rules={[{ required, whitespace: true, message: required ? t(`opinion.required.${step}`) : undefined }]}
          >
            <Input.TextArea rows={3} showCount maxLength={MAX_OPINION} placeholder={required ? undefined : t('opinion.optional')} />
          </Form.Item>
        ) : null}
      </Form>
    </ActionModal>
  );
};

export default OpinionModal;
