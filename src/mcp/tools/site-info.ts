import { SCOPES, type Principal } from '../../auth/principal.js';
import { defineTool } from '../tool.js';

/** A principal stays the same object while its token, account and role are unchanged (see AuthService.verify). */
const keys = new WeakMap<Principal, string>();

function callerKey(principal: Principal): string {
  let key = `${principal.role.length}:${principal.role}\n`;
  for (const capability of principal.capabilities) key += `${capability},`;
  key += '\n';
  for (const scope of principal.scopes) key += `${scope},`;
  return `${key}\n${principal.name}`;
}

/** The spec's "Site info": who the site is, what it holds, and who the assistant acts for. */
export const siteInfoTool = defineTool({
  name: 'site_info',
  title: 'Site info',
  description:
    'Start here. Returns the site: title, description, url, languages, default_language, content_types (folder and number of entries), categories and their fields, timezone, and you (the person the token acts for, their role and capabilities) with token_scopes.',
  scope: null,
  input: null,
  output: 'siteInfoOutput',
  readOnly: true,
  // The answer is the content's (site config, counts) plus who the caller is: the same key, the same answer.
  // Capabilities and scopes are fixed vocabularies without commas; the role's length keeps role and name apart.
  cacheKey: (_args, { principal }) => {
    let key = keys.get(principal);
    if (key === undefined) keys.set(principal, (key = callerKey(principal)));
    return key;
  },
  handler: (_args, { deps, principal }) => {
    const store = deps.content;
    const site = store.site();
    const counts = store.counts();
    return {
      title: site.title,
      description: site.description,
      url: site.url,
      languages: site.languages,
      default_language: site.defaultLanguage,
      content_types: Object.fromEntries(site.types.map((type) => [type.key, { label: type.label, folder: type.folder, entries: counts[type.key] ?? 0 }])),
      categories: Object.fromEntries(Object.values(site.categories).map((category) => [category.key, {
        label: category.label,
        kind: category.kind,
        fields: Object.fromEntries(Object.entries(category.fields).map(([key, field]) => [key, {
          type: field.type,
          label: field.label,
          required: field.required,
          options: field.options,
          same_in_all_languages: field.same_in_all_languages,
        }])),
      }])),
      you: { name: principal.name, role: principal.role, capabilities: [...principal.capabilities].sort() },
      token_scopes: SCOPES.filter((scope) => principal.scopes.has(scope)),
      timezone: site.timezone,
    };
  },
});
