// Reads a form of a panel page the way a browser submits it: hidden, text-like and checked inputs, textareas
// (less the newline a browser drops after <textarea>), and each select's chosen option. Tests change a few
// fields of what the page shows and send the rest as it is, as a person would.

export type FormFields = Record<string, string | string[]>;

function unescape(text: string): string {
  return text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&amp;', '&');
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? unescape(match[1]!) : null;
}

function add(fields: FormFields, name: string, value: string): void {
  const current = fields[name];
  fields[name] = current === undefined ? value : [current, value].flat();
}

/** The fields of the first form whose opening tag and content match `pick`. */
export function formFields(html: string, pick: (form: string) => boolean): FormFields {
  const forms = [...html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/g)].map((match) => match[0]);
  const form = forms.find(pick);
  if (!form) throw new Error('no such form on the page');
  const fields: FormFields = {};
  const controls = /<input\b[^>]*>|<textarea\b[^>]*>([\s\S]*?)<\/textarea>|<select\b[^>]*>([\s\S]*?)<\/select>/g;
  for (const match of form.matchAll(controls)) {
    const tag = match[0];
    const name = attribute(tag, 'name');
    if (name === null) continue;
    if (tag.startsWith('<input')) {
      const type = attribute(tag, 'type') ?? 'text';
      if (type === 'file' || type === 'submit') continue;
      if ((type === 'checkbox' || type === 'radio') && !/\schecked[\s>]/.test(tag)) continue;
      add(fields, name, attribute(tag, 'value') ?? (type === 'checkbox' ? 'on' : ''));
    } else if (tag.startsWith('<textarea')) {
      add(fields, name, unescape(match[1]!.replace(/^\n/, '')));
    } else {
      const options = [...match[2]!.matchAll(/<option\b[^>]*>/g)].map((option) => option[0]);
      const chosen = options.find((option) => /\sselected[\s>]/.test(option)) ?? options[0];
      if (chosen) add(fields, name, attribute(chosen, 'value') ?? '');
    }
  }
  return fields;
}

/** A translation's edit form on an entry page. */
export function editForm(html: string, language = 'en'): FormFields {
  return formFields(html, (form) => form.includes('class="editor"') && form.includes(`name="language" value="${language}"`));
}
