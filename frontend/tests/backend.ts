// A fake keeper back end behind `fetch`: the calls a signed-in session makes, the business services
// written against their contracts (`/project`, ./projectService.ts), with overrides.
import { fail, json, mockFetch, ok, type RecordedRequest } from './fetchMock';
import { MENUS } from './menus';
import { PROJECT_API, projectService, type ProjectServiceOptions } from './projectService';

export const TOKEN = {
  access_token: 'A1',
  token_type: 'bearer',
  refresh_token: 'R1',
  expires_in: 3600,
  tenant_id: '000000',
  user_id: '1',
  account: 'admin',
  user_name: 'admin',
  nick_name: '管理员',
  role_name: 'administrator',
  avatar: '',
};

export const path = (r: RecordedRequest) => r.url.split('?')[0];

/** What the business services hold when the back end starts. */
export interface BackendSeed {
  /** the projects of `/project` and its options (enterprise names, department tree, history) */
  projects?: Parameters<typeof projectService>[0];
  projectOptions?: ProjectServiceOptions;
}

/** Overrides by path; a handler may read the request (query, body). Answers the recorded calls and
 * the business services' stores (`projects.rows`, `projects.log`). */
export function backend(over: Partial<Record<string, (req: RecordedRequest) => Response>> = {}, seed: BackendSeed = {}) {
  const projects = projectService(seed.projects ?? [], seed.projectOptions);
  const mock = mockFetch((req) => {
    const handler = over[path(req)];
    if (handler) return handler(req);
    if (path(req).startsWith(PROJECT_API)) return projects.handle(req);
    switch (path(req)) {
      case '/api/keeper-system/menu/routes':
        return ok(MENUS);
      case '/api/keeper-system/menu/buttons':
        return ok([
          {
            id: 'user', parentId: 'system', code: 'user', name: '用户管理', alias: 'menu', path: '/system/user',
            children: [{ id: 'b', parentId: 'user', code: 'user_add', name: '新增', alias: 'add', path: '/system/user/add' }],
          },
        ]);
      case '/api/keeper-system/menu/top-menu':
        return ok([{ id: 't1', code: 'park', name: '园区', source: 'bank', sort: 1, tenantId: '000000' }]);
      case '/api/keeper-system/user/info':
        return ok({ id: '1', tenantId: '000000', tenantName: '管理组', account: 'admin', realName: '管理员', deptName: '园区' });
      case '/api/keeper-system/dict-biz/dictionary':
        return ok([{ dictKey: '1', dictValue: new URL(req.url, 'http://x').searchParams.get('code') }]);
      case '/api/projectAttachment/list':
        return ok([]);
      // the header's bell and the home page's notices, on every signed-in page: nothing unread
      case '/api/noticeManager/unread':
        return ok({ count: 0, list: [] });
      case '/api/noticeManager/mine':
        return ok({ records: [], total: 0, size: 5, current: 1, pages: 0 });
      // the home page's to-dos: none of them is this person's
      case '/api/workbench/todo':
        return ok({ period: '2026-10', items: [] });
      case '/api/parkCompany/list':
        return ok({ records: [{ id: 'c1', companyName: '甲公司' }], total: 1, size: 10, current: 1, pages: 1 });
      case '/api/keeper-auth/oauth/captcha':
        return json({ key: 'K1', image: 'data:image/png;base64,iVBORw0KGgo=' });
      case '/api/keeper-auth/oauth/token':
        return json(TOKEN);
      default:
        return fail(404, 'no such path');
    }
  });
  return { ...mock, projects };
}

