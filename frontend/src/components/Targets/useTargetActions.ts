//! The list buttons of a target's lifecycle, alike on both target screens: 修改 of drafts and targets
//! being revised, 查看, 删除 of drafts, and 下达 / 确认 / 调整 where the target's `nextSteps` (the
//! server's word) allow them. 下达 and 确认 act on the chosen rows they are allowed on, after asking; the
//! others are said to be skipped, and none allowed is a warning without a call.
import { useIntl } from '@umijs/max';
import { buttonLabel, type ConfirmOptions, type CrudAction, type CrudActionContext } from '@/components/Crud';
import { TARGET_STATUS, type TargetRecord, type TargetStep } from '@/services/business/deptTarget';
import { showWarning } from '@/utils/requestMessages';
import type { TargetT } from './messages';

/** A target as far as its lifecycle is read. */
type Lifecycle = Pick<TargetRecord, 'id' | 'targetStatus' | 'nextSteps'>;

/** Only drafts and targets being revised change; only drafts go. */
const EDITABLE: string[] = [TARGET_STATUS.draft, TARGET_STATUS.revising];

const allows = (row: Lifecycle, step: TargetStep) => !!row.nextSteps?.includes(step);

/** The screen's calls of 下达 and 确认 on the ids allowed. */
export type StepCalls = Record<'issue' | 'confirm', (ids: string[]) => Promise<API.Result<unknown> | undefined>>;

/** What the screen opens: its add / edit drawer on a target, its view, its 调整 dialog. */
export interface TargetOpeners<R> {
  edit: (id: string) => void;
  view: (id: string) => void;
  revise: (row: R) => void;
}

/** The actions `edit`, `view`, `delete`, `release`, `confirm` and `revise` of the screen's CrudTable. */
export function useTargetActions<R extends Lifecycle>(
  t: TargetT,
  confirm: (opts: ConfirmOptions) => void,
  calls: StepCalls,
  open: TargetOpeners<R>,
): Record<'edit' | 'view' | 'delete' | 'release' | 'confirm' | 'revise', CrudAction<R>> {
  const intl = useIntl();

  /** 下达 or 确认 of the chosen rows the server allows it on, after asking. */
  const step =
    (which: 'issue' | 'confirm') =>
    ({ rows, reload, button }: CrudActionContext<R>) => {
      const allowed = rows.filter((r) => allows(r, which));
      const label = buttonLabel(intl, button);
      if (!allowed.length) {
        showWarning(t('step.noneAllowed', { step: label }));
        return;
      }
      const skipped = rows.length - allowed.length;
      confirm({
        title: label,
        content: `${t(`step.${which}.confirm`, { count: allowed.length })}${skipped ? t('step.skipped', { count: skipped }) : ''}`,
        call: () => calls[which](allowed.map((r) => r.id)),
        onDone: reload,
      });
    };

  return {
    edit: { needs: 'one', hidden: (row) => !EDITABLE.includes(row.targetStatus), run: ({ rows }) => open.edit(rows[0].id) },
    view: { needs: 'one', run: ({ rows }) => open.view(rows[0].id) },
    delete: { hidden: (row) => row.targetStatus !== TARGET_STATUS.draft },
    release: { hidden: (row) => !allows(row, 'issue'), run: step('issue') },
    confirm: { hidden: (row) => !allows(row, 'confirm'), run: step('confirm') },
    revise: { needs: 'one', hidden: (row) => !allows(row, 'revise'), run: ({ rows }) => open.revise(rows[0]) },
  };
}
