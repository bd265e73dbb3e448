// Fixtures shared by the tests of the resource screens (oss, sms, attach): the menus that reach them,
// their buttons as the seed grants them, and a fake back end built on tests/backend.ts.
import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { backend } from '../../../tests/backend';
import { ok, type RecordedRequest } from '../../../tests/fetchMock';
import { signIn, submitForm } from '../../../tests/helpers';
import { menu } from '../../../tests/menus';
import { body, last, menuButton } from '../../../tests/page';
import { renderApp } from '../../../tests/renderApp';
import { grantedButtons } from '../system/dept/testkit';

export const RESOURCE_MENUS: API.MenuRoute[] = [
  menu('resource', '资源管理', '/resource', 98, [
    menu('oss', '对象存储', '/resource/oss', 1),
    menu('sms', '短信配置', '/resource/sms', 2),
    menu('attach', '附件管理', '/resource/attach', 3),
  ]),
];

/** The seed's buttons of a configuration menu (oss, sms): add on the toolbar; view, edit, enable and
 * delete on the rows. */
export function configButtons(code: 'oss' | 'sms'): API.MenuButton[] {
  return [
    menuButton(code, 'add', 1, `/resource/${code}/add`, 1),
    menuButton(code, 'view', 2, `/resource/${code}/view`, 2),
    menuButton(code, 'edit', 2, `/resource/${code}/edit`, 3),
    menuButton(code, 'enable', 2, `/api/keeper-resource/${code}/enable`, 4),
    menuButton(code, 'delete', 2, `/api/keeper-resource/${code}/remove`, 5),
  ];
}

/** A page of records as the list calls answer it. */
export const page = <T>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });

/** The whole app's fake back end, reaching the resource screens with these buttons. */
export function resourceBackend(buttons: Record<string, API.MenuButton[]>, over: Parameters<typeof backend>[0] = {}) {
  return backend({
    '/api/keeper-system/menu/routes': () => ok(RESOURCE_MENUS),
    '/api/keeper-system/menu/top-menu': () => ok([]),
    '/api/keeper-system/menu/buttons': () => ok(grantedButtons(buttons)),
    ...over,
  });
}

/** Submits the configuration form of `kind`, waits for the way back to the list, and answers the
 * JSON body the form sent. */
export async function submitConfig(kind: 'oss' | 'sms', app: { location: () => string }, calls: RecordedRequest[]) {
  await submitForm(`${kind}-form`);
  await waitFor(() => expect(app.location()).toBe(`/resource/${kind}/list`));
  return body(last(calls, `/api/keeper-resource/${kind}/submit`)!);
}

/** Signs in, serves the screens through `serve` with a submit that succeeds, and opens `route`. */
export async function openConfigForm(kind: 'oss' | 'sms', route: string, serve: (over: Parameters<typeof backend>[0]) => { calls: RecordedRequest[] }) {
  signIn();
  const { calls } = serve({ [`/api/keeper-resource/${kind}/submit`]: () => ok({ id: '9' }) });
  const app = await renderApp(route);
  return { calls, app };
}
