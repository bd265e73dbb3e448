// The fake `/project` business service of the wire contract (issue 15, /tmp/project-contract.md) over an
// in-memory store, served by ./backend.ts: the list with its filters, one project, create-or-update
// (a field left out keeps its value; refusals name their field in the server's words), removal of
// drafts, the review workflow (nextSteps from the server's table, an opinion to return, the fields a
// submission needs), its log and 入库纳统. Each back end starts from its own copy of the seed.
import dayjs from 'dayjs';
import { toScaled } from '@/components/Figures';
import type { ProjectRecord } from '@/services/business/project';
import type { ReviewLogEntry, ReviewStep } from '@/services/review';
import { fail, json, ok, type RecordedRequest } from './fetchMock';

export const PROJECT_API = '/api/project/';

/** The moves of services/business/src/review: from, step, to. */
const MOVES: [string, ReviewStep, string][] = [
  ['0', 'submit', '1'],
  ['1', 'approve', '2'],
  ['1', 'return', '3'],
  ['1', 'withdraw', '0'],
  ['3', 'resubmit', '1'],
  ['2', 'unapprove', '1'],
];
const STATUS_NAMES: Record<string, string> = { '0': '草稿', '1': '待审核', '2': '已通过', '3': '已退回' };
/** What a draft needs, and what a submission needs besides (contract: "Required on submit"). */
const DRAFT_NEEDS = ['projectName', 'projectType', 'deptId'];
const SUBMIT_NEEDS = [
  'projectSource', 'projectStatus', 'constructionNature', 'industryCode', 'projectLevel', 'isKeyProject', 'address',
  'constructionContent', 'totalInvestment', 'ownerContact', 'ownerPhone',
];
/** The fields a client never sets. */
const READ_ONLY = new Set([
  'projectNo', 'libraryStatus', 'isTracked', 'isStatIncluded', 'statIncludedPeriod', 'cumulativeInvestment', 'submitTime',
  'entryDate', 'createTime', 'updateTime', 'reportStatus', 'nextSteps', 'submitUserName', 'reviewOpinion',
]);

/** A project with every field empty, as the server sends one. */
export function emptyProject(over: Partial<ProjectRecord> = {}): ProjectRecord {
  const blank = Object.fromEntries(
    [
      'projectNo', 'approvalCode', 'projectName', 'ownerName', 'investorName', 'investorOrigin', 'projectSource', 'projectType',
      'projectStatus', 'constructionNature', 'industryCode', 'leadingIndustry', 'projectLevel', 'isKeyProject', 'isTracked', 'address',
      'constructionContent', 'signDate', 'plannedStartDate', 'actualStartDate', 'plannedCompletionDate', 'actualCompletionDate',
      'productionDate', 'fullCapacityDate', 'responsibleLeader', 'responsiblePerson', 'responsiblePhone', 'ownerContact', 'ownerPhone',
      'isStatIncluded', 'statIncludedPeriod', 'currentStage', 'exitReason', 'exitDate', 'remark', 'submitTime', 'entryDate',
      'createTime', 'updateTime', 'enterpriseName', 'deptName', 'industryDeptName', 'responsibleDeptName', 'projectTypeName',
      'projectStatusName', 'libraryStatusName', 'projectSourceName', 'constructionNatureName', 'industryName', 'leadingIndustryName',
      'projectLevelName', 'investorOriginName', 'investmentBand', 'investmentBandName', 'submitUserName', 'reviewOpinion',
    ].map((k) => [k, '']),
  );
  return { ...(blank as unknown as ProjectRecord), id: '', libraryStatus: '0', reportStatus: '0', isKeyProject: 'N', isTracked: 'N', isStatIncluded: 'N', ...over };
}

const empty = (v: unknown) => v === undefined || v === null || v === '';
const fieldError = (field: string, reason: string) => json({ code: 400, success: false, msg: `${field}: ${reason}`, data: { field, reason } }, 400);
const now = () => dayjs().format('YYYY-MM-DD HH:mm:ss');

export interface ProjectServiceOptions {
  /** the enterprises' names by id (the label of `enterpriseId`) */
  enterprises?: Record<string, string>;
  /** the departments under each department (a `deptId` filter includes them) */
  deptChildren?: Record<string, string[]>;
  /** the history so far */
  log?: ProjectLogEntry[];
}

/** A move in the history, with the project it was taken on. */
export type ProjectLogEntry = ReviewLogEntry & { projectId: string };

export function projectService(seed: ProjectRecord[], opts: ProjectServiceOptions = {}) {
  const rows: ProjectRecord[] = seed.map((p) => ({ ...p }));
  /** every move taken, with the project it was taken on */
  const log: ProjectLogEntry[] = [...(opts.log ?? [])];
  let seq = rows.length;

  const view = (p: ProjectRecord): ProjectRecord => ({
    ...p,
    enterpriseName: p.enterpriseId ? (opts.enterprises?.[p.enterpriseId] ?? p.enterpriseName) : p.ownerName,
    libraryStatusName: STATUS_NAMES[p.libraryStatus] ?? '',
    reportStatus: p.libraryStatus,
    nextSteps: MOVES.filter(([from]) => from === p.libraryStatus).map(([, step]) => step),
  });
  const find = (id: unknown) => rows.find((p) => p.id === String(id));
  const under = (dept: string): string[] => [dept, ...(opts.deptChildren?.[dept] ?? []).flatMap(under)];

  function list(q: Record<string, string>) {
    const depts = q.deptId ? under(q.deptId) : undefined;
    const found = rows.filter(
      (p) =>
        (!q.projectName || p.projectName.includes(q.projectName)) &&
        (!depts || depts.includes(String(p.deptId))) &&
        (['projectType', 'projectSource', 'industryCode', 'projectStatus', 'libraryStatus'] as const).every((k) => !q[k] || p[k] === q[k]) &&
        (!q.inLibrary || (q.inLibrary === 'Y') === (p.libraryStatus === '2')) &&
        (!q.submitTimeStart || (!!p.submitTime && p.submitTime.slice(0, 10) >= q.submitTimeStart)) &&
        (!q.submitTimeEnd || (!!p.submitTime && p.submitTime.slice(0, 10) <= q.submitTimeEnd)),
    );
    const size = Number(q.size) || 10;
    const current = Number(q.current) || 1;
    const records = found.slice((current - 1) * size, current * size).map(view);
    return ok({ records, total: found.length, size, current, pages: Math.ceil(found.length / size) });
  }

  /** The checks of `submit` and of the submit step, in the server's words; a Response when refused. */
  function refusal(p: ProjectRecord, submitting: boolean): Response | undefined {
    const needs = submitting ? [...DRAFT_NEEDS, ...SUBMIT_NEEDS] : DRAFT_NEEDS;
    const missing = needs.find((f) => empty((p as unknown as Record<string, unknown>)[f]));
    if (missing) return fieldError(missing, '不能为空');
    if (submitting && empty(p.enterpriseId) && empty(p.ownerName)) return fieldError('enterpriseId', '请选择项目单位或填写项目单位名称');
    const total = toScaled(p.totalInvestment, 4);
    if (total !== undefined && total <= 0n) return fieldError('totalInvestment', '计划总投资必须大于0');
    const equipment = toScaled(p.equipmentInvestment, 4);
    if (total !== undefined && equipment !== undefined && equipment > total) return fieldError('equipmentInvestment', '设备投资不能大于计划总投资');
    if (p.plannedStartDate && p.plannedCompletionDate && p.plannedCompletionDate < p.plannedStartDate) {
      return fieldError('plannedCompletionDate', '计划竣工日期不能早于计划开工日期');
    }
    return undefined;
  }

  function submit(body: Record<string, unknown>) {
    const old = body.id ? find(body.id) : undefined;
    if (body.id && !old) return fail(404, '项目不存在');
    if (old && !['0', '3'].includes(old.libraryStatus)) return fail(400, '只有草稿或已退回的项目可以修改');
    const changes = Object.fromEntries(Object.entries(body).filter(([k]) => !READ_ONLY.has(k) && k !== 'id' && !(old && k === 'projectStatus')));
    if (!old && ['90', '99'].includes(String(changes.projectStatus))) return fieldError('projectStatus', '新入库的项目不能为停缓建或终止');
    const next = { ...(old ?? emptyProject({ createTime: now(), projectStatus: '10' })), ...changes, updateTime: now() } as ProjectRecord;
    if (!next.projectStatus) next.projectStatus = '10';
    const refused = refusal(next, false);
    if (refused) return refused;
    if (old) Object.assign(old, next);
    else rows.push({ ...next, id: `p${(seq += 1)}` });
    return ok({ id: old ? old.id : rows[rows.length - 1].id });
  }

  function remove(ids: string[]) {
    const targets = ids.map(find);
    if (targets.some((p) => !p)) return fail(404, '项目不存在');
    if (targets.some((p) => !['0', '3'].includes(p!.libraryStatus) || p!.projectNo)) return fail(400, '只能删除草稿或从未通过的已退回项目');
    targets.forEach((p) => rows.splice(rows.indexOf(p!), 1));
    return ok({ count: targets.length });
  }

  function review({ ids = [], step, opinion = '' }: { ids?: string[]; step: ReviewStep; opinion?: string }) {
    const targets = ids.map(find);
    if (!targets.length || targets.some((p) => !p)) return fail(404, '项目不存在');
    if ((step === 'return' || step === 'unapprove') && !opinion.trim()) return fieldError('opinion', step === 'return' ? '退回须填写审核意见' : '反审核须填写原因');
    for (const p of targets as ProjectRecord[]) {
      if (!MOVES.some(([from, s]) => from === p.libraryStatus && s === step)) return fail(400, `${p.projectName}: 当前状态不能执行该操作`);
      const refused = step === 'submit' || step === 'resubmit' ? refusal(p, true) : undefined;
      if (refused) return refused;
    }
    for (const p of targets as ProjectRecord[]) {
      const from = p.libraryStatus;
      p.libraryStatus = MOVES.find(([f, s]) => f === from && s === step)![2];
      if (step === 'submit' || step === 'resubmit') Object.assign(p, { submitTime: now(), submitUserName: '管理员' });
      if (step === 'return' || step === 'approve') p.reviewOpinion = opinion;
      if (step === 'approve') {
        const total = toScaled(p.totalInvestment, 4) ?? 0n;
        Object.assign(p, {
          projectNo: p.projectNo || `XM${dayjs().year()}-${String(rows.indexOf(p) + 1).padStart(4, '0')}`,
          entryDate: dayjs().format('YYYY-MM-DD'),
          isTracked: total >= 50000000n || p.isKeyProject === 'Y' ? 'Y' : 'N',
        });
      }
      log.push({ projectId: p.id, id: `l${log.length + 1}`, step, fromStatus: from, toStatus: p.libraryStatus, opinion, operatorName: '管理员', createTime: now() });
    }
    return ok({ count: targets.length });
  }

  function statIncluded({ id, period }: { id?: string; period?: string }) {
    const p = find(id);
    if (!p) return fail(404, '项目不存在');
    if (p.libraryStatus !== '2' || Number(p.projectStatus) < 50) return fail(400, '只有已入库且在建的项目可以纳统');
    if (!p.approvalCode) return fieldError('approvalCode', '入库纳统须填写投资项目代码');
    if (!/^\d{4}-\d{2}$/.test(period ?? '')) return fieldError('period', '纳统时间应为 YYYY-MM');
    Object.assign(p, { isStatIncluded: 'Y', statIncludedPeriod: period });
    return ok({ id: p.id });
  }

  /** Answers a request under `/api/project/`. */
  function handle(req: RecordedRequest): Response {
    const url = new URL(req.url, 'http://x');
    const q = Object.fromEntries(url.searchParams);
    const body = () => JSON.parse(String(req.body ?? '{}'));
    switch (url.pathname.slice(PROJECT_API.length)) {
      case 'list':
        return list(q);
      case 'detail': {
        const p = find(q.id);
        return p ? ok(view(p)) : fail(404, '项目不存在');
      }
      case 'submit':
        return submit(body());
      case 'remove':
        return remove((new URLSearchParams(String(req.body)).get('ids') ?? '').split(',').filter(Boolean));
      case 'review':
        return review(body());
      case 'review-log':
        return ok(log.filter((e) => e.projectId === q.id).map(({ projectId: _, ...entry }) => entry));
      case 'stat-included':
        return statIncluded(body());
      case 'export':
        return new Response('xlsx', { headers: { 'Content-Disposition': 'attachment; filename="project.xlsx"' } });
      default:
        return fail(404, 'no such path');
    }
  }

  return { rows, log, handle, view };
}
