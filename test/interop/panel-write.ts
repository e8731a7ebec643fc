// A write made through the panel, as a person makes it: sign in with the real form, open the entry, change
// its body in the English edit form and save. For `make interop`'s listening clients, which must be told.
import { csrfOf, get, post, signIn, type PanelHarness } from '../helpers/panel-harness.ts';
import { editForm } from '../helpers/panel-forms.ts';

export async function writeThroughPanel(base: string, email: string, password: string, id: string, body: string): Promise<void> {
  const panel = { url: base } as PanelHarness;
  const jar = await signIn(panel, email, password);
  const page = await get(panel, `/svc/panel/entries/${id}`, jar);
  const saved = await post(panel, '/svc/panel/entries/save', { ...editForm(page.text), csrf: csrfOf(page.text), body }, jar);
  if (saved.res.status !== 303) throw new Error(`the panel answered ${saved.res.status} to the save of ${id}`);
}
