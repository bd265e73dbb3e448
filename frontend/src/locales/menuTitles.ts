//! Route titles (`menu.*` keys of config/routes.ts) built from one table per language, so both
//! languages always cover the same routes.

export interface TitleWords {
  areas: Record<string, string>;
  actions: { add: string; edit: string; view: string; sub: string; platform: string };
}

/** Entities with list/add/edit/view screens. */
const CRUD = [
  'system.user',
  'system.post',
  'system.dept',
  'system.menu',
  'system.topmenu',
  'system.param',
  'system.tenant',
  'system.client',
  'system.dict',
  'system.dictbiz',
  'resource.oss',
  'resource.sms',
  'authority.role',
  'notice',
];

/** Read-only screens: a list and a detail page. */
const VIEW_ONLY = ['system.log.login', 'system.log.operation', 'system.log.error'];

export function menuTitles(words: TitleWords): Record<string, string> {
  const out: Record<string, string> = {};
  Object.entries(words.areas).forEach(([key, text]) => {
    out[`menu.${key}`] = text;
  });
  const join = (a: string, b: string) => `${a} - ${b}`;
  CRUD.forEach((entity) => {
    const base = words.areas[entity];
    out[`menu.${entity}.add`] = join(base, words.actions.add);
    out[`menu.${entity}.edit`] = join(base, words.actions.edit);
    out[`menu.${entity}.view`] = join(base, words.actions.view);
  });
  VIEW_ONLY.forEach((entity) => {
    out[`menu.${entity}.view`] = join(words.areas[entity], words.actions.view);
  });
  out['menu.system.dict.sub'] = join(words.areas['system.dict'], words.actions.sub);
  out['menu.system.dictbiz.sub'] = join(words.areas['system.dictbiz'], words.actions.sub);
  out['menu.system.user.platform'] = join(words.areas['system.user'], words.actions.platform);
  return out;
}
