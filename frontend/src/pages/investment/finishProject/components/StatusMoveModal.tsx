//! The status moves of 已完成项目 through `project/status` (domain-model §2.2.2, §2.2.8): 投产 → 达产 with
//! the day full capacity was reached, and the re-opening of a project at 达产 — a terminal status, so
//! only an administrator's correction back to 投产, with its reason. Which of them a person may take
//! comes from the server (`nextStatuses`); the server checks the move again. 投产 → 达产 is the park's,
//! confirmed by review: a keeper who may not take it proposes it (申报达产) with the day and a reason, and a
//! reviewer confirms or returns the proposal with an opinion.
import { useIntl } from '@umijs/max';
import { Alert, DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import React from 'react';
import { ActionModal } from '@/components/Crud';
import {
  changeProjectStatus,
  decideProposal,
  FULL_CAPACITY,
  type FinishedProjectRecord,
  IN_PRODUCTION,
  proposeStatus,
  type StatusMove,
} from '@/services/business/finished';

/** 达产 taken by a reviewer; 申报达产 by the keeper, confirmed or returned by a reviewer; re-opening. */
export type MoveKind = 'fullCapacity' | 'propose' | 'confirm' | 'reject' | 'reopen';

interface MoveValues {
  fullCapacityDate?: Dayjs;
  reason?: string;
  opinion?: string;
}

const DAY = 'YYYY-MM-DD';

/** The moves this screen offers on a project to whom the server allows them: whoever may take 达产 (a
 * reviewer) answers a waiting proposal or takes it directly; the keeper without that right proposes it. */
export function movesOf(p: FinishedProjectRecord): MoveKind[] {
  const next = p.nextStatuses ?? [];
  const moves: MoveKind[] = [];
  if (p.projectStatus === IN_PRODUCTION) {
    const waiting = p.proposedStatus === FULL_CAPACITY;
    if (next.includes(FULL_CAPACITY)) moves.push(...(waiting ? (['confirm', 'reject'] as const) : (['fullCapacity'] as const)));
    else if (!waiting) moves.push('propose');
  }
  if (p.projectStatus === FULL_CAPACITY && next.includes(IN_PRODUCTION)) moves.push('reopen');
  return moves;
}

export function toMove(kind: 'fullCapacity' | 'reopen', id: string, v: MoveValues): StatusMove {
  return kind === 'fullCapacity'
    ? { id, toStatus: FULL_CAPACITY, fullCapacityDate: v.fullCapacityDate?.format(DAY) ?? '' }
    : { id, toStatus: IN_PRODUCTION, reason: (v.reason ?? '').trim() };
}

/** What saving the dialog of `kind` sends. */
function save(kind: MoveKind, p: FinishedProjectRecord, v: MoveValues) {
  switch (kind) {
    case 'propose':
      return proposeStatus({ id: p.id, toStatus: FULL_CAPACITY, statusDate: v.fullCapacityDate?.format(DAY) ?? '', reason: (v.reason ?? '').trim() });
    case 'confirm':
    case 'reject':
      return decideProposal(kind, { id: p.id, opinion: (v.opinion ?? '').trim() });
    default:
      return changeProjectStatus(toMove(kind, p.id, v));
  }
}

/** A 申报达产 waiting for review: the day, who proposed it and why — as the reviewer and the park read it. */
export const WaitingProposal: React.FC<{ project: FinishedProjectRecord }> = ({ project: p }) => {
  const intl = useIntl();
  return (
    <Alert
      data-testid="proposal"
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title={intl.formatMessage(
        { id: 'pages.investment.finishProject.proposal.waiting' },
        { date: p.proposedDate, name: p.proposedByName, reason: p.proposalReason },
      )}
    />
  );
};

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
      submit={(values) => save(kind, p, values)}
      onClose={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        name={`finished-${kind}`}
        initialValues={{ fullCapacityDate: p.fullCapacityDate ? dayjs(p.fullCapacityDate, DAY) : undefined }}
      >
        {kind === 'confirm' || kind === 'reject' ? (
          <>
            <WaitingProposal project={p} />
            <Form.Item
              name="opinion"
              label={t('proposal.opinion')}
              rules={kind === 'reject' ? [{ required: true, whitespace: true, message: t('proposal.opinionRequired') }] : []}
            >
              <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
            </Form.Item>
          </>
        ) : null}
        {kind === 'fullCapacity' || kind === 'propose' ? (
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
        ) : null}
        {kind === 'propose' ? (
          <Form.Item name="reason" label={t('propose.reason')} rules={[{ required: true, whitespace: true, message: t('propose.required') }]}>
            <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} placeholder={t('propose.placeholder')} />
          </Form.Item>
        ) : null}
        {kind === 'reopen' ? (
          <>
            <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('reopen.help')} />
            <Form.Item name="reason" label={t('reopen.reason')} rules={[{ required: true, whitespace: true, message: t('reopen.required') }]}>
              <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
            </Form.Item>
          </>
        ) : null}
      </Form>
    </ActionModal>
  );
};

export default StatusMoveModal;
