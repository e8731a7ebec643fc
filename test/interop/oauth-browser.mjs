// The person's browser in the OAuth interop runs: a cookie jar, manual redirects, the panel's sign-in
// form and the consent form. Plain JavaScript so the SDK client script can use it from its scratch folder.

export class Browser {
  constructor() { this.cookies = new Map(); }

  async request(url, init = {}) {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers ?? {}), cookie } });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      if (/Max-Age=0/.test(line)) this.cookies.delete(pair.slice(0, eq));
      else this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return { res, text: await res.text() };
  }

  post(url, form) {
    return this.request(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
  }
}

function hiddenFields(html) {
  const form = new URLSearchParams();
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    form.append(m[1], m[2].replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
  }
  return form;
}

/**
 * Opens an authorization URL, signs in to the panel when sent there, allows the ticked rights on the
 * consent page, and returns the URL the browser is sent back to (the client's callback) with the rights.
 */
export async function actAsPerson(browser, { base, email, password, url }) {
  let { res, text } = await browser.request(url);
  if (res.status === 303 && res.headers.get('location').startsWith('/svc/panel/sign-in')) {
    const signInPage = await browser.request(new URL(res.headers.get('location'), base));
    const form = hiddenFields(signInPage.text);
    form.set('email', email);
    form.set('password', password);
    ({ res } = await browser.post(`${base}/svc/panel/sign-in`, form));
    if (res.status !== 303) throw new Error(`sign-in answered ${res.status}`);
    ({ res, text } = await browser.request(new URL(res.headers.get('location'), base)));
  }
  if (res.status !== 200) throw new Error(`the consent page answered ${res.status}: ${text.slice(0, 200)}`);
  const consent = hiddenFields(text);
  const rights = [...text.matchAll(/name="grant" value="([^"]+)" checked>/g)].map((m) => m[1]);
  for (const scope of rights) consent.append('grant', scope);
  consent.set('decision', 'allow');
  ({ res } = await browser.post(`${base}/svc/oauth/authorize`, consent));
  if (res.status !== 303) throw new Error(`the consent form answered ${res.status}`);
  return { callback: new URL(res.headers.get('location')), rights, clientNameShown: /<h1>Connect “([^”]*)”\?<\/h1>/.exec(text)?.[1] };
}
