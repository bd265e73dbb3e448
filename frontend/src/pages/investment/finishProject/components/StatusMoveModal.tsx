//! The status moves of 已完成项目 through `project/status` (domain-model §2.2.2, §2.2.8): 投产 → 达产 with
//! the day full capacity was reached, and the re-opening of a project at 达产 — a terminal status, so
//! only an administrator's correction back to 投产, with its reason. Which of them a person may take
//! comes from the server (`nextStatuses`); the server checks the move again.
import { useIntl } from '@umijs/max';
import { Alert, DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import React from 'react';
import { ActionModal } from '@/components/Crud';
import { changeProjectStatus, FULL_CAPACITY, type FinishedProjectRecord, IN_PRODUCTION, type StatusMove } from '@/services/business/finished';

export type MoveKind = 'fullCapacity' | 'reopen';

interface MoveValues {
  fullCapacityDate?: Dayjs;
  reason?: string;
}

const DAY = 'YYYY-MM-DD';

/** The moves this screen offers on a project to whom the server allows them. */
export function movesOf(p: FinishedProjectRecord): MoveKind[] {
  const next = p.nextStatuses ?? [];
  const moves: MoveKind[] = [];
  if (p.projectStatus === IN_PRODUCTION && next.includes(FULL_CAPACITY)) moves.push('fullCapacity');
  if (p.projectStatus === FULL_CAPACITY && next.includes(IN_PRODUCTION)) moves.push('reopen');
  return moves;
}

export function toMove(kind: MoveKind, id: string, v: MoveValues): StatusMove {
  return kind === 'fullCapacity'
    ? { id, toStatus: FULL_CAPACITY, fullCapacityDate: v.fullCapacityDate?.format(DAY) ?? '' }
    : { id, toStatus: IN_PRODUCTION, reason: (v.reason ?? '').trim() };
}

export interface StatusMoveModalProps {
  kind: MoveKind;
  project: FinishedProjectRecord;
  open: boolean;
  onClose: (changed: boolean) => void;
}

const StatusMoveModal: React.FC<StatusMoveModalProps> = ({ kind, project: p, open, onClose }) => {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: `pages.investment.finishProject.${key}` });
  const [form] = Form.useForm<MoveValues>();

  return (
    <ActionModal<MoveValues>
      open={open}
      title={`${t(`${kind}.title`)} · ${p.projectName}`}
      form={form}
      submit={(values) => changeProjectStatus(toMove(kind, p.id, values))}
      onClose={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        name={`finished-${kind}`}
        initialValues={{ fullCapacityDate: p.fullCapacityDate ? dayjs(p.fullCapacityDate, DAY) : undefined }}
      >
        {kind === 'fullCapacity' ? (
          <Form.Item
            name="fullCapacityDate"
            label={t('column.fullCapacityDate')}
            rules={[
              { required: true, message: t('fullCapacity.required') },
              {
                validator: async (_, value?: Dayjs) => {
                  if (value && p.productionDate && value.format(DAY) < p.productionDate) throw new Error(t('fullCapacity.beforeProduction'));
                },
              },
            ]}
          >
            <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
          </Form.Item>
        ) : (
          <>
            <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('reopen.help')} />
            <Form.Item name="reason" label={t('reopen.reason')} rules={[{ required: true, whitespace: true, message: t('reopen.required') }]}>
              <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
            </Form.Item>
          </>
        )}
      </Form>
    </ActionModal>
  );
};

export default StatusMoveModal;
